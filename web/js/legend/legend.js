// The "what can I draw" legend: a small drawn example of every NOTATION type. Opens by itself
// on the first visit and from the toolbar at any time.

import { EXAMPLES, DESCRIPTIONS } from './examples.js';
import { drawStroke, sizeCanvas } from '../ink/draw.js';

const SEEN_KEY = 'sketchd.legendSeen';

export class Legend {
  /** @param {HTMLDialogElement} dialog @param {HTMLElement} grid */
  constructor(dialog, grid) {
    this.dialog = dialog;
    this.grid = grid;
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
    for (const [type, strokes] of Object.entries(EXAMPLES)) {
      const [how, becomes] = DESCRIPTIONS[type];
      const card = document.createElement('figure');
      card.className = 'legend-card';
      const canvas = document.createElement('canvas');
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `Example drawing of a ${type}`);
      const ctx = sizeCanvas(canvas, 120, 80, 1);
      for (const stroke of strokes) drawStroke(ctx, { ...stroke, color: '#1b1f24' });
      const caption = document.createElement('figcaption');
      caption.innerHTML = '<strong></strong><span class="how"></span><span class="becomes"></span>';
      caption.querySelector('strong').textContent = type;
      caption.querySelector('.how').textContent = how;
      caption.querySelector('.becomes').textContent = `→ ${becomes}`;
      card.append(canvas, caption);
      this.grid.append(card);
    }
  }
}
