// A drag on the board outside every screen draws nothing; instead of doing nothing silently,
// it says where drawing goes. Panning (touch, space, the middle button) is left alone.

/** How far (CSS pixels) a press travels before it counts as drawing. */
const TRAVEL = 6;

/**
 * @param {HTMLElement} board the scrolling board
 * @param {{wouldDraw: () => boolean, hint: () => void}} actions wouldDraw: whether a drag on a
 *   screen would draw now (an editing tool, not a replay)
 */
export function bindOffScreenHint(board, { wouldDraw, hint }) {
  let press = null;
  board.addEventListener('pointerdown', (e) => {
    const onSomething = e.target.closest('.phone-frame, .preview, .screen-header, button, select, input');
    const pans = e.pointerType === 'touch' || e.button !== 0 || document.body.classList.contains('space-pan');
    press = !onSomething && !pans && !onScrollbar(board, e) && wouldDraw() ? { x: e.clientX, y: e.clientY } : null;
  });
  board.addEventListener('pointermove', (e) => {
    if (!press || Math.hypot(e.clientX - press.x, e.clientY - press.y) < TRAVEL) return;
    press = null;
    hint();
  });
  for (const type of ['pointerup', 'pointercancel']) board.addEventListener(type, () => { press = null; });
}

/** Whether the press is on the board's own scrollbars (dragging one scrolls, it does not draw). */
function onScrollbar(board, e) {
  const box = board.getBoundingClientRect();
  return e.clientX - box.left - board.clientLeft >= board.clientWidth || e.clientY - box.top - board.clientTop >= board.clientHeight;
}
