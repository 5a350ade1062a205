import { useContext, useEffect, useState } from 'react';
import { ServerClockOffset } from './server-clock';

/**
 * The page's "now", re-read every `intervalMs` (002 §9: clocks tick every 1 s; re-evaluation every
 * 30 s): the device's clock set right by the server's (decision 0064). The device's clock is what
 * ticks, so a page left open moves on to the next day and week at the school's midnight.
 */
export function useNow(intervalMs: number): number {
  const offset = useContext(ServerClockOffset);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return deviceNow + offset;
}

/**
 * 002 §4: the timetable re-evaluates every 30 s and flashes for 1 s. Answers the instant the
 * statuses are derived from (the page's "now", as useNow) and whether the flash is on.
 */
export function useReevaluation(everyMs = 30_000, flashMs = 1_000): { evaluatedAt: number; flashing: boolean } {
  const offset = useContext(ServerClockOffset);
  const [state, setState] = useState(() => ({ deviceAt: Date.now(), flashing: false }));
  useEffect(() => {
    let off: number | undefined;
    const timer = window.setInterval(() => {
      setState({ deviceAt: Date.now(), flashing: true });
      off = window.setTimeout(() => setState((s) => ({ ...s, flashing: false })), flashMs);
    }, everyMs);
    return () => {
      window.clearInterval(timer);
      if (off !== undefined) window.clearTimeout(off);
    };
  }, [everyMs, flashMs]);
  return { evaluatedAt: state.deviceAt + offset, flashing: state.flashing };
}
