import { useEffect, useState } from 'react';

/**
 * The one clock of the joke screens, the Soviet desktop and the portfolio (002 §4, §9 timings).
 * `?timeScale=N` (1 to 1000) runs every timer N times faster, so a test can watch a whole sequence
 * in a second; people never set it.
 */
export function timeScale(): number {
  const value = Number(new URLSearchParams(window.location.search).get('timeScale'));
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 1000) : 1;
}

/** Calls `fn` after `ms` of scaled time while `active`; cleared on change or unmount. */
export function useAfter(active: boolean, ms: number, fn: () => void): void {
  useEffect(() => {
    if (!active) return;
    const id = window.setTimeout(fn, ms / timeScale());
    return () => window.clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart only when the stage changes
  }, [active, ms]);
}

/** Counts ticks of `ms` scaled time while active (starts at 0 when it becomes active). */
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

/** A wall clock that ticks every second (the taskbar clock), in real time. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
