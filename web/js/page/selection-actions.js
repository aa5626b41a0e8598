// What the select tool and the selection keys do: what a press takes, nudges (a run of them is
// one move), erase, copy, paste and duplicate into free space, fit and clear.

import { elementAt } from '../ui/element-overlay.js';
import { flatten } from '../preview/corrections.js';
import { strokeHit, strokesBounds } from '../ink/smoothing.js';
import { moveEvent, copyEvents, COPY_OFFSET } from '../state/selection.js';
import { freeOffset } from '../state/placement.js';
import { NudgeRun } from '../state/nudge-run.js';

/**
 * The page's selection helpers.
 * @param {object} page identity, session, app, board, nav, menu, results (display elements),
 *   perform, editingNow (read when used)
 * @returns {{selectableAt, nudges: NudgeRun, actions: object}} `actions` for the shortcuts:
 *   each says whether it did something (else the key is left alone)
 */
export function selectionHelpers(page) {
  const { session, app } = page;
  /** Strokes copied with Ctrl/Cmd+C (each paste lands in free space). */
  let clipboard = [];
  const selectedIds = () => session.selectedStrokes().map((s) => s.id);

  /**
   * What a press with the select tool at (x, y) takes: a whole element (its children's strokes
   * too, such as a button's label), else the stroke on top.
   */
  function selectableAt(screenId, x, y) {
    const view = session.view();
    const element = elementAt(page.results.displayElements(screenId), x, y);
    const ofElement = (element ? flatten([element]) : []).flatMap((e) => e.strokeIds ?? []).filter((id) => view.liveStroke(id));
    if (ofElement.length) return ofElement;
    const strokes = view.liveStrokes(screenId);
    for (let i = strokes.length - 1; i >= 0; i--) if (strokeHit(strokes[i], x, y, 6)) return [strokes[i].id];
    return [];
  }

  /** Arrow-key nudges: a run of them is drawn as it goes and stored as one move (one undo step). */
  const nudges = new NudgeRun({
    commit(ids, dx, dy) {
      const move = moveEvent(ids, dx, dy);
      if (move) page.perform(move);
    },
    show(offset) {
      app.set({ drag: offset && { ...offset, ids: new Set(nudges.pending.ids) } });
    },
  });
  addEventListener('pagehide', () => nudges.flush());

  /** Adds copies of `strokes` with new ids in free space on their screens, and selects the copies. */
  function addCopies(strokes) {
    const view = session.view();
    const events = view.screens().flatMap((screen) => {
      const mine = strokes.filter((s) => s.screen === screen.id);
      if (!mine.length) return [];
      const { dx, dy } = freeOffset(mine, view.liveStrokes(screen.id), screen) ?? { dx: COPY_OFFSET, dy: COPY_OFFSET };
      return copyEvents(mine, dx, dy, () => page.identity.nextStrokeId());
    });
    const step = page.identity.nextNumber(); // one undo takes the whole paste back
    for (const event of events) page.perform(event, { step });
    session.select(events.map((e) => e.stroke.id));
  }

  const actions = {
    selectAll() {
      if (app.get('replay').fold) return false;
      session.select(session.view().liveStrokes().map((s) => s.id));
      return true;
    },
    nudge(dx, dy) {
      const ids = selectedIds();
      if (!ids.length || !page.editingNow()) return false;
      page.menu.close();
      nudges.add(ids, dx, dy);
      return true;
    },
    erase() {
      const ids = selectedIds();
      if (!ids.length || !page.editingNow()) return false;
      page.menu.close();
      page.perform({ kind: 'strokesErased', strokeIds: ids });
      session.clearSelection();
      return true;
    },
    copy() {
      const strokes = session.selectedStrokes();
      if (!strokes.length) return false;
      clipboard = strokes;
      return true;
    },
    paste() {
      if (!clipboard.length || !page.editingNow()) return false;
      addCopies(clipboard);
      return true;
    },
    duplicate() {
      const strokes = session.selectedStrokes();
      if (!strokes.length || !page.editingNow()) return false;
      addCopies(strokes);
      return true;
    },
    fit() {
      const strokes = session.selectedStrokes();
      const view = strokes.length ? page.board.view(strokes[0].screen) : null;
      if (!view) return false;
      page.nav.fitRect(view, strokesBounds(strokes.filter((s) => s.screen === strokes[0].screen)));
      return true;
    },
    clear() {
      if (session.selection.size === 0) return false;
      session.clearSelection();
      return true;
    },
  };
  return { selectableAt, nudges, actions };
}
