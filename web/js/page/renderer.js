// The page's one render: everything shown is drawn here from the SessionStore and the AppStore,
// once per frame (FrameScheduler). Each part skips what did not change (stroke keys, preview
// keys, the status bar's key), so a frame costs what changed.

import { renderElementOverlay } from '../ui/element-overlay.js';
import { StatusBar } from '../ui/status-bar.js';
import { ignoredStrokes } from '../state/ignored.js';
import { shiftedStroke } from '../state/selection.js';
import { strokesBounds } from '../ink/smoothing.js';

const $ = (id) => document.getElementById(id);

export class PageRenderer {
  /** @param {object} page identity, session, app, queue, board, presence, results, scheduler, state(), canEdit */
  constructor(page) {
    this.page = page;
    this.statusBar = new StatusBar($('status'), $('participants'));
    this.fittedFor = '';
  }

  render() {
    const { session, app, board, results } = this.page;
    const state = this.page.state();
    const screens = state.screens();
    const replaying = app.get('replay').fold !== null;
    board.setScreens(screens);
    const drag = app.get('drag');
    const dragged = drag && !replaying ? { ids: session.selection, ...drag } : null;
    board.renderStrokes(state, app.get('hidden'), ignoredStrokes(state.corrections()), dragged);
    const selected = replaying ? [] : session.selectedStrokes();
    for (const screen of screens) {
      const view = board.view(screen.id);
      renderElementOverlay(view, results.displayElements(screen.id), results.sourceOf(screen.id)?.detections ?? [], session.selection);
      const mine = selected.filter((s) => s.screen === screen.id);
      view.showSelection(strokesBounds(dragged ? mine.map((s) => shiftedStroke(s, dragged.dx, dragged.dy)) : mine));
    }
    results.render(state, screens, board.zoom);
    this.page.presence.render();
    this.#fitWhenResized(screens);
    this.#renderChrome(state);
  }

  /** Fits again when a size changes or a preview first takes its room beside its drawing. */
  #fitWhenResized(screens) {
    const { app, board, scheduler } = this.page;
    if (app.get('zoom') !== 'fit') return;
    // Keyed by what the fit measures: a preview counts once it takes room, not once it exists.
    const key = screens.map((s) => `${s.id}:${s.width}x${s.height}:${board.view(s.id)?.showsPreview ? 1 : 0}`).join(',');
    if (key === this.fittedFor) return;
    this.fittedFor = key;
    board.setZoom(board.fitZoom(screens));
    scheduler.request(); // the strokes and previews at the new zoom, next frame
  }

  /** The toolbar, status, people and page title. */
  #renderChrome(state) {
    const { session, app, identity, queue, board } = this.page;
    const view = session.view();
    const canEdit = this.page.canEdit();
    const editing = this.page.editingNow();
    $('undo').disabled = !editing || view.undoStack(identity.clientId).length === 0;
    $('redo').disabled = !editing || view.redoStack(identity.clientId).length === 0;
    if (board.readOnly === canEdit) board.setReadOnly(!canEdit);
    document.body.classList.toggle('read-only', !canEdit);
    const tool = app.get('tool');
    document.body.dataset.tool = tool;
    for (const b of document.querySelectorAll('.tool')) {
      b.setAttribute('aria-checked', String(b.dataset.tool === tool));
      b.disabled = !editing; // a replay is looked at, not drawn on
    }
    for (const b of document.querySelectorAll('.swatch')) {
      b.setAttribute('aria-checked', String(b.dataset.color === app.get('color')));
      b.disabled = !editing;
    }
    $('pen-width').disabled = !editing;
    $('debug-toggle').setAttribute('aria-pressed', String(app.get('debug')));
    document.body.classList.toggle('debug-on', app.get('debug'));
    $('session-title').textContent = state.sessionTitle ? `· ${state.sessionTitle}` : '';
    document.title = state.sessionTitle ? `${state.sessionTitle} · sketchd` : 'sketchd';
    const linkState = app.get('linkState');
    this.statusBar.showStatus({ linkState, queued: queue.size, role: app.get('role') });
    document.body.classList.toggle('results-paused', linkState !== 'live' && app.get('replay').fold === null);
    this.statusBar.showPeople([{ clientId: identity.clientId, name: identity.name, color: identity.color, you: true }, ...app.get('participants').values()]);
  }
}
