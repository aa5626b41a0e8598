// The client's fold of a session's events: the same rules as StrokeLog's `SessionState.apply`
// (docs/design/fold.md), so what the page shows matches the server's state.
// Pure: no DOM, runs under node for the unit tests.
//
// Undoable actions are never removed. Undo switches the author's newest active action off and
// pushes it on that author's redo stack; redo switches it back on; a new action clears the
// author's redo stack. What a person sees is derived from the active actions only.

export const MAIN_SCREEN = Object.freeze({ id: 'main', name: 'Main', width: 390, height: 844 });
export const STANDARD_THEME = Object.freeze({ accent: '#007aff', background: '#ffffff', cornerRadius: 10, typeScale: 1 });

/** A last-writer-wins value whose writes undo and redo switch off and on. */
class Register {
  constructor(writes = []) { this.writes = writes; }
  get value() {
    for (let i = this.writes.length - 1; i >= 0; i--) if (this.writes[i].active) return this.writes[i].value;
    return undefined;
  }
  write(value, seq) { this.writes.push({ seq, value, active: true }); }
  setActive(active, seq) {
    for (let i = this.writes.length - 1; i >= 0; i--) {
      if (this.writes[i].seq === seq) { this.writes[i].active = active; return; }
    }
  }
  clone() { return new Register(this.writes.map((w) => ({ ...w }))); }
}

/** The stroke ids an event names (for overlap reports), as StrokeLog's `EventPayload.strokeIDs`. */
export function eventStrokeIds(event) {
  switch (event.kind) {
    case 'strokeAdded': return [event.stroke.id];
    case 'strokesErased': case 'strokesMerged': case 'strokesSplit':
    case 'labelCorrected': case 'strokesIgnored': case 'textSet': case 'strokesMoved':
      return event.strokeIds ?? [];
    default: return [];
  }
}

/** A stroke entry's stroke where its active moves put it (the same object when unmoved). */
function shown(entry) {
  if (entry.dx === 0 && entry.dy === 0) return entry.stroke;
  const { dx, dy } = entry;
  if (entry.cache?.dx !== dx || entry.cache?.dy !== dy) {
    const points = entry.stroke.points.map(([x, y, ...rest]) => [x + dx, y + dy, ...rest]);
    entry.cache = { dx, dy, stroke: { ...entry.stroke, points } };
  }
  return entry.cache.stroke;
}

const CORRECTION_KINDS = {
  labelCorrected: (e) => ({ kind: 'label', label: e.label }),
  strokesMerged: () => ({ kind: 'merge' }),
  strokesSplit: () => ({ kind: 'split' }),
  strokesIgnored: (e) => ({ kind: 'ignore', ignored: e.ignored ?? true }),
  textSet: (e) => ({ kind: 'text', text: e.text }),
};

/** A session's state at some seq. `apply` is the fold step; `clone` gives an independent copy. */
export class SessionFold {
  constructor() {
    this.lastSeq = 0;
    /**
     * `stroke` is as drawn, `dx`/`dy` the sum of its active moves (exact: multiples of 1/8).
     * @type {Map<string, {stroke: object, addSeq: number, addActive: boolean, erasers: Set<number>, dx: number, dy: number}>}
     */
    this.strokes = new Map();
    /** @type {Map<number, {author: string, effect: object, strokeIds: string[]}>} */
    this.actions = new Map();
    this.inactive = new Set();
    this.actionsByStroke = new Map();
    this.correctionsBySeq = new Map();
    this.activeCorrections = new Set();
    this.screenAdds = new Map();
    this.screenRenames = new Map();
    this.screenFirstSeq = new Map();
    this.title = new Register();
    this.consent = new Register();
    this.themeRegister = new Register();
    this.undoStacks = new Map();
    this.redoStacks = new Map();
  }

  /** Folds records in order into a new state. */
  static fold(records) {
    const state = new SessionFold();
    for (const record of records) state.apply(record);
    return state;
  }

  /**
   * Applies one record `{seq, author, clientOpId, event}`; records must come in seq order.
   * @returns the outcome, shaped like the protocol's ack `outcome`.
   */
  apply(record) {
    this.lastSeq = record.seq;
    const { event, author, seq } = record;
    if (event.kind === 'undo') return this.#undo(author);
    if (event.kind === 'redo') return this.#redo(author);
    if (event.kind === 'recognitionRun') return { kind: 'applied' };
    const effect = this.#perform(record);
    if (!effect) return { kind: 'noEffect', reason: 'stroke id already used' };
    const strokeIds = eventStrokeIds(event);
    this.actions.set(seq, { author, effect, strokeIds, clientOpId: record.clientOpId });
    for (const id of strokeIds) {
      if (!this.actionsByStroke.has(id)) this.actionsByStroke.set(id, []);
      this.actionsByStroke.get(id).push(seq);
    }
    if (!this.undoStacks.has(author)) this.undoStacks.set(author, []);
    this.undoStacks.get(author).push(seq);
    this.redoStacks.set(author, []);
    return { kind: 'applied' };
  }

  #perform({ seq, author, event }) {
    switch (event.kind) {
      case 'strokeAdded': {
        const stroke = event.stroke;
        if (this.strokes.has(stroke.id)) return null;
        this.strokes.set(stroke.id, { stroke: { screen: MAIN_SCREEN.id, ...stroke }, addSeq: seq, addActive: true, erasers: new Set(), dx: 0, dy: 0 });
        return { type: 'addStroke', id: stroke.id };
      }
      case 'strokesErased': {
        const existing = event.strokeIds.filter((id) => this.strokes.has(id));
        for (const id of existing) this.strokes.get(id).erasers.add(seq);
        return { type: 'erase', ids: existing };
      }
      case 'strokesMoved': {
        const existing = event.strokeIds.filter((id) => this.strokes.has(id));
        const effect = { type: 'move', ids: existing, dx: event.dx, dy: event.dy };
        this.#shift(effect, 1);
        return effect;
      }
      case 'screenAdded': {
        const screen = event.screen;
        this.#registerIn(this.screenAdds, screen.id).write(screen, seq);
        if (!this.screenFirstSeq.has(screen.id)) this.screenFirstSeq.set(screen.id, seq);
        return { type: 'screen', id: screen.id };
      }
      case 'screenRenamed':
        this.#registerIn(this.screenRenames, event.screenId).write(event.name, seq);
        return { type: 'rename', id: event.screenId };
      case 'metadataSet': {
        const change = { title: event.title, trainingConsent: event.trainingConsent, theme: event.theme };
        if (change.title != null) this.title.write(change.title, seq);
        if (change.trainingConsent != null) this.consent.write(change.trainingConsent, seq);
        if (change.theme != null) this.themeRegister.write(change.theme, seq);
        return { type: 'metadata', change };
      }
      default: {
        const make = CORRECTION_KINDS[event.kind];
        if (!make) return null;
        this.correctionsBySeq.set(seq, { seq, author, strokeIds: event.strokeIds, ...make(event) });
        this.activeCorrections.add(seq);
        return { type: 'correction' };
      }
    }
  }

  /** Adds (`sign` 1) or takes back (`sign` -1) a move. */
  #shift(move, sign) {
    for (const id of move.ids) {
      const entry = this.strokes.get(id);
      entry.dx += sign * move.dx;
      entry.dy += sign * move.dy;
    }
  }

  #registerIn(map, id) {
    if (!map.has(id)) map.set(id, new Register());
    return map.get(id);
  }

  #undo(author) {
    const seq = this.undoStacks.get(author)?.pop();
    if (seq === undefined) return { kind: 'nothingToUndo' };
    this.#setActive(false, seq);
    if (!this.redoStacks.has(author)) this.redoStacks.set(author, []);
    this.redoStacks.get(author).push(seq);
    return { kind: 'undid', undoneSeq: seq, overlaps: this.#overlaps(seq, author) };
  }

  #redo(author) {
    const seq = this.redoStacks.get(author)?.pop();
    if (seq === undefined) return { kind: 'nothingToUndo' };
    this.#setActive(true, seq);
    if (!this.undoStacks.has(author)) this.undoStacks.set(author, []);
    this.undoStacks.get(author).push(seq);
    return { kind: 'redid', redoneSeq: seq };
  }

  #setActive(active, seq) {
    const action = this.actions.get(seq);
    if (!action) return;
    if (active) this.inactive.delete(seq); else this.inactive.add(seq);
    const effect = action.effect;
    switch (effect.type) {
      case 'addStroke': {
        const entry = this.strokes.get(effect.id);
        if (entry) entry.addActive = active;
        break;
      }
      case 'erase':
        for (const id of effect.ids) {
          const erasers = this.strokes.get(id)?.erasers;
          if (erasers) { if (active) erasers.add(seq); else erasers.delete(seq); }
        }
        break;
      case 'correction':
        if (active) this.activeCorrections.add(seq); else this.activeCorrections.delete(seq);
        break;
      case 'move': this.#shift(effect, active ? 1 : -1); break;
      case 'screen': this.screenAdds.get(effect.id)?.setActive(active, seq); break;
      case 'rename': this.screenRenames.get(effect.id)?.setActive(active, seq); break;
      case 'metadata':
        if (effect.change.title != null) this.title.setActive(active, seq);
        if (effect.change.trainingConsent != null) this.consent.setActive(active, seq);
        if (effect.change.theme != null) this.themeRegister.setActive(active, seq);
        break;
    }
  }

  #overlaps(seq, author) {
    const undone = this.actions.get(seq);
    if (!undone || undone.strokeIds.length === 0) return [];
    const overlaps = new Set();
    for (const id of undone.strokeIds) {
      for (const other of this.actionsByStroke.get(id) ?? []) {
        if (other > seq && this.isActive(other) && this.actions.get(other)?.author !== author) overlaps.add(other);
      }
    }
    return [...overlaps].sort((a, b) => a - b);
  }

  /** Whether the undoable action at `seq` is in effect. */
  isActive(seq) { return this.actions.has(seq) && !this.inactive.has(seq); }

  /** Whether a stroke with this id was ever added; ids are never reused. */
  hasStroke(id) { return this.strokes.has(id); }

  /** A live stroke by id, or undefined. */
  liveStroke(id) {
    const entry = this.strokes.get(id);
    return entry && entry.addActive && entry.erasers.size === 0 ? shown(entry) : undefined;
  }

  /** Live strokes (added, not undone, not erased) in drawing order, optionally of one screen. */
  liveStrokes(screenId) {
    const live = [];
    for (const entry of this.strokes.values()) {
      if (!entry.addActive || entry.erasers.size > 0) continue;
      if (screenId !== undefined && entry.stroke.screen !== screenId) continue;
      live.push(entry);
    }
    return live.sort((a, b) => a.addSeq - b.addSeq).map(shown);
  }

  /** Active corrections, oldest first (later ones win). */
  corrections() {
    return [...this.activeCorrections].sort((a, b) => a - b).map((seq) => this.correctionsBySeq.get(seq));
  }

  /** Screens in the order they were first added; `main` always first. */
  screens() {
    const named = (screen) => {
      const name = this.screenRenames.get(screen.id)?.value;
      return name === undefined ? { ...screen } : { ...screen, name };
    };
    const result = [];
    if (this.screenAdds.get(MAIN_SCREEN.id)?.value === undefined) result.push(named(MAIN_SCREEN));
    const ordered = [...this.screenFirstSeq.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
    for (const id of ordered) {
      const screen = this.screenAdds.get(id)?.value;
      if (screen) result.push(named(screen));
    }
    const mainIndex = result.findIndex((s) => s.id === MAIN_SCREEN.id);
    if (mainIndex > 0) result.unshift(...result.splice(mainIndex, 1));
    return result;
  }

  get sessionTitle() { return this.title.value; }
  get trainingConsent() { return this.consent.value ?? false; }
  get theme() { return this.themeRegister.value ?? STANDARD_THEME; }

  /** The seqs the author can undo, oldest first. */
  undoStack(author) { return [...(this.undoStacks.get(author) ?? [])]; }
  /** The seqs the author can redo, the next redo last. */
  redoStack(author) { return [...(this.redoStacks.get(author) ?? [])]; }
  /** The op id of the undoable action at `seq` (undo steps, state/undo-steps.js). */
  opIdOf(seq) { return this.actions.get(seq)?.clientOpId; }

  /** An independent copy: applying to it leaves this state untouched. */
  clone() {
    const copy = new SessionFold();
    copy.lastSeq = this.lastSeq;
    for (const [id, e] of this.strokes) copy.strokes.set(id, { ...e, erasers: new Set(e.erasers) });
    for (const [seq, a] of this.actions) copy.actions.set(seq, a); // actions are never mutated
    copy.inactive = new Set(this.inactive);
    for (const [id, seqs] of this.actionsByStroke) copy.actionsByStroke.set(id, [...seqs]);
    copy.correctionsBySeq = new Map(this.correctionsBySeq);
    copy.activeCorrections = new Set(this.activeCorrections);
    for (const [id, r] of this.screenAdds) copy.screenAdds.set(id, r.clone());
    for (const [id, r] of this.screenRenames) copy.screenRenames.set(id, r.clone());
    copy.screenFirstSeq = new Map(this.screenFirstSeq);
    copy.title = this.title.clone();
    copy.consent = this.consent.clone();
    copy.themeRegister = this.themeRegister.clone();
    for (const [a, s] of this.undoStacks) copy.undoStacks.set(a, [...s]);
    for (const [a, s] of this.redoStacks) copy.redoStacks.set(a, [...s]);
    return copy;
  }
}
