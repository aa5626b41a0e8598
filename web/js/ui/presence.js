// Other people's cursors (with names) and their strokes while they draw them (`ink`). Ink is
// drawn by the page's render (`render()`), which `onDirty` asks for.

const INK_EXPIRY_MS = 15_000;
/** Where a cursor's name starts, right of and below the pointer's tip (app.css, `.cursor-name`). */
const NAME_OFFSET = { x: 14, y: 12 };

export class PeerPresence {
  /**
   * @param {(screenId: string) => import('../canvas/screen-view.js').ScreenView | undefined} viewOf
   * @param {(strokeId: string) => boolean} isStored whether a stroke's record has arrived (late ink is dropped)
   * @param {() => void} onDirty some ink changed: the page should render
   */
  constructor(viewOf, isStored, onDirty) {
    this.viewOf = viewOf;
    this.isStored = isStored;
    this.onDirty = onDirty;
    this.cursors = new Map();
    /** in-progress strokes by stroke id */
    this.inks = new Map();
    this.dirtyScreens = new Set();
    setInterval(() => this.#expire(), 5_000);
  }

  /** A `presence` message. */
  moveCursor({ clientId, name, color, screen, x, y }) {
    let cursor = this.cursors.get(clientId);
    if (!cursor) {
      const node = document.createElement('div');
      node.className = 'cursor';
      node.innerHTML = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M1 1l5 14 2-6 6-2z" fill="currentColor" stroke="#fff" stroke-width="1"/></svg><span class="cursor-name"></span>';
      cursor = { node };
      this.cursors.set(clientId, cursor);
    }
    Object.assign(cursor, { screen, x, y });
    cursor.node.style.color = color || '#555';
    cursor.node.querySelector('.cursor-name').textContent = name || clientId;
    cursor.node.querySelector('.cursor-name').style.background = color || '#555';
    this.#place(cursor);
  }

  /** A `left` message: the person went. */
  leave(clientId) {
    this.cursors.get(clientId)?.node.remove();
    this.cursors.delete(clientId);
    for (const [id, ink] of this.inks) if (ink.from === clientId) this.#dropInk(id, ink);
  }

  /** Re-places every cursor (after a zoom change). */
  relayout() { for (const cursor of this.cursors.values()) this.#place(cursor); }

  #place(cursor) {
    const view = this.viewOf(cursor.screen);
    if (!view) { cursor.node.remove(); return; }
    if (cursor.node.parentElement !== view.cursorLayer) view.cursorLayer.append(cursor.node);
    const [left, top] = [cursor.x * view.scale, cursor.y * view.scale];
    cursor.node.style.transform = `translate(${left}px, ${top}px)`;
    // The frame clips what runs past its edge: near one, the name goes to the other side of the tip.
    const name = cursor.node.querySelector('.cursor-name');
    if (cursor.measured !== name.textContent) {
      cursor.measured = name.textContent;
      cursor.nameSize = [name.offsetWidth, name.offsetHeight];
    }
    cursor.node.classList.toggle('name-left', left + NAME_OFFSET.x + cursor.nameSize[0] > view.frame.clientWidth);
    cursor.node.classList.toggle('name-above', top + NAME_OFFSET.y + cursor.nameSize[1] > view.frame.clientHeight);
  }

  /** An `ink` message: more points of someone's stroke in progress. */
  addInk({ from, strokeId, screen, points, color, width }) {
    if (!strokeId || !Array.isArray(points) || this.isStored(strokeId)) return;
    let ink = this.inks.get(strokeId);
    if (!ink) {
      ink = { from, screen, points: [], color: color || '#1b1f24', width: width || 2 };
      this.inks.set(strokeId, ink);
    }
    ink.points.push(...points.filter((p) => Array.isArray(p) && p.length >= 2));
    ink.updated = Date.now();
    this.#redraw(screen);
  }

  /** The stroke was stored: its live ink gives way to the stored stroke. */
  strokeStored(strokeId) {
    const ink = this.inks.get(strokeId);
    if (ink) this.#dropInk(strokeId, ink);
  }

  /** Redraws every screen's peer ink (after a zoom change). */
  redrawAll() { for (const ink of this.inks.values()) this.#redraw(ink.screen); }

  #dropInk(id, ink) {
    this.inks.delete(id);
    this.#redraw(ink.screen);
  }

  /** Redraws the peer ink of the screens whose ink changed since the last render. */
  render() {
    for (const id of this.dirtyScreens) {
      const view = this.viewOf(id);
      if (!view) continue;
      view.renderPeerInk([...this.inks.values()].filter((ink) => ink.screen === id && ink.points.length));
    }
    this.dirtyScreens.clear();
  }

  #redraw(screen) {
    this.dirtyScreens.add(screen);
    this.onDirty();
  }

  #expire() {
    const now = Date.now();
    for (const [id, ink] of this.inks) if (now - ink.updated > INK_EXPIRY_MS) this.#dropInk(id, ink);
  }
}
