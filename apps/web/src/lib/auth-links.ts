/**
 * Where the browser goes to sign in or out. These are full page loads, not fetches: the Discord
 * login is a redirect dance (ARCHITECTURE.md §4) and logout clears an HttpOnly cookie. Signing out
 * is a form POST to signOutUrl (issue 10 item 2), never a link.
 */
export function discordSignInUrl(returnTo: string): string {
  return `/auth/discord/login?returnTo=${encodeURIComponent(safeReturnPath(returnTo))}`;
}

export function signOutUrl(returnTo = '/'): string {
  return `/auth/logout?returnTo=${encodeURIComponent(safeReturnPath(returnTo))}`;
}

/** Only same-site paths: "//evil.example" and absolute URLs fall back to the home page (the server checks again). */
export function safeReturnPath(value: string): string {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}
