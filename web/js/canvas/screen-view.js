// One screen on the board: its header (name, device, height), its phone frame holding three
// canvases (stored ink, peers' live ink, my live ink) plus layers for detected elements and
// cursors, and beside it the slot where its preview is drawn at the same scale.

import { drawStroke, sizeCanvas } from '../ink/draw.js';
import { DEVICES, deviceFor } from './devices.js';
import { shiftedStroke } from '../state/selection.js';

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

export class ScreenView {
  /**
   * @param {object} screen {id, name, width, height}
   * @param {object} actions {rename(id, name), resize(id, width, height)}
   */
  constructor(screen, actions) {
    this.screen = screen;
    this.actions = actions;
    this.scale = 1;
    this.renderedIds = [];
    this.renderKey = '';

    this.nameButton = el('button', { class: 'screen-name', type: 'button', title: 'Rename this screen' });
    this.nameButton.addEventListener('click', () => this.#rename());
    this.deviceSelect = el('select', { class: 'device-select', 'aria-label': 'Device size' },
      ...DEVICES.map((d) => el('option', { value: d.id, text: `${d.name} ${d.width}×${d.height}` })));
    this.deviceSelect.addEventListener('change', () => {
      const device = DEVICES.find((d) => d.id === this.deviceSelect.value);
      const pages = Math.max(1, Math.round(this.screen.height / deviceFor(this.screen).height));
      this.actions.resize(this.screen.id, device.width, device.height * pages);
    });
    this.tallerButton = el('button', { class: 'ghost small taller', type: 'button', title: 'Make this screen scroll: add half a page', 'aria-label': 'Taller' },
      '↧ ', el('span', { text: 'Taller' }));
    this.tallerButton.addEventListener('click', () => {
      const device = deviceFor(this.screen);
      this.actions.resize(this.screen.id, this.screen.width, Math.min(20000, this.screen.height + Math.round(device.height / 2)));
    });
    this.header = el('div', { class: 'screen-header' }, this.nameButton, this.deviceSelect, this.tallerButton);

    this.inkCanvas = el('canvas', { class: 'layer ink', 'aria-hidden': 'true' });
    this.peerCanvas = el('canvas', { class: 'layer peers', 'aria-hidden': 'true' });
    this.penCanvas = el('canvas', { class: 'layer pen', 'aria-hidden': 'true' });
    this.folds = el('div', { class: 'layer folds', 'aria-hidden': 'true' });
    this.elementLayer = el('div', { class: 'layer elements' });
    this.selectionLayer = el('div', { class: 'layer selection', 'aria-hidden': 'true' });
    this.cursorLayer = el('div', { class: 'layer cursors', 'aria-hidden': 'true' });
    this.hint = el('div', { class: 'empty-hint', text: 'Sketch a screen here with a pen, a finger or the mouse' });
    this.frame = el('div', { class: 'phone-frame', role: 'img', tabindex: '0' },
      this.hint, this.inkCanvas, this.peerCanvas, this.penCanvas, this.folds, this.elementLayer, this.selectionLayer, this.cursorLayer);
    this.previewSlot = el('div', { class: 'preview', 'aria-label': `Preview of screen ${screen.name}` });
    this.previewSlot.setAttribute('role', 'region');
    this.body = el('div', { class: 'screen-body' }, this.frame, this.previewSlot);
    this.element = el('section', { class: 'screen-card', 'data-screen': screen.id }, this.header, this.body);

    this.inkCtx = this.inkCanvas.getContext('2d');
    this.peerCtx = this.peerCanvas.getContext('2d');
    this.penCtx = this.penCanvas.getContext('2d', { desynchronized: true });
    this.update(screen, 1);
  }

  /** Whether a preview takes room beside the drawing now (what the fit measures). */
  get showsPreview() { return this.previewSlot.offsetWidth > 0; }

  /** Applies a new size, name or zoom; resizing clears the canvases (the board redraws). */
  update(screen, scale) {
    const resized = screen.width !== this.screen.width || screen.height !== this.screen.height || scale !== this.scale || !this.sized;
    this.screen = screen;
    this.scale = scale;
    this.nameButton.textContent = screen.name;
    this.frame.setAttribute('aria-label', `Drawing canvas of screen ${screen.name}, ${screen.width} by ${screen.height} points`);
    this.deviceSelect.value = deviceFor(screen).id;
    if (!resized) return;
    this.sized = true;
    for (const canvas of [this.inkCanvas, this.peerCanvas, this.penCanvas]) sizeCanvas(canvas, screen.width, screen.height, scale);
    this.frame.style.width = `${screen.width * scale}px`;
    this.frame.style.height = `${screen.height * scale}px`;
    this.frame.style.setProperty('--scale', scale);
    this.#drawFolds();
    this.renderKey = '';
  }

  setReadOnly(readOnly) {
    for (const control of [this.nameButton, this.deviceSelect, this.tallerButton]) control.disabled = readOnly;
  }

  /**
   * Shows these strokes, the `ignored` ones dimmed and dashed, the `dragged` ones ({ids, dx, dy})
   * where a drag in progress puts them. When the new list only appends to what is drawn, only the
   * new strokes are drawn; otherwise the canvas is redrawn.
   */
  renderStrokes(strokes, hidden = new Set(), ignored = new Map(), dragged = null) {
    let visible = hidden.size ? strokes.filter((s) => !hidden.has(s.id)) : strokes;
    if (dragged) visible = visible.map((s) => (dragged.ids.has(s.id) ? shiftedStroke(s, dragged.dx, dragged.dy) : s));
    // A stroke's key holds where it is, so a moved stroke (a drag, or a stored move) is redrawn.
    const ids = visible.map((s) => `${s.id}@${s.points[0][0]},${s.points[0][1]}${ignored.has(s.id) ? '~' : ''}`);
    const key = ids.join('|');
    if (key === this.renderKey) return;
    const appendOnly = this.renderKey !== '' && ids.length > this.renderedIds.length
      && this.renderedIds.every((id, i) => ids[i] === id);
    if (!appendOnly) this.#clear(this.inkCtx);
    for (let i = appendOnly ? this.renderedIds.length : 0; i < visible.length; i++) {
      // Ignored strokes stay visible, dimmed and dashed, so they can be picked to un-ignore.
      drawStroke(this.inkCtx, visible[i], ignored.has(visible[i].id) ? { alpha: 0.4, dashed: true } : {});
    }
    this.frame.dataset.ignored = String(visible.filter((s) => ignored.has(s.id)).length);
    this.renderedIds = ids;
    this.renderKey = key || 'empty';
    this.hint.hidden = strokes.length > 0;
  }

  /** Outlines the selection's bounds (canvas points), or nothing for null. */
  showSelection(bounds) {
    const key = bounds ? `${bounds.x},${bounds.y},${bounds.width},${bounds.height},${this.scale}` : '';
    if (key === this.selectionKey) return;
    this.selectionKey = key;
    if (!bounds) { this.selectionLayer.replaceChildren(); return; }
    const pad = 4;
    const box = el('div', { class: 'selection-box' });
    box.style.left = `${bounds.x * this.scale - pad}px`;
    box.style.top = `${bounds.y * this.scale - pad}px`;
    box.style.width = `${bounds.width * this.scale + 2 * pad}px`;
    box.style.height = `${bounds.height * this.scale + 2 * pad}px`;
    this.selectionLayer.replaceChildren(box);
  }

  /** Forces the next renderStrokes to redraw everything. */
  invalidate() { this.renderKey = ''; }

  /** Redraws peers' in-progress strokes. */
  renderPeerInk(strokes) {
    this.#clear(this.peerCtx);
    for (const stroke of strokes) drawStroke(this.peerCtx, stroke, { alpha: 0.85 });
  }

  clearPen() { this.#clear(this.penCtx); }

  /** Converts a pointer event's position to canvas points of this screen. */
  toCanvas(event) {
    const rect = this.frame.getBoundingClientRect();
    return [(event.clientX - rect.left) / this.scale, (event.clientY - rect.top) / this.scale];
  }

  #clear(ctx) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    ctx.restore();
  }

  #drawFolds() {
    // Dashed lines where one device screen ends: below them the screen scrolls.
    this.folds.replaceChildren();
    const pageHeight = deviceFor(this.screen).height;
    for (let y = pageHeight; y < this.screen.height; y += pageHeight) {
      const fold = el('div', { class: 'fold', text: 'scrolls below' });
      fold.style.top = `${y * this.scale}px`;
      this.folds.append(fold);
    }
  }

  #rename() {
    const name = prompt('Screen name', this.screen.name);
    if (name && name.trim() && name.trim() !== this.screen.name) this.actions.rename(this.screen.id, name.trim().slice(0, 80));
  }
}
