// Keyboard shortcuts: undo (Ctrl/Cmd+Z), redo (Shift+Ctrl/Cmd+Z, Ctrl+Y), tools (P, E, V, L),
// debug view (D), legend (?), zoom (+, -, 0 for 100%, 1 to fit every screen), Escape. Ignored
// while typing in a text field; a focused select (Width, Zoom) does not swallow them.

const TOOL_KEYS = { p: 'pen', e: 'eraser', v: 'select', l: 'lasso' };

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName));
}

/** @param {{undo, redo, tool, debug, legend, escape, zoomIn, zoomOut, zoomActual, fitAll}} actions */
export function bindShortcuts(actions) {
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { actions.escape(); return; }
    if (typing(e.target) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (e.ctrlKey || e.metaKey) {
      if (key === 'z' && !e.shiftKey) { e.preventDefault(); actions.undo(); }
      else if ((key === 'z' && e.shiftKey) || key === 'y') { e.preventDefault(); actions.redo(); }
      return;
    }
    if (document.querySelector('dialog[open]')) return;
    const zoomKey = { '+': actions.zoomIn, '=': actions.zoomIn, '-': actions.zoomOut, '0': actions.zoomActual, '1': actions.fitAll }[e.key];
    if (zoomKey) { e.preventDefault(); zoomKey(); return; }
    const action = TOOL_KEYS[key] ? () => actions.tool(TOOL_KEYS[key])
      : key === 'd' ? actions.debug
      : e.key === '?' ? actions.legend : null;
    if (!action) return;
    if (e.target instanceof HTMLSelectElement) e.preventDefault(); // no type-ahead: the key is a shortcut
    action();
  });
}
