import { useEffect, useState } from 'react';

/**
 * The time now, drawn again when the next of `instants` (epoch ms) passes: a booking that starts
 * while the staff page is open turns its Cancel into Attended / No-show at its start. `Date.now()`
 * read while drawing stayed as it was until something else drew the page.
 */
export function useNowPast(instants: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = instants.reduce((soonest, at) => (at > now && at < soonest ? at : soonest), Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    // setTimeout holds at most 2^31-1 ms (about 24 days); a later start re-arms when this one fires.
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0) + 50, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [next, now]);
  return now;
}
