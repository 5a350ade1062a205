import { createContext } from 'react';
import type { TimetableConfigAnswer } from '@guildhall/contracts/timetable';

/**
 * Decision 0064: how far the server's clock is ahead of this device's, in ms. The page's "now" (this
 * week, today, the statuses, Due, the header clock) is the device's clock plus this, so a phone set to
 * a wrong date still shows the school's real day. 0 outside the page (a component drawn on its own).
 */
export const ServerClockOffset = createContext(0);

const offsets = new WeakMap<TimetableConfigAnswer, number>();

/**
 * The offset `answer.serverNow` gives, measured the first time the page draws that answer: as it
 * arrives, whether fetched or carried in a page the server drew (decision 0039). Kept per answer, so
 * the page drawn again later (after a visit to another tool) does not measure the same old serverNow
 * against a later device time; a new answer (the page asks again, see get-config.ts) is measured
 * afresh.
 */
export function measureServerClock(answer: TimetableConfigAnswer): number {
  let offset = offsets.get(answer);
  if (offset === undefined) {
    offset = answer.serverNow - Date.now();
    offsets.set(answer, offset);
  }
  return offset;
}
