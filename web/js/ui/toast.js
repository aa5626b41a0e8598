// Short messages at the bottom of the page that go away by themselves.

/** Shows `text` for a few seconds in the toast region. */
export function toast(text, { kind = 'info', ms = 4000 } = {}) {
  const region = document.getElementById('toasts');
  if (!region) return;
  const node = document.createElement('div');
  node.className = `toast ${kind}`;
  node.textContent = text;
  region.append(node);
  setTimeout(() => node.remove(), ms);
}
