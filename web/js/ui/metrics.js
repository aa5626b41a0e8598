// Measures, with performance marks, the time from lifting the pen to the preview showing a
// result that includes the stroke: mark at pointer-up, measure when the first recognition
// whose seq covers the stroke's stored seq has been drawn.

export class UpToPreviewMeter {
  constructor() {
    /** @type {Map<string, {screen: string, seq: number|null}>} */
    this.pending = new Map();
    /** Durations in milliseconds, in the order they completed. */
    this.durations = [];
    /** How long the client took to draw each received recognition (ms): its share of the above. */
    this.renderDurations = [];
  }

  /** Times `render()` as the client's part of a preview update. */
  timeRender(render) {
    const start = performance.now();
    render();
    this.renderDurations.push(performance.now() - start);
  }

  pointerUp(strokeId, screen) {
    performance.mark(`sketchd:up:${strokeId}`);
    this.pending.set(strokeId, { screen, seq: null });
  }

  /** The stroke's record came back with this seq. */
  stored(strokeId, seq) {
    const entry = this.pending.get(strokeId);
    if (entry) entry.seq = seq;
  }

  /** The preview now shows the result of `screen` at `seq`. */
  previewShown(screen, seq) {
    for (const [strokeId, entry] of this.pending) {
      if (entry.screen !== screen || entry.seq === null || entry.seq > seq) continue;
      const mark = `sketchd:up:${strokeId}`;
      const measure = performance.measure('sketchd:up-to-preview', mark);
      this.durations.push(measure.duration);
      performance.clearMarks(mark);
      this.pending.delete(strokeId);
    }
  }

  /** {count, p50, p95} in milliseconds (nearest-rank percentiles). */
  summary() {
    const render = percentiles(this.renderDurations);
    return { ...percentiles(this.durations), renderP50: render.p50, renderP95: render.p95 };
  }
}

/** {count, p50, p95} of some durations (nearest-rank percentiles). */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
  return { count: sorted.length, p50: rank(50), p95: rank(95) };
}
