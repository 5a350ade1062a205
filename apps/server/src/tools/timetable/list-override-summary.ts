import type { OverrideSummaryEntry } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';

/** 002 §2 Subject Summary, from 002 §7 GET /overrides/all: the owner's overrides with their subject. */
export async function listOverrideSummary(deps: TimetableDeps, ownerId: number): Promise<OverrideSummaryEntry[]> {
  return deps.store.listOverrideSummary(ownerId);
}
