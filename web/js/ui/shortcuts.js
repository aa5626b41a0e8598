// Keyboard shortcuts: undo (Ctrl/Cmd+Z), redo (Shift+Ctrl/Cmd+Z, Ctrl+Y), tools (P, E, V, L),
// debug view (D), legend (?), Escape. Ignored while typing in a field.

const TOOL_KEYS = { p: 'pen', e: 'eraser', v: 'select', l: 'lasso' };

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** @param {{undo, redo, tool, debug, legend, escape}} actions */
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
    if (TOOL_KEYS[key]) actions.tool(TOOL_KEYS[key]);
    else if (key === 'd') actions.debug();
    else if (e.key === '?') actions.legend();
  });
}
