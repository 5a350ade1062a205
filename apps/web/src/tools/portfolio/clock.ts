import { useEffect, useState } from 'react';

/**
 * The one clock of the fake computer (issue: "timings driven by one clock so tests can run them
 * fast"): `?timeScale=N` (1 to 1000) runs every timer N times faster.
 */
export function timeScale(): number {
  const value = Number(new URLSearchParams(window.location.search).get('timeScale'));
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 1000) : 1;
}

/** Calls `fn` after `ms` of scaled time while `active`. */
export function useAfter(active: boolean, ms: number, fn: () => void): void {
  useEffect(() => {
    if (!active) return;
    const id = window.setTimeout(fn, ms / timeScale());
    return () => window.clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart only when the stage changes
  }, [active, ms]);
}

/** Ticks of `ms` scaled time since `active` became true. */
export function useTicks(active: boolean, ms: number): number {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    setTicks(0);
    const id = window.setInterval(() => setTicks((t) => t + 1), ms / timeScale());
    return () => window.clearInterval(id);
  }, [active, ms]);
  return ticks;
}
