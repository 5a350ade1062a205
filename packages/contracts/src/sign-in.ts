/**
 * Decision 0054: a Discord sign-in that did not finish (cancelled on Discord, a state that expired or
 * that no waiting sign-in has (decision 0056), a code Discord refused, Discord unreachable) sends the browser
 * back where it came from with `?signin=<key>`. The address carries a key, never a sentence: anyone
 * can craft one, so the page shows only our own sentences (as the verify center's VERIFY_FAILURES).
 * No zod here: the app shell reads this on every page, before zod has loaded (decision 0035).
 */
export const SIGN_IN_FAILURE_PARAM = 'signin';

/** Why a Discord sign-in did not finish, and what the page (and a JSON answer) says for it. */
export const SIGN_IN_FAILURES = {
  cancelled: 'Discord sign-in was cancelled. You have not been signed in.',
  expired: 'This sign-in link has expired, was used already or was not started here. Please try signing in again.',
  refused: 'Discord refused this sign-in code (it may have been used already). Please try again.',
  unreachable: 'Discord could not be reached. Please try again.',
} as const;
export type SignInFailure = keyof typeof SIGN_IN_FAILURES;

/** The failure an address names, or null for none or for a value that is not one of our keys. */
export function signInFailureOf(value: string | null | undefined): SignInFailure | null {
  return typeof value === 'string' && Object.hasOwn(SIGN_IN_FAILURES, value) ? (value as SignInFailure) : null;
}
