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
  const [run, setRun] = useState({ active, ms, ticks: 0 });
  // A new run counts from 0 on its very first render, not only once an effect has run: a caller's
  // 0 ms useAfter on the count (the portfolio's alert, 002 §4) saw the last run's count and fired at
  // once. Set during render, so React renders again with 0 before anything is committed.
  if (run.active !== active || run.ms !== ms) setRun({ active, ms, ticks: 0 });
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setRun((r) => ({ ...r, ticks: r.ticks + 1 })), ms / timeScale());
    return () => window.clearInterval(id);
  }, [active, ms]);
  return run.ticks;
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
