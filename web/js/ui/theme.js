// Light and dark: the page follows prefers-color-scheme until the toggle pins one, which is
// remembered in this browser. The CSS does the rest through `color-scheme` and light-dark().

const KEY = 'sketchd.theme';
const systemDark = () => matchMedia('(prefers-color-scheme: dark)').matches;

/** The theme in effect: 'light' or 'dark'. */
export function currentTheme() {
  return document.documentElement.dataset.theme ?? (systemDark() ? 'dark' : 'light');
}

/** Applies the remembered theme and makes `button` switch between light and dark. */
export function bindThemeToggle(button) {
  let stored = null;
  try { stored = localStorage.getItem(KEY); } catch { stored = null; }
  if (stored === 'light' || stored === 'dark') document.documentElement.dataset.theme = stored;
  const label = () => {
    const dark = currentTheme() === 'dark';
    button.textContent = dark ? '☀ Light' : '☾ Dark';
    button.setAttribute('aria-pressed', String(dark));
  };
  button.addEventListener('click', () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try { localStorage.setItem(KEY, next); } catch { /* the choice lasts for this page only */ }
    label();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', label);
  label();
}
