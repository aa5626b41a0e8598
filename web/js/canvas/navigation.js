// Infinite-canvas navigation on the board: Ctrl/Cmd+wheel and pinch zoom about the pointer,
// wheel and two-finger pan (the board scrolls natively), space+drag and middle-drag pan, and
// the zoom steps behind the `+`, `-`, `0`, `1` keys, and fitting a rectangle (the `2` key). The view (zoom and scroll) is kept per
// session in localStorage so it survives results and reloads.

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
const STEP = 1.25;

/** Clamps a zoom to the supported range. */
export function clampZoom(zoom) { return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)); }

/** The next zoom step in or out from `zoom`. */
export function stepZoom(zoom, direction) { return clampZoom(direction > 0 ? zoom * STEP : zoom / STEP); }

/** Zoom per pixel of wheel delta: exp(-0.01 * delta), a trackpad pinch's natural rate. */
const ZOOM_PER_PIXEL = 0.01;
/** The largest delta one event counts: a mouse wheel notch (100 px or more) zooms by STEP, no more. */
const MAX_WHEEL_PIXELS = Math.log(STEP) / ZOOM_PER_PIXEL;

/**
 * The zoom factor for one wheel event. A trackpad pinch arrives as Ctrl+wheel with small deltas
 * and zooms in proportion to them; a mouse notch (a large delta) zooms by at most 1.25x.
 */
export function wheelFactor(deltaY, deltaMode) {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-Math.max(-MAX_WHEEL_PIXELS, Math.min(MAX_WHEEL_PIXELS, pixels)) * ZOOM_PER_PIXEL);
}

export class Navigator {
  /**
   * @param {import('./board.js').Board} board
   * @param {{zoomTo(zoom: number), fit(), pinchStarted?()}} actions zoomTo applies an explicit zoom
   *   and renders; pinchStarted lets the canvas drop the one-finger stroke the pinch began with
   */
  constructor(board, actions) {
    this.board = board;
    this.actions = actions;
    this.root = board.root;
    this.spaceDown = false;
    this.pan = null;
    this.touches = new Map();
    this.pinch = null;
    this.sessionKey = null;
    this.root.addEventListener('wheel', (e) => this.#wheel(e), { passive: false });
    this.root.addEventListener('pointerdown', (e) => this.#down(e), { capture: true });
    this.root.addEventListener('pointermove', (e) => this.#move(e), { capture: true });
    for (const type of ['pointerup', 'pointercancel']) this.root.addEventListener(type, (e) => this.#up(e), { capture: true });
    this.root.addEventListener('scroll', () => this.save(), { passive: true });
    addEventListener('keydown', (e) => {
      if (e.code === 'Space' && !typingTarget(e.target)) {
        this.spaceDown = true;
        document.body.classList.add('space-pan');
        if (e.target === document.body || e.target?.closest?.('.board')) e.preventDefault();
      }
    });
    addEventListener('keyup', (e) => {
      if (e.code === 'Space') { this.spaceDown = false; document.body.classList.remove('space-pan'); }
    });
  }

  /**
   * Zooms to `zoom` keeping the board point under (clientX, clientY) where it is; without a
   * point, about the middle of the visible board.
   */
  zoomAbout(zoom, clientX, clientY) {
    const rect = this.root.getBoundingClientRect();
    const x = clientX ?? rect.left + rect.width / 2;
    const y = clientY ?? rect.top + rect.height / 2;
    const anchor = this.#anchorView(x, y);
    const before = anchor?.toCanvas({ clientX: x, clientY: y });
    this.actions.zoomTo(clampZoom(zoom));
    if (!anchor) return;
    this.#place(anchor, before, x, y);
    this.save();
  }

  /**
   * Zooms so that `rect` (canvas points of `view`'s screen) fills most of the visible board, and
   * centres it: the `2` key, fit the selection.
   */
  fitRect(view, rect, margin = 48) {
    const board = this.root.getBoundingClientRect();
    const width = Math.max(rect.width, 40), height = Math.max(rect.height, 40);
    this.actions.zoomTo(clampZoom(Math.min((board.width - 2 * margin) / width, (board.height - 2 * margin) / height)));
    const frame = view.frame.getBoundingClientRect();
    const zoom = this.board.zoom;
    this.root.scrollLeft += frame.left + (rect.x + rect.width / 2) * zoom - (board.left + board.width / 2);
    this.root.scrollTop += frame.top + (rect.y + rect.height / 2) * zoom - (board.top + board.height / 2);
    this.save();
  }

  /** Remembers the view for this session (zoom is 'fit' or a number). */
  restore(sessionId, zoomSetting) {
    this.sessionKey = sessionId ? `sketchd.view.${sessionId}` : null;
    if (!this.sessionKey) return null;
    let stored = null;
    try { stored = JSON.parse(localStorage.getItem(this.sessionKey) ?? 'null'); } catch { stored = null; }
    this.zoomSetting = zoomSetting;
    return stored && (stored.zoom === 'fit' || Number.isFinite(stored.zoom)) ? stored : null;
  }

  /** Scrolls to a stored position (after the board has its size). */
  scrollTo(stored) {
    this.root.scrollLeft = stored.left ?? 0;
    this.root.scrollTop = stored.top ?? 0;
  }

  /** Stores the current zoom setting and scroll position. */
  save(zoomSetting = this.zoomSetting) {
    this.zoomSetting = zoomSetting;
    if (!this.sessionKey || zoomSetting === undefined) return;
    const view = { zoom: zoomSetting, left: Math.round(this.root.scrollLeft), top: Math.round(this.root.scrollTop) };
    try { localStorage.setItem(this.sessionKey, JSON.stringify(view)); } catch { /* storage full or denied: the view is a convenience */ }
  }

  #anchorView(x, y) {
    let best = null, bestDistance = Infinity;
    for (const view of this.board.views.values()) {
      const r = view.frame.getBoundingClientRect();
      const dx = Math.max(r.left - x, 0, x - r.right), dy = Math.max(r.top - y, 0, y - r.bottom);
      const distance = Math.hypot(dx, dy);
      if (distance < bestDistance) { best = view; bestDistance = distance; }
    }
    return best;
  }

  #wheel(e) {
    if (!(e.ctrlKey || e.metaKey)) return; // plain wheel and two-finger swipes scroll the board
    e.preventDefault();
    this.zoomAbout(this.board.zoom * wheelFactor(e.deltaY, e.deltaMode), e.clientX, e.clientY);
  }

  #down(e) {
    if (e.pointerType === 'touch') {
      this.touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (this.touches.size === 2) {
        // Two fingers: the canvas point under their middle follows the middle (pan) while the
        // zoom follows their distance (pinch). A one-finger stroke or pan they began is dropped.
        this.#endPan();
        const [a, b] = [...this.touches.values()];
        const [x, y] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        const view = this.#anchorView(x, y);
        this.pinch = { distance: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, zoom: this.board.zoom, view, point: view?.toCanvas({ clientX: x, clientY: y }) };
        this.actions.pinchStarted?.();
        e.preventDefault();
        e.stopPropagation();
        return;
      }
    }
    const middle = e.pointerType === 'mouse' && e.button === 1;
    // One finger off every screen pans the board (touch-action: none leaves panning to us).
    const boardTouch = e.pointerType === 'touch' && !e.target.closest?.('.phone-frame, button, select, input');
    if (!middle && !this.spaceDown && !boardTouch) return;
    if (!boardTouch) e.preventDefault();
    e.stopPropagation(); // the canvas does not draw
    this.pan = { pointerId: e.pointerId, x: e.clientX, y: e.clientY };
    try { this.root.setPointerCapture(e.pointerId); } catch { /* synthetic events have no capture */ }
    document.body.classList.add('panning');
  }

  #move(e) {
    if (this.touches.has(e.pointerId)) this.touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (this.pinch && this.touches.size === 2) {
      const [a, b] = [...this.touches.values()];
      const zoom = clampZoom(this.pinch.zoom * Math.hypot(a[0] - b[0], a[1] - b[1]) / this.pinch.distance);
      if (zoom !== this.board.zoom) this.actions.zoomTo(zoom);
      if (this.pinch.view) this.#place(this.pinch.view, this.pinch.point, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      e.stopPropagation();
      return;
    }
    if (!this.pan || this.pan.pointerId !== e.pointerId) return;
    e.stopPropagation();
    this.root.scrollLeft -= e.clientX - this.pan.x;
    this.root.scrollTop -= e.clientY - this.pan.y;
    this.pan.x = e.clientX;
    this.pan.y = e.clientY;
  }

  #up(e) {
    this.touches.delete(e.pointerId);
    if (this.touches.size < 2 && this.pinch) { this.pinch = null; this.save(); }
    if (!this.pan || this.pan.pointerId !== e.pointerId) return;
    e.stopPropagation();
    this.#endPan();
    this.save();
  }

  #endPan() {
    this.pan = null;
    document.body.classList.remove('panning');
  }

  /** Scrolls so that canvas `point` of `view` lies under the client point (x, y). */
  #place(view, point, x, y) {
    const frame = view.frame.getBoundingClientRect();
    this.root.scrollLeft += frame.left + point[0] * this.board.zoom - x;
    this.root.scrollTop += frame.top + point[1] * this.board.zoom - y;
  }
}

function typingTarget(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName));
}
