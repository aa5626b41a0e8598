// What to do with an op the server refused (docs/PROTOCOL.md, "Errors"): some refusals are for
// now (a rate limit, storage that cannot be written at the moment), and the op is kept and sent
// again; every other refusal is for good, and retrying would be refused again.

/** Codes that refuse an op for now: keep it and send it again after `retryAfterMs`. */
export const RETRYABLE_CODES = new Set(['rate_limited', 'storage_unavailable']);

/** Codes that refuse a join or a createSession for now: reconnect with back-off. */
export const RETRYABLE_JOIN_CODES = new Set(['storage_unavailable', 'sessions_full', 'rate_limited', 'busy']);

/**
 * How to treat an `error` about an op: `{retry: true, afterMs}` to keep it and send it (and
 * everything after it) again, or `{retry: false}` to discard it.
 */
export function opRefusal(msg) {
  if (!RETRYABLE_CODES.has(msg.code)) return { retry: false };
  const afterMs = Number.isFinite(msg.retryAfterMs) && msg.retryAfterMs > 0 ? Math.min(msg.retryAfterMs, 30000) : 1000;
  return { retry: true, afterMs };
}
