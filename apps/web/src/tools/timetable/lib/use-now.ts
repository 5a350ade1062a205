import { useEffect, useState } from 'react';

/** The browser's clock, re-read every `intervalMs` (002 §9: clocks tick every 1 s; re-evaluation every 30 s). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * 002 §4: the timetable re-evaluates every 30 s and flashes for 1 s. Answers the instant the
 * statuses are derived from and whether the flash is on.
 */
export function useReevaluation(everyMs = 30_000, flashMs = 1_000): { evaluatedAt: number; flashing: boolean } {
  const [state, setState] = useState(() => ({ evaluatedAt: Date.now(), flashing: false }));
  useEffect(() => {
    let off: number | undefined;
    const timer = window.setInterval(() => {
      setState({ evaluatedAt: Date.now(), flashing: true });
      off = window.setTimeout(() => setState((s) => ({ ...s, flashing: false })), flashMs);
    }, everyMs);
    return () => {
      window.clearInterval(timer);
      if (off !== undefined) window.clearTimeout(off);
    };
  }, [everyMs, flashMs]);
  return state;
}
