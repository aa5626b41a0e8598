// Pointer input on a screen: pen (pressure-sensitive, smoothed, drawn the moment samples
// arrive), eraser, select (press on strokes or an element to select and drag them, on empty
// canvas to draw a marquee; a tap on an element opens its corrections) and lasso. Works with pen, touch and mouse; a
// pen's eraser end erases. Nothing here waits for the network: finished gestures go to the
// callbacks, which queue ops.

import { Streamline, strokeHit } from '../ink/smoothing.js';
import { drawPieces, drawTail } from '../ink/draw.js';

const INK_FLUSH_MS = 30;
const MAX_POINTS = 10_000;
const ERASER_RADIUS = 10;
const PALM_WINDOW_MS = 3000;
/** A select press that travels less than this (canvas points) is a tap, not a drag. */
const TAP_SLOP = 4;

const canonical = (v) => Math.round(v * 8) / 8;

/**
 * @typedef {object} InputCallbacks
 * @property {() => {tool: string, color: string, width: number, enabled: boolean}} tools
 * @property {() => string} newStrokeId
 * @property {() => number} clock milliseconds for point time stamps
 * @property {(screenId: string, stroke: object) => void} strokeEnd
 * @property {(screenId: string, strokeId: string, points: number[][], color: string, width: number) => void} ink
 * @property {(screenId: string) => object[]} liveStrokes
 * @property {(ids: Set<string>) => void} erasePreview
 * @property {(screenId: string, ids: string[]) => void} erase
 * @property {(screenId: string, x: number, y: number, event: PointerEvent) => void} select a tap
 * @property {(screenId: string, x: number, y: number, add: boolean) => ('move' | 'marquee')} selectStart
 *   a press with the select tool: selects what is under it ('move': a drag moves the selection)
 *   or nothing ('marquee': a drag draws a selection rectangle)
 * @property {(dx: number, dy: number) => void} dragPreview the selection follows the pointer
 * @property {(dx: number, dy: number) => void} dragEnd the drag ended (one move op)
 * @property {(screenId: string, from: number[], to: number[], add: boolean) => void} marquee
 * @property {(screenId: string, polygon: number[][]) => void} lasso
 * @property {(screenId: string, x: number, y: number) => void} presence
 * @property {() => void} refused a gesture began where drawing is not allowed (view-only, replay)
 */

export class CanvasInput {
  /** @param {InputCallbacks} callbacks */
  constructor(callbacks) {
    this.callbacks = callbacks;
    this.gesture = null;
  }

  /** Listens on a ScreenView's frame. */
  attach(view) {
    const frame = view.frame;
    frame.addEventListener('pointerdown', (e) => this.#down(view, e));
    frame.addEventListener('pointermove', (e) => this.#move(view, e));
    frame.addEventListener('pointerup', (e) => this.#up(view, e));
    frame.addEventListener('pointercancel', (e) => this.#up(view, e));
    frame.addEventListener('lostpointercapture', (e) => { if (this.gesture?.pointerId === e.pointerId) this.#up(view, e); });
  }

  #point(view, e) {
    const [x, y] = view.toCanvas(e);
    const point = [canonical(x), canonical(y), Math.max(0, Math.round(this.callbacks.clock()))];
    if (e.pointerType === 'pen' && e.pressure > 0) point.push(Math.round(e.pressure * 255) / 255);
    return point;
  }

  #down(view, e) {
    const tools = this.callbacks.tools();
    if (e.pointerType === 'pen') this.penSeenAt = performance.now();
    if (this.gesture) return;
    if (!tools.enabled) { this.callbacks.refused(); return; }
    // Palm rejection: while a pen is in use, a resting hand's touches do not draw.
    if (e.pointerType === 'touch' && performance.now() - (this.penSeenAt ?? -Infinity) < PALM_WINDOW_MS) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault();
    try { view.frame.setPointerCapture(e.pointerId); } catch { /* synthetic events have no capture */ }
    const tool = (e.buttons & 32) ? 'eraser' : tools.tool;
    const point = this.#point(view, e);
    const gesture = { pointerId: e.pointerId, tool, view, start: point, moved: 0, touch: e.pointerType === 'touch' };
    this.gesture = gesture;
    if (tool === 'pen') this.#beginStroke(gesture, point, tools);
    else if (tool === 'eraser') { gesture.erased = new Set(); this.#eraseAt(gesture, point); }
    else if (tool === 'lasso') { gesture.polygon = [point]; }
    else if (tool === 'select') {
      gesture.add = e.shiftKey;
      gesture.mode = this.callbacks.selectStart(view.screen.id, point[0], point[1], e.shiftKey);
    }
  }

  #beginStroke(gesture, point, tools) {
    gesture.stroke = { id: this.callbacks.newStrokeId(), points: [point], color: tools.color, width: tools.width, screen: gesture.view.screen.id };
    gesture.streamline = new Streamline();
    gesture.smoothed = [gesture.streamline.push(point)];
    gesture.sentCount = 0;
    gesture.lastFlush = performance.now();
    const ctx = gesture.view.penCtx;
    drawTail(ctx, gesture.smoothed, tools.color, tools.width);
  }

  #move(view, e) {
    if (e.pointerType === 'pen') this.penSeenAt = performance.now();
    const gesture = this.gesture;
    if (!gesture || gesture.pointerId !== e.pointerId) {
      if (!this.gesture) {
        const [x, y] = view.toCanvas(e);
        this.callbacks.presence(view.screen.id, x, y);
      }
      return;
    }
    e.preventDefault();
    const samples = e.getCoalescedEvents?.() ?? [];
    for (const sample of samples.length ? samples : [e]) this.#sample(gesture, this.#point(view, sample));
    const [x, y] = view.toCanvas(e);
    this.callbacks.presence(view.screen.id, x, y);
    if (gesture.tool === 'pen' && performance.now() - gesture.lastFlush >= INK_FLUSH_MS) this.#flushInk(gesture);
  }

  #sample(gesture, point) {
    const last = gesture.lastPoint ?? gesture.start;
    gesture.moved += Math.hypot(point[0] - last[0], point[1] - last[1]);
    gesture.lastPoint = point;
    switch (gesture.tool) {
      case 'pen': {
        const stroke = gesture.stroke;
        const prev = stroke.points[stroke.points.length - 1];
        if (prev[0] === point[0] && prev[1] === point[1]) return;
        if (stroke.points.length >= MAX_POINTS) {
          // One stroke may hold 10,000 points: finish it and go on with a new one seamlessly.
          this.#finishStroke(gesture);
          this.#beginStroke(gesture, prev, this.callbacks.tools());
        }
        gesture.stroke.points.push(point);
        gesture.smoothed.push(gesture.streamline.push(point));
        drawPieces(gesture.view.penCtx, gesture.smoothed, gesture.smoothed.length - 1, gesture.stroke.color, gesture.stroke.width);
        return;
      }
      case 'eraser': this.#eraseAt(gesture, point); return;
      case 'lasso': this.#drawLasso(gesture, point); return;
      case 'select': this.#dragSelect(gesture, point); return;
      default: return;
    }
  }

  #flushInk(gesture) {
    const stroke = gesture.stroke;
    const fresh = stroke.points.slice(gesture.sentCount);
    gesture.lastFlush = performance.now();
    if (!fresh.length) return;
    gesture.sentCount = stroke.points.length;
    this.callbacks.ink(stroke.screen, stroke.id, fresh, stroke.color, stroke.width);
  }

  #finishStroke(gesture) {
    this.#flushInk(gesture);
    const stroke = gesture.stroke;
    this.callbacks.strokeEnd(stroke.screen, stroke);
    gesture.view.clearPen();
  }

  #eraseAt(gesture, point) {
    const view = gesture.view;
    const [x, y] = point;
    let changed = false;
    for (const stroke of this.callbacks.liveStrokes(view.screen.id)) {
      if (!gesture.erased.has(stroke.id) && strokeHit(stroke, x, y, ERASER_RADIUS)) {
        gesture.erased.add(stroke.id);
        changed = true;
      }
    }
    if (changed) this.callbacks.erasePreview(gesture.erased);
    view.clearPen();
    const ctx = view.penCtx;
    ctx.beginPath();
    ctx.arc(x, y, ERASER_RADIUS, 0, Math.PI * 2);
    ctx.strokeStyle = 'rgba(90, 100, 110, 0.8)';
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  #drawLasso(gesture, point) {
    gesture.polygon.push(point);
    const ctx = gesture.view.penCtx;
    const [a, b] = [gesture.polygon[gesture.polygon.length - 2], point];
    ctx.save();
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = '#8250df';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.stroke();
    ctx.restore();
  }

  #dragSelect(gesture, point) {
    if (gesture.moved < TAP_SLOP) return;
    const [dx, dy] = [point[0] - gesture.start[0], point[1] - gesture.start[1]];
    if (gesture.mode === 'move') { this.callbacks.dragPreview(dx, dy); return; }
    const view = gesture.view;
    view.clearPen();
    const ctx = view.penCtx;
    ctx.save();
    ctx.setLineDash([5, 4]);
    ctx.strokeStyle = '#0969da';
    ctx.fillStyle = 'rgba(9, 105, 218, 0.08)';
    ctx.lineWidth = 1;
    ctx.fillRect(gesture.start[0], gesture.start[1], dx, dy);
    ctx.strokeRect(gesture.start[0], gesture.start[1], dx, dy);
    ctx.restore();
  }

  /** A second finger turned a one-finger touch gesture into a pinch: drop it, draw nothing. */
  cancelTouchGesture() {
    const gesture = this.gesture;
    if (!gesture?.touch) return;
    this.gesture = null;
    gesture.view.clearPen();
    if (gesture.tool === 'select' && gesture.mode === 'move') this.callbacks.dragPreview(0, 0);
  }

  #up(view, e) {
    const gesture = this.gesture;
    if (!gesture || gesture.pointerId !== e.pointerId) return;
    this.gesture = null;
    const screenId = view.screen.id;
    switch (gesture.tool) {
      case 'pen': {
        if (e.type === 'pointerup') {
          const point = this.#point(view, e);
          const last = gesture.stroke.points[gesture.stroke.points.length - 1];
          if (point[0] !== last[0] || point[1] !== last[1]) this.#sample(gesture, point);
        }
        this.#finishStroke(gesture);
        return;
      }
      case 'eraser':
        view.clearPen();
        if (gesture.erased.size) this.callbacks.erase(screenId, [...gesture.erased]);
        return;
      case 'lasso':
        view.clearPen();
        this.callbacks.lasso(screenId, gesture.polygon);
        return;
      case 'select': {
        view.clearPen();
        if (e.type !== 'pointerup' || gesture.moved < TAP_SLOP) {
          if (gesture.mode === 'move') this.callbacks.dragPreview(0, 0); // a cancelled drag moves nothing
          if (e.type === 'pointerup') this.callbacks.select(screenId, gesture.start[0], gesture.start[1], e);
          return;
        }
        const end = this.#point(view, e);
        if (gesture.mode === 'move') {
          this.callbacks.dragEnd(end[0] - gesture.start[0], end[1] - gesture.start[1]);
        } else {
          this.callbacks.marquee(screenId, gesture.start, end, gesture.add);
        }
        return;
      }
    }
  }
}
