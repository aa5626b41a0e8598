// The board: every screen of the session side by side, at one zoom.

import { ScreenView } from './screen-view.js';

/** Room for the "Preview" caption under a preview (app.css, `.preview::after`). */
const PREVIEW_CAPTION = 28;

export class Board {
  /**
   * @param {HTMLElement} root the scrolling container
   * @param {object} actions {rename, resize, addScreen, attach(screenView)}
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    /** @type {Map<string, ScreenView>} */
    this.views = new Map();
    this.zoom = 1;
    this.readOnly = false;
    this.strip = document.createElement('div');
    this.strip.className = 'screen-strip';
    this.addButton = document.createElement('button');
    this.addButton.type = 'button';
    this.addButton.className = 'add-screen';
    this.addButton.textContent = '+ Add screen';
    this.addButton.addEventListener('click', () => actions.addScreen());
    this.strip.append(this.addButton);
    root.append(this.strip);
  }

  /** Creates, updates and removes screen views to match `screens`. */
  setScreens(screens) {
    const wanted = new Set(screens.map((s) => s.id));
    for (const [id, view] of this.views) {
      if (!wanted.has(id)) { view.element.remove(); this.views.delete(id); }
    }
    // Cards are moved only when out of order: detaching the card that holds pointer capture
    // fires lostpointercapture and would end a stroke in progress.
    let previous = null;
    for (const screen of screens) {
      let view = this.views.get(screen.id);
      if (!view) {
        view = new ScreenView(screen, this.actions);
        view.setReadOnly(this.readOnly);
        this.views.set(screen.id, view);
        this.actions.attach(view);
      }
      view.update(screen, this.zoom);
      const expectedAfter = previous ? previous.element : null;
      const inPlace = view.element.parentElement === this.strip
        && view.element.previousElementSibling === expectedAfter;
      if (!inPlace) {
        const before = expectedAfter ? expectedAfter.nextElementSibling : this.strip.firstElementChild;
        this.strip.insertBefore(view.element, before ?? this.addButton);
      }
      previous = view;
    }
  }

  setZoom(zoom) {
    this.zoom = zoom;
    for (const view of this.views.values()) view.update(view.screen, zoom);
  }

  setReadOnly(readOnly) {
    this.readOnly = readOnly;
    this.addButton.hidden = readOnly;
    for (const view of this.views.values()) view.setReadOnly(readOnly);
  }

  /**
   * Draws the live strokes of `state` (a SessionFold), hiding `hidden` and dimming `ignored` ids;
   * `dragged` ({ids, dx, dy}, optional) are drawn where a drag in progress puts them.
   */
  renderStrokes(state, hidden, ignored, dragged = null) {
    for (const [id, view] of this.views) view.renderStrokes(state.liveStrokes(id), hidden, ignored, dragged);
  }

  view(screenId) { return this.views.get(screenId); }

  /**
   * The zoom at which every screen (its frame and its preview beside it) fits the visible board.
   * Measured from the laid-out strip, split into the parts that scale with the zoom and those
   * that do not; the headers rewrap at a new zoom, so it is measured again at the zoom found
   * until that settles (the board is left at the returned zoom).
   */
  fitZoom(screens) {
    if (!screens.length || !this.views.size) return 1;
    let zoom = this.#fitOfLayout(screens);
    for (let i = 0; i < 4 && Math.abs(zoom - this.zoom) > 0.002; i++) {
      this.setZoom(zoom);
      zoom = this.#fitOfLayout(screens);
    }
    return zoom;
  }

  #fitOfLayout(screens) {
    const views = [...this.views.values()];
    const scaledWidth = views.reduce((sum, v) => sum + v.frame.offsetWidth + v.previewSlot.offsetWidth, 0);
    const cards = views.map((v) => v.element);
    const span = cards.at(-1).offsetLeft + cards.at(-1).offsetWidth - cards[0].offsetLeft; // the screens, not "+ Add screen"
    const fixedWidth = Math.max(0, span - scaledWidth);
    // Each frame, and each preview shown, is its screen's width at the zoom (a preview is redrawn
    // at a new zoom only by the next render, so its present width may be of the old zoom).
    const unitWidth = views.reduce((sum, v) => sum + v.screen.width * (v.showsPreview ? 2 : 1), 0);
    const style = getComputedStyle(this.root);
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const byWidth = unitWidth > 0 ? (this.root.clientWidth - padX - fixedWidth) / unitWidth : 1;
    // Vertically: the first page of each screen, with its header and the caption under its preview.
    const pageHeight = Math.max(...screens.map((s) => Math.min(s.height, 844)));
    const fixedHeight = Math.max(...views.map((v) => v.element.offsetHeight - Math.max(v.frame.offsetHeight, v.previewSlot.offsetHeight)))
      + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + (views.some((v) => v.showsPreview) ? PREVIEW_CAPTION : 0);
    const byHeight = (this.root.clientHeight - fixedHeight) / pageHeight;
    return Math.max(0.1, Math.min(1, byWidth, byHeight));
  }
}
