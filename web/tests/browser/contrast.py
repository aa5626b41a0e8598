"""WCAG contrast of the text a person sees, measured in the page from computed styles.

`low_contrast(driver, selector)` returns every visible text inside the element(s) matching
`selector` whose contrast against its effective background is under 4.5:1 (WCAG AA for body
text). The effective background is found by walking up the ancestors and compositing their
background colours (alpha included) over the page; `opacity` of the text and its ancestors
fades the text into that background. Disabled controls are exempt (WCAG 1.4.3), and so is the
preview of the generated app (`.pv-phone`): it shows the person's own theme as iOS would; the
marks of a read text shown as a guess (`.guess-mark`) in it are the page's and are checked.
"""

LOW_CONTRAST_JS = r"""
const [selector, minimum] = arguments;
const parse = (css) => {
  const m = css.match(/rgba?\(([^)]+)\)/);
  if (!m) return null;
  const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
};
const over = (top, bottom) => {  // top (with alpha) composited over an opaque bottom
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
};
const luminance = ([r, g, b]) => {
  const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const pageBackground = () => {
  const root = parse(getComputedStyle(document.documentElement).backgroundColor);
  return root && root[3] > 0 ? over(root, [255, 255, 255, 1]) : [255, 255, 255, 1];
};
const background = (node) => {
  const layers = [];
  for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let color = layers.length && layers.at(-1)[3] >= 1 ? layers.pop() : pageBackground();
  for (const layer of layers.reverse()) color = over(layer, color);
  return color;
};
const opacity = (node) => { let o = 1; for (let n = node; n && n.nodeType === 1; n = n.parentElement) o *= Number(getComputedStyle(n).opacity); return o; };
const visible = (node) => {
  if (!node.getClientRects().length) return false;
  const style = getComputedStyle(node);
  if (style.visibility !== 'visible') return false;
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && !(node.closest('.picker-label, .skip-link'));
};
const inApp = (node) => node.closest('.pv-phone') && !node.closest('.guess-mark');  // a guess's mark is the page's
const exempt = (node) => inApp(node) || node.closest('[aria-hidden=true] svg') || node.closest(':disabled') || node.matches(':disabled');
const describe = (node) => {
  let path = node.tagName.toLowerCase();
  if (node.id) path += '#' + node.id;
  else if (node.className && typeof node.className === 'string') path += '.' + node.className.trim().split(/\s+/).join('.');
  const parent = node.parentElement?.closest('[id]');
  return parent ? `#${parent.id} ${path}` : path;
};
const failures = [];
const check = (node, text, colorCss, pseudo) => {
  const fg = parse(colorCss);
  if (!fg) return;
  const bg = background(node);
  const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity(node)], bg);
  const r = ratio(shown, bg);
  if (r < minimum) failures.push({ element: describe(node) + (pseudo ?? ''), text: text.trim().slice(0, 40), ratio: Math.round(r * 100) / 100,
    color: colorCss, background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})` });
};
let checked = 0;
for (const root of document.querySelectorAll(selector)) {
  for (const node of [root, ...root.querySelectorAll('*')]) {
    if (!visible(node) || exempt(node)) continue;
    const own = [...node.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join('');
    if (own.trim()) { check(node, own, getComputedStyle(node).color); checked++; }
    if (['INPUT', 'SELECT'].includes(node.tagName) && node.type !== 'color' && node.type !== 'checkbox' && node.type !== 'range' && node.value) {
      check(node, node.value, getComputedStyle(node).color); checked++;
    }
    const after = getComputedStyle(node, '::after');
    if (after.content && after.content !== 'none' && after.content !== 'normal' && after.content.replace(/"/g, '').trim()) {
      check(node, after.content, after.color, '::after'); checked++;
    }
  }
}
return { checked, failures };
"""


def low_contrast(driver, selector, minimum=4.5):
    """{checked: number of texts measured, failures: [...]} for the texts inside `selector`."""
    return driver.execute_script(LOW_CONTRAST_JS, selector, minimum)
