// Keyboard shortcuts: undo (Ctrl/Cmd+Z), redo (Shift+Ctrl/Cmd+Z, Ctrl+Y), tools (P, E, V, L),
// debug view (D), legend (?), zoom (+, -, 0 for 100%, 1 to fit every screen, 2 to fit the
// selection), Escape, and on the selection: arrows nudge (Shift: 10 points), Delete/Backspace
// erase, Ctrl/Cmd+A select all, Ctrl/Cmd+C, V and D copy, paste and duplicate. Ignored while
// typing in a text field; a focused select (Width, Zoom) does not swallow them.

const TOOL_KEYS = { p: 'pen', e: 'eraser', v: 'select', l: 'lasso' };
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName));
}

/** Whether the person has text selected on the page (then Ctrl/Cmd+C and A are the browser's). */
function textSelected(target) {
  return !(getSelection()?.isCollapsed ?? true) || (target instanceof Element && target.closest('#code-panel') !== null);
}

/**
 * @param {{undo, redo, tool, debug, legend, escape, zoomIn, zoomOut, zoomActual, fitAll, selection}} actions
 *   `selection` holds {selectAll, nudge(dx, dy), erase, copy, paste, duplicate, fit}, each returning
 *   whether it acted (a key it did not use keeps its default)
 */
export function bindShortcuts(actions) {
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { actions.escape(); return; }
    if (typing(e.target) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (e.ctrlKey || e.metaKey) {
      if (key === 'z' && !e.shiftKey) { e.preventDefault(); actions.undo(); }
      else if ((key === 'z' && e.shiftKey) || key === 'y') { e.preventDefault(); actions.redo(); }
      else if (key === 'a' && !textSelected(e.target) && actions.selection.selectAll()) e.preventDefault();
      else if (key === 'c' && !textSelected(e.target) && actions.selection.copy()) e.preventDefault();
      else if (key === 'v' && actions.selection.paste()) e.preventDefault();
      else if (key === 'd') { e.preventDefault(); actions.selection.duplicate(); } // never the bookmark dialog
      return;
    }
    if (document.querySelector('dialog[open]')) return;
    const zoomKey = { '+': actions.zoomIn, '=': actions.zoomIn, '-': actions.zoomOut, '0': actions.zoomActual, '1': actions.fitAll }[e.key];
    if (zoomKey) { e.preventDefault(); zoomKey(); return; }
    const arrow = ARROWS[e.key];
    const step = e.shiftKey ? 10 : 1;
    const used = arrow ? actions.selection.nudge(arrow[0] * step, arrow[1] * step)
      : e.key === 'Delete' || e.key === 'Backspace' ? actions.selection.erase()
      : e.key === '2' ? actions.selection.fit() : false;
    if (used) { e.preventDefault(); return; }
    const action = TOOL_KEYS[key] ? () => actions.tool(TOOL_KEYS[key])
      : key === 'd' ? actions.debug
      : e.key === '?' ? actions.legend : null;
    if (!action) return;
    if (e.target instanceof HTMLSelectElement) e.preventDefault(); // no type-ahead: the key is a shortcut
    action();
  });
}
