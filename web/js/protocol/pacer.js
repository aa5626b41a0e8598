// Paces ops below the server's per-client rate limit (PROTOCOL.md: 200 ops burst, 50 a second
// sustained), so a long offline queue drains steadily instead of bouncing off `rate_limited`.
// Pure: time comes from the caller.

export class Pacer {
  /** @param {{burst: number, perSecond: number}} limits */
  constructor({ burst = 150, perSecond = 40 } = {}) {
    this.burst = burst;
    this.perSecond = perSecond;
    this.tokens = burst;
    this.last = null;
  }

  /** Takes one token at time `nowMs` if there is one; returns whether the op may go now. */
  take(nowMs) {
    if (this.last !== null) this.tokens = Math.min(this.burst, this.tokens + ((nowMs - this.last) / 1000) * this.perSecond);
    this.last = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until the next token, at `nowMs` (after a refused `take`). */
  waitMs() {
    return Math.max(1, Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
  }
}
