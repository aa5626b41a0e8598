// What the pointer gestures on a screen become (CanvasInput's callbacks): strokes, erasing,
// selecting and dragging, a tap's correction menu, lasso groups, live ink and presence.

import { elementAt } from '../ui/element-overlay.js';
import { toast } from '../ui/toast.js';
import { throttledHint } from '../ui/hint.js';
import { ignoredStrokes } from '../state/ignored.js';
import { strokeInLasso, strokeHit } from '../ink/smoothing.js';
import { rectFrom, strokesInRect, moveEvent } from '../state/selection.js';

const PRESENCE_INTERVAL_MS = 33;
const TIME_LIMIT_MS = 4_294_967_295;

/**
 * @param {object} page identity, session, app, link, board, menu, meter, scheduler, results,
 *   selection (selectionHelpers), perform, canEdit, setTool (read when used)
 * @returns {import('../canvas/input.js').InputCallbacks}
 */
export function canvasCallbacks(page) {
  const { session, app } = page;
  const hint = throttledHint(); // one unobtrusive hint per few seconds, however many gestures are refused
  let lastPresence = 0;
  const live = (screenId) => session.view().liveStrokes(screenId);

  return {
    tools: () => ({ tool: app.get('tool'), color: app.get('color'), width: app.get('width'), enabled: page.editingNow() }),
    newStrokeId: () => page.identity.nextStrokeId(),
    refused() {
      const backToLive = document.getElementById('replay-live').textContent;
      hint(page.canEdit() ? `Replaying an earlier state: press “${backToLive}” to draw again.`
        : 'This link is view-only: ask the owner for an edit link to draw.');
    },
    clock: () => Math.min(TIME_LIMIT_MS, Math.max(0, Date.now() - app.get('sessionEpoch'))),
    strokeEnd(screenId, stroke) {
      page.meter.pointerUp(stroke.id, screenId);
      page.perform({ kind: 'strokeAdded', stroke });
      page.scheduler.flush(); // drawn into the stored layer in the frame the live ink clears
    },
    ink(screen, strokeId, points, color, width) {
      page.link.send({ type: 'ink', strokeId, screen, points, color, width });
    },
    liveStrokes: live,
    erasePreview(ids) { app.set({ hidden: new Set(ids) }); },
    erase(screenId, ids) {
      app.set({ hidden: new Set() });
      page.perform({ kind: 'strokesErased', strokeIds: ids });
    },
    selectStart(screenId, x, y, add) {
      page.selection.nudges.flush();
      const hit = page.selection.selectableAt(screenId, x, y);
      if (!hit.length) {
        if (!add) session.clearSelection();
        return 'marquee';
      }
      if (!hit.every((id) => session.selection.has(id))) session.select(hit, add);
      return 'move';
    },
    dragPreview(dx, dy) { app.set({ drag: dx || dy ? { dx, dy } : null }); },
    dragEnd(dx, dy) {
      app.set({ drag: null });
      const move = moveEvent(session.selectedStrokes().map((s) => s.id), dx, dy);
      if (move) page.perform(move);
    },
    marquee(screenId, from, to, add) {
      session.select(strokesInRect(live(screenId), rectFrom(from, to)), add);
    },
    select(screenId, x, y, event) {
      // A tap (not a drag) on part of a larger selection selects just that part.
      const hit = page.selection.selectableAt(screenId, x, y);
      if (hit.length && !event.shiftKey) session.select(hit);
      const element = elementAt(page.results.displayElements(screenId), x, y);
      if (element) { page.menu.open(element, event.clientX, event.clientY, page.board.view(screenId)?.frame); return; }
      const ignored = ignoredStrokes(session.view().corrections());
      const picked = live(screenId).find((s) => ignored.has(s.id) && strokeHit(s, x, y, 8));
      if (picked) {
        page.perform({ kind: 'strokesIgnored', strokeIds: ignored.get(picked.id), ignored: false });
        toast('No longer ignored: recognised again.');
      }
    },
    lasso(screenId, polygon) {
      const inside = live(screenId).filter((s) => strokeInLasso(s, polygon)).map((s) => s.id);
      const merging = app.get('pendingMerge');
      const ids = [...new Set([...(merging?.strokeIds ?? []), ...inside])];
      app.set({ pendingMerge: null });
      if (merging) page.setTool(app.get('toolBeforeLasso'));
      if (ids.length >= 2) {
        page.perform({ kind: 'strokesMerged', strokeIds: ids });
        toast(`Grouped ${ids.length} strokes into one element.`);
      } else {
        toast('Draw the loop around at least two strokes to group them.');
      }
    },
    presence(screen, x, y) {
      const now = performance.now();
      if (now - lastPresence < PRESENCE_INTERVAL_MS) return;
      lastPresence = now;
      page.link.send({ type: 'presence', screen, x: Math.round(x * 8) / 8, y: Math.round(y * 8) / 8 });
    },
  };
}
