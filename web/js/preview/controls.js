// Native-looking iOS controls for the preview wireframe, one renderer per NOTATION type.
// Each returns a DOM node sized from the element's frame.

import { symbolSvg } from './symbols.js';
import { textOwner } from './read-text.js';
import { markGuesses } from './guess-mark.js';
import { textStyleOfLabel } from './theme-tokens.js';

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor';

function div(className, text) {
  const node = document.createElement('div');
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The element's own text, or the text of its first descendant that has one. */
const textOf = (element) => textOwner(element)?.text ?? null;

/** A toggle's or checkbox's state as the code's `@State` starts it (off when unknown). */
const isOn = (element) => element.preview?.isOn ?? element.isOn ?? false;

/** The row of a switch or checkbox: its title unless a label on its row titles it (`titledBy`). */
function switchRow(e, className, control, titleFirst) {
  const row = div(className);
  if (e.preview?.titledBy) {
    row.classList.add('titled-by-label');
    row.append(control);
    return row;
  }
  const title = div('ios-row-label', shown(e, e.text ?? 'Option'));
  if (titleFirst) row.append(title, control);
  else row.append(control, title);
  return row;
}

/** The string the generated code shows for an element (its blueprint `preview`), else `fallback`. */
function shown(element, fallback, index = 0) {
  const preview = element.preview;
  // A control a row label titles sits in `LabeledContent`: its strings start with that title,
  // which the label shows. A switch or checkbox takes the title itself and does not repeat it.
  const titleFirst = preview?.titledBy && !SELF_TITLED.has(preview.control) ? 1 : 0;
  return preview?.strings?.[index + titleFirst] ?? fallback;
}

/** Controls that take a row label's title as their own (`Toggle("Title", isOn:)`). */
const SELF_TITLED = new Set(['toggle', 'checkbox']);

/** The preview renderer for the blueprint's control kind (the daemon's `preview.control`). */
const RENDERER_OF_CONTROL = { text: 'label', secureField: 'textField', segmented: 'segmentedControl', card: 'container' };

/** A node in one of the theme's text styles (`.font(Theme.title)`); preview.css sizes each. */
function styled(node, style) {
  node.classList.add(`text-${style}`);
  return node;
}

function childOfType(element, type) {
  return (element.children ?? []).find((c) => c.type === type);
}

/** A list row as the generated `List` writes it: picture, symbol, title and subtitle, switch. */
function codeRow(row) {
  const cell = div('ios-list-row');
  if (row.picture) cell.append(symbolSvg(row.picture === 'avatar' ? 'person' : 'photo', 28));
  if (row.symbol) cell.append(symbolSvg(row.symbol, 20));
  const text = div('ios-row-text');
  text.append(div('ios-row-label', row.title));
  // A row with a subtitle sets both in the theme's body and caption; a plain row's title is unstyled.
  if (row.subtitle != null) {
    styled(text.lastChild, 'body');
    text.append(styled(div('ios-row-subtitle', row.subtitle), 'caption'));
  }
  cell.append(text);
  if (row.isOn != null) {
    const knob = div(`ios-toggle${row.isOn ? ' on' : ''}`);
    knob.append(div('knob'));
    cell.append(knob);
  } else {
    cell.append(symbolSvg('chevron.right', 14));
  }
  return cell;
}

const RENDERERS = {
  label(e) {
    const lines = Math.max(1, Math.round(e.frame.height / 28));
    // Placeholder text until the person types the real text, as in the generated code.
    const node = div('ios-label', shown(e, e.text ?? (lines > 1 ? LOREM : 'Lorem ipsum dolor')));
    node.style.webkitLineClamp = String(lines);
    if (!e.text) node.classList.add('placeholder-text');
    // A label that titles the control on its row is that control's title, in the system font.
    return e.preview?.control === 'title' ? node : styled(node, textStyleOfLabel(e.frame.height));
  },
  button(e) {
    // The code gives every button with a title `.borderedProminent` in the theme's corner radius.
    const prominent = e.preview ? e.preview.strings?.[0] != null : e.frame.width >= e.frame.height * 2.5 && e.frame.height >= 30;
    const node = div(prominent ? 'ios-button prominent' : 'ios-button plain');
    const icon = childOfType(e, 'icon');
    const title = e.preview ? e.preview.strings?.[0] : textOf(e) ?? 'Button';
    const symbol = e.preview ? e.preview.symbol : icon?.symbol;
    if (symbol && !title) node.append(symbolSvg(symbol));
    else node.append(title ?? 'Button');
    return node;
  },
  image() {
    const node = styled(div('ios-image'), 'largeTitle'); // the photo symbol in `Theme.largeTitle`
    node.append(symbolSvg('photo', 32));
    return node;
  },
  textField(e) { return div('ios-textfield', shown(e, e.text ?? 'Text')); },
  toggle(e) {
    const knob = div(`ios-toggle${isOn(e) ? ' on' : ''}`);
    knob.append(div('knob'));
    return switchRow(e, 'ios-toggle-row', knob, true);
  },
  checkbox(e) {
    const box = div(`ios-checkbox${isOn(e) ? ' on' : ''}`);
    if (isOn(e)) box.append(symbolSvg('checkmark', 16));
    return switchRow(e, 'ios-checkbox-row', box, false);
  },
  slider() {
    const node = div('ios-slider');
    node.append(div('track'), div('fill'), div('thumb'));
    return node;
  },
  picker(e) {
    const node = div('ios-picker');
    // A menu picker titled by its row's label shows its selection only (LabeledContent).
    if (e.preview?.titledBy) node.classList.add('titled-by-label');
    else node.append(div('ios-row-label', shown(e, e.text ?? 'Choose')));
    node.append(div('value', shown(e, 'Option', 1)));
    node.lastChild.append(symbolSvg('chevron.down', 14));
    return node;
  },
  segmentedControl(e) {
    const node = div('ios-segmented');
    const count = Math.max(2, e.segments ?? (e.children?.length || 2));
    for (let i = 0; i < count; i++) {
      const fallback = e.children?.[i] ? (textOf(e.children[i]) ?? `Item ${i + 1}`) : `Item ${i + 1}`;
      node.append(div(i === 0 ? 'segment selected' : 'segment', shown(e, fallback, i)));
    }
    return node;
  },
  icon(e) {
    const node = styled(div('ios-icon'), 'body'); // the symbol in `Theme.body`
    node.append(symbolSvg(e.symbol ?? 'circle'));
    return node;
  },
  avatar() {
    const node = div('ios-avatar');
    node.append(symbolSvg('person', 28));
    return node;
  },
  navigationBar(e) {
    const bar = div('ios-navbar');
    const byRole = (role) => (e.children ?? []).find((c) => c.role === role);
    const leading = div('leading');
    const trailing = div('trailing');
    if (e.preview) {
      // The bar buttons the code writes: a symbol, else the title.
      for (const [slot, item] of [[leading, e.preview.leading], [trailing, e.preview.trailing]]) {
        if (item) slot.append(item.symbol ? symbolSvg(item.symbol, 20) : item.title);
      }
    } else {
      if (byRole('leading')) { leading.append(symbolSvg('chevron.left', 20), 'Back'); }
      const trailingItem = byRole('trailing');
      if (trailingItem) trailing.append(trailingItem.symbol ? symbolSvg(trailingItem.symbol, 20) : (textOf(trailingItem) ?? 'Done'));
    }
    const titleItem = byRole('title');
    bar.append(leading, div('title', shown(e, titleItem ? (textOf(titleItem) ?? 'Title') : (e.text ?? 'Title'))), trailing);
    return bar;
  },
  tabBar(e) {
    const bar = div('ios-tabbar');
    const items = (e.children ?? []).length ? e.children : Array.from({ length: e.segments ?? 3 }, () => ({}));
    items.forEach((item, i) => {
      const tab = div(i === 0 ? 'tab selected' : 'tab');
      tab.append(symbolSvg(item.symbol ?? (i === 0 ? 'house.fill' : 'circle'), 22), div('tab-title', shown(e, textOf(item) ?? `Tab ${i + 1}`, i)));
      bar.append(tab);
    });
    return bar;
  },
  list(e, render) {
    const list = div('ios-list');
    if (e.preview?.rows) {
      for (const row of e.preview.rows) list.append(codeRow(row));
      return list;
    }
    const rows = (e.children ?? []).length ? e.children : [{}, {}, {}];
    for (const row of rows) {
      const cell = div('ios-list-row');
      if (row.type && row.type !== 'label') cell.append(render(row, { inList: true }));
      else cell.append(div('ios-row-label', row.text ?? 'Row'));
      cell.append(symbolSvg('chevron.right', 14));
      list.append(cell);
    }
    return list;
  },
  divider() { return div('ios-divider'); },
  container(e, render) {
    const card = div('ios-container');
    for (const child of e.children ?? []) {
      const node = render(child);
      node.style.position = 'absolute';
      node.style.left = `${child.frame.x - e.frame.x}px`;
      node.style.top = `${child.frame.y - e.frame.y}px`;
      card.append(node);
    }
    return card;
  },
  pageControl(e) {
    const node = div('ios-pagecontrol');
    const count = Math.max(3, e.segments ?? 3);
    for (let i = 0; i < count; i++) node.append(div(i === 0 ? 'dot current' : 'dot'));
    return node;
  },
};

/** Types whose preview fills the element's drawn height. */
const FIXED_HEIGHT = new Set(['image', 'container', 'list', 'avatar', 'button', 'textField', 'label']);

/**
 * Renders an element (and what it holds) as a preview control.
 * @param {object} element
 * @param {{screenWidth: number, onPick?: (element: object) => void, guessActions?: import('./guess-mark.js').GuessActions}} context
 */
export function renderControl(element, context) {
  const render = (child, options = {}) => renderControl(child, { ...context, ...options, nested: true });
  const control = element.preview?.control;
  const renderer = RENDERERS[RENDERER_OF_CONTROL[control] ?? control] ?? RENDERERS[element.type] ?? RENDERERS.container;
  const node = renderer(element, render);
  node.classList.add('pv-element');
  node.dataset.elementId = element.id;
  node.dataset.type = element.type;
  markGuesses(node, element, context.onPick ? context.guessActions : null);
  const tint = element.preview ? element.preview.color : element.color;
  if (tint && ['button', 'label', 'icon', 'toggle', 'checkbox', 'slider'].includes(element.type)) {
    node.style.setProperty('--tint', tint);
  }
  const { frame } = element;
  const fullWidth = frame.width >= context.screenWidth * 0.8;
  if (!context.inList) {
    if (fullWidth || element.type === 'navigationBar' || element.type === 'tabBar') node.style.alignSelf = 'stretch';
    else if (element.type !== 'label') node.style.width = `${Math.max(12, frame.width)}px`; // Text sizes to its text
    if (FIXED_HEIGHT.has(element.type)) node.style.minHeight = `${Math.max(element.type === 'label' ? 16 : 28, frame.height)}px`;
  }
  if (!context.nested && context.onPick) {
    node.tabIndex = 0;
    node.setAttribute('role', 'button');
    node.setAttribute('aria-label', `${element.type}${element.corrected ? ' (corrected)' : ''}, ${Math.round((element.confidence ?? 0) * 100)}% sure. Press Enter to correct it.`);
    node.addEventListener('click', (ev) => { ev.stopPropagation(); context.onPick(element, node); });
    node.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); context.onPick(element, node); }
    });
  }
  return node;
}
