// The "what can I draw" legend: writing words or squiggles, then a small drawn example of every
// NOTATION type. Opens by itself on the first visit and from the toolbar at any time.

import { EXAMPLES, DESCRIPTIONS } from './examples.js';
import { WRITING_EXAMPLES } from './writing.js';
import { drawStroke, sizeCanvas } from '../ink/draw.js';

const SEEN_KEY = 'sketchd.legendSeen';

export class Legend {
  /**
   * @param {HTMLDialogElement} dialog
   * @param {HTMLElement} grid where the NOTATION types go
   * @param {HTMLElement} writingGrid where the writing examples go
   */
  constructor(dialog, grid, writingGrid) {
    this.dialog = dialog;
    this.grid = grid;
    this.writingGrid = writingGrid;
    this.built = false;
    dialog.addEventListener('close', () => localStorage.setItem(SEEN_KEY, '1'));
  }

  /** Opens the legend if this browser has never seen it. */
  openOnFirstVisit() {
    if (!localStorage.getItem(SEEN_KEY)) this.open();
  }

  open() {
    if (!this.built) this.#build();
    if (!this.dialog.open) this.dialog.showModal();
  }

  #build() {
    this.built = true;
    for (const { name, strokes, how, becomes } of WRITING_EXAMPLES) {
      this.writingGrid.append(card(`Example of writing: ${name}`, strokes, name, how, becomes));
    }
    for (const [type, strokes] of Object.entries(EXAMPLES)) {
      const [how, becomes] = DESCRIPTIONS[type];
      this.grid.append(card(`Example drawing of a ${type}`, strokes, type, how, becomes));
    }
  }
}

/** One legend card: the drawing, what it is, how it is drawn and what it becomes. */
function card(description, strokes, title, how, becomes) {
  const figure = document.createElement('figure');
  figure.className = 'legend-card';
  const canvas = document.createElement('canvas');
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', description);
  const ctx = sizeCanvas(canvas, 120, 80, 1);
  for (const stroke of strokes) drawStroke(ctx, { ...stroke, color: '#1b1f24' });
  const caption = document.createElement('figcaption');
  caption.innerHTML = '<strong></strong><span class="how"></span><span class="becomes"></span>';
  caption.querySelector('strong').textContent = title;
  caption.querySelector('.how').textContent = how;
  caption.querySelector('.becomes').textContent = `→ ${becomes}`;
  figure.append(canvas, caption);
  return figure;
}
