// The recognised elements as the page shows them: each screen's latest result (or the replayed
// one) with newer corrections applied, its preview beside the drawing, and the link between an
// element, its strokes, its preview and its code.

import { PreviewPanel } from '../preview/preview.js';
import { applyPendingCorrections, flatten } from '../preview/corrections.js';

export class ResultsView {
  /** @param {object} page session, app, meter, menu, codePanel, canEdit, state() (read when used) */
  constructor(page) {
    this.page = page;
    /** Each screen's preview panel; `key` skips redrawing what did not change. */
    this.previews = new Map();
    this.tokens = new WeakMap();
    this.nextToken = 1;
  }

  /** A `recognition` message: kept unless older than what is shown, and drawn at once (timed). */
  receive(msg) {
    const screenId = typeof msg.screen === 'string' ? msg.screen : msg.screen?.id;
    if (!screenId) return;
    const { app, meter, scheduler } = this.page;
    const shown = app.get('results').get(screenId);
    if (shown && shown.seq > msg.seq) return; // older than what is shown
    app.update('results', (results) => results.set(screenId, { ...msg, screen: screenId }));
    meter.timeRender(() => scheduler.flush());
    meter.previewShown(screenId, msg.seq);
  }

  /** The result shown for a screen: the replayed one while replaying, else the latest. */
  sourceOf(screenId) {
    const replay = this.page.app.get('replay');
    return replay.fold ? replay.results.get(screenId) : this.page.app.get('results').get(screenId);
  }

  /** A screen's elements as the person should see them now: the result plus newer corrections. */
  displayElements(screenId) {
    const source = this.sourceOf(screenId);
    if (!source) return [];
    if (this.page.app.get('replay').fold) return source.elements ?? [];
    const view = this.page.session.view();
    const live = (id) => view.liveStroke(id);
    const corrected = applyPendingCorrections(source.elements ?? [], view.corrections(), source.seq, live);
    return corrected.filter((e) => (e.strokeIds ?? []).length === 0 || e.strokeIds.some(live));
  }

  /** Makes the preview of a new screen view. */
  attach(view) {
    const panel = new PreviewPanel(view.previewSlot, {
      onPick: (element, node) => this.#pickFromPreview(element, node),
      guessActions: {
        accept: (owner) => this.page.perform({ kind: 'textSet', strokeIds: owner.strokeIds, text: owner.text }),
        retype: (owner, anchor) => this.#pickFromPreview(owner, anchor, { retype: true }),
      },
    });
    this.previews.set(view.screen.id, { panel, key: '' });
  }

  /** Selects the strokes of the element with this id (its children's too): a pick in the preview or the code. */
  selectElement(elementId) {
    if (this.page.app.get('replay').fold) return;
    const element = this.#allElements().find((e) => e.id === elementId);
    const view = this.page.session.view();
    const ids = element ? flatten([element]).flatMap((e) => e.strokeIds ?? []).filter((id) => view.liveStroke(id)) : [];
    if (ids.length) this.page.session.select(ids);
  }

  /** Redraws the previews whose result, corrections, theme or size changed, and marks the selected elements. */
  render(state, screens, zoom) {
    const { session, app } = this.page;
    const corrections = session.view().corrections();
    const correctionsKey = `${corrections.length}:${corrections.at(-1)?.seq ?? 0}`;
    const readOnly = !this.page.canEdit() || app.get('replay').fold !== null;
    for (const screen of screens) {
      const entry = this.previews.get(screen.id);
      if (!entry) continue;
      const source = this.sourceOf(screen.id);
      const key = [this.#tokenOf(source), correctionsKey, state.liveStrokes(screen.id).length, JSON.stringify(state.theme),
        readOnly, zoom, screen.width, screen.height].join('|');
      if (key === entry.key) continue;
      entry.key = key;
      entry.panel.show({ screen, elements: this.displayElements(screen.id), preview: source?.preview ?? null, theme: state.theme, readOnly, scale: zoom });
    }
    const selected = this.#selectedElementIds();
    this.page.codePanel.showElements(selected);
    // The previews redraw only when their result changes: the selection is marked on them here.
    const ids = new Set(selected);
    for (const node of document.querySelectorAll('.preview [data-element-id]')) node.classList.toggle('selected', ids.has(node.dataset.elementId));
  }

  /** Every element shown on every screen now, children included. */
  #allElements() {
    return this.page.state().screens().flatMap((screen) => flatten(this.displayElements(screen.id)));
  }

  /** The elements all of whose strokes are selected: their code is marked. */
  #selectedElementIds() {
    const { session, app } = this.page;
    if (app.get('replay').fold || session.selection.size === 0) return [];
    return this.#allElements().filter((e) => (e.strokeIds ?? []).length && e.strokeIds.every((id) => session.selection.has(id))).map((e) => e.id);
  }

  #pickFromPreview(element, node, options) {
    this.selectElement(element.id);
    const rect = node.getBoundingClientRect();
    this.page.menu.open(element, rect.left, rect.top, node, options);
  }

  /** A short stable token per result object, for the previews' change keys. */
  #tokenOf(result) {
    if (!result) return 0;
    if (!this.tokens.has(result)) this.tokens.set(result, this.nextToken++);
    return this.tokens.get(result);
  }
}
