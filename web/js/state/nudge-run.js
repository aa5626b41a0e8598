// Arrow-key nudges of the selection, gathered into one move: a run of nudges (each within a
// moment of the last, on the same strokes) is shown at once and stored as a single
// `strokesMoved`, so one undo takes the whole run back. Pure of the DOM: the timer is injected.

/** A pause this long (ms) after the last nudge ends the run. */
export const NUDGE_RUN_IDLE_MS = 700;

export class NudgeRun {
  /**
   * @param {{commit: (ids: string[], dx: number, dy: number) => void, show: (offset: {dx: number, dy: number}|null) => void,
   *          idleMs?: number, setTimer?: typeof setTimeout, clearTimer?: typeof clearTimeout}} options
   *   commit stores the run's move; show draws the selection where the run has put it so far (null: as stored)
   */
  constructor({ commit, show, idleMs = NUDGE_RUN_IDLE_MS, setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id) }) {
    Object.assign(this, { commit, show, idleMs, setTimer, clearTimer });
    this.pending = null;
    this.timer = null;
  }

  /** One nudge of the strokes `ids` by (dx, dy); a nudge of other strokes ends the run before it. */
  add(ids, dx, dy) {
    if (this.pending && this.pending.ids.join('\n') !== ids.join('\n')) this.flush();
    this.pending ??= { ids: [...ids], dx: 0, dy: 0 };
    this.pending.dx += dx;
    this.pending.dy += dy;
    this.clearTimer(this.timer);
    this.timer = this.setTimer(() => this.flush(), this.idleMs);
    this.show({ dx: this.pending.dx, dy: this.pending.dy });
  }

  /** Ends the run now (before any other change, so the order of ops is the order of actions). */
  flush() {
    const run = this.pending;
    if (!run) return;
    this.pending = null;
    this.clearTimer(this.timer);
    this.show(null);
    this.commit(run.ids, run.dx, run.dy);
  }
}
