// Any origin will do: it only tells whether a value stays on "ours" once a browser has parsed it.
const PROBE_ORIGIN = 'http://return-to.invalid';
const MAX_LENGTH = 2048;
// Control characters (C0, DEL, C1): browsers silently drop tabs and newlines from URLs (so
// "/\t/evil.example" reads as "//evil.example"), and CR/LF cannot go into a Location header at all.
// Lone surrogates are not text. A backslash reads as a slash in http(s) URLs.
const REFUSED_CHARACTERS = /[\p{Cc}\p{Cs}\\]/u;

/**
 * Issue 10 item 1: where to send the browser after sign-in or sign-out. Only a path on our own
 * origin is accepted, and it is answered as the URL parser normalises it (dot segments resolved,
 * non-ASCII percent-encoded, so it is always a valid header value); anything else, including a path
 * that normalises to "//host", answers `fallback`.
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || REFUSED_CHARACTERS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== PROBE_ORIGIN || path.startsWith('//')) return fallback;
  // Percent-encoding makes each non-ASCII character up to 12 characters: a path of 2,048 characters of
  // Thai became a Location header of 18 KB, past what proxies take (nginx: 4-8 KB for all headers).
  if (path.length > MAX_LENGTH) return fallback;
  return path;
}
