// Share links: the session and its capability token travel in the URL fragment, which
// browsers never send to the server. Tokens this browser was given are remembered so the
// share dialog can offer both links.

const TOKENS_KEY = (session) => `sketchd.tokens.${session}`;

/** Reads `#session=...&token=...`. */
export function parseFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const session = params.get('session');
  const token = params.get('token');
  return session && token ? { session, token } : { session: null, token: null };
}

/** The fragment naming a session and token. */
export function fragmentFor(session, token) {
  return `#session=${encodeURIComponent(session)}&token=${encodeURIComponent(token)}`;
}

/** A full link to the session with a token. */
export function shareLink(session, token, location = globalThis.location) {
  return `${location.origin}${location.pathname}${fragmentFor(session, token)}`;
}

/** Remembers what this browser knows of a session's tokens ({edit?, view?}). */
export function rememberTokens(session, tokens) {
  const known = knownTokens(session);
  localStorage.setItem(TOKENS_KEY(session), JSON.stringify({ ...known, ...tokens }));
}

/** Forgets a token of a session that no longer works (revoked). */
export function forgetToken(session, role) {
  const known = knownTokens(session);
  delete known[role];
  localStorage.setItem(TOKENS_KEY(session), JSON.stringify(known));
}

/** The tokens this browser knows for a session. */
export function knownTokens(session) {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY(session)) ?? '{}') ?? {};
  } catch {
    return {};
  }
}
