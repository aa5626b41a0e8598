// The page's one render loop: anything that changes what is shown asks for a frame, and the
// render runs once in that frame however many asked. `flush()` renders at once instead (a
// finished stroke is drawn into the stored layer in the frame its live ink is cleared).

export class FrameScheduler {
  /**
   * @param {() => void} render draws everything that changed
   * @param {{requestFrame?: (fn: () => void) => number, cancelFrame?: (id: number) => void}} [clock]
   */
  constructor(render, { requestFrame = (fn) => requestAnimationFrame(fn), cancelFrame = (id) => cancelAnimationFrame(id) } = {}) {
    Object.assign(this, { render, requestFrame, cancelFrame });
    this.frame = 0;
    this.rendering = false;
    this.again = false;
  }

  /** Renders in the next frame (once, however often it is asked). */
  request() {
    if (this.rendering) { this.again = true; return; }
    if (this.frame) return;
    this.frame = this.requestFrame(() => { this.frame = 0; this.flush(); });
  }

  /** Renders now; a frame already asked for is not needed any more. */
  flush() {
    if (this.frame) { this.cancelFrame(this.frame); this.frame = 0; }
    if (this.rendering) { this.again = true; return; }
    this.rendering = true;
    try {
      this.render();
    } finally {
      this.rendering = false;
    }
    // What the render itself changed (a fit that resized the screens) is drawn in the next frame.
    if (this.again) { this.again = false; this.request(); }
  }
}
