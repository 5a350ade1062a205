import type { AuditEntry, ReviewTally } from '@guildhall/contracts/recruitment';

/** What one audit entry says after its actor's name (issue 13 adds reviews, withdrawals and edits). */
export function auditText(entry: AuditEntry): string {
  switch (entry.kind) {
    case 'stage':
      return `moved the stage from ${entry.from ?? 'none'} to ${entry.to ?? 'none'}`;
    case 'feedback':
      return entry.to ? `set the feedback to “${entry.to}”` : 'cleared the feedback';
    case 'review':
      return entry.from ? `changed their review from ${entry.from} to ${entry.to}` : `reviewed: ${entry.to}`;
    case 'withdraw':
      return 'withdrew the application';
    case 'edit':
      return 'edited the application';
  }
}

/** Issue 13 item 1: the tally as one line: "2 reviews · 1 yes · 1 no · 0 abstain · average 3.5 / 5". */
export function tallyText(tally: ReviewTally): string {
  const count = tally.count === 1 ? '1 review' : `${tally.count} reviews`;
  if (tally.hidden) return tally.count ? `${count} · hidden until you review` : 'No reviews yet';
  if (!tally.count) return 'No reviews yet';
  const average = tally.averageScore === null ? '' : ` · average ${tally.averageScore.toFixed(1)} / 5`;
  return `${count} · ${tally.yes} yes · ${tally.no} no · ${tally.abstain} abstain${average}`;
}

/** Whole days since an ISO time, for "waiting N days". */
export function daysSince(iso: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 86_400_000));
}
