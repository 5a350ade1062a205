import { describe, expect, it } from 'vitest';
import type { AuditEntry, ReviewTally } from '@guildhall/contracts/recruitment';
import { auditText, daysSince, tallyText } from './audit-text';

const entry = (kind: AuditEntry['kind'], from: string | null, to: string | null): AuditEntry => ({
  id: 1,
  actorId: 'a',
  actorName: 'A',
  kind,
  from,
  to,
  at: '2026-11-22T00:00:00.000Z',
});
const tally = (over: Partial<ReviewTally>): ReviewTally => ({
  count: 0,
  yes: 0,
  no: 0,
  abstain: 0,
  averageScore: null,
  reviewedByMe: false,
  hidden: false,
  ...over,
});

describe('issue 13 audit and tally texts', () => {
  it('says what each audit entry did', () => {
    expect(auditText(entry('stage', 'Received', 'Interview'))).toBe('moved the stage from Received to Interview');
    expect(auditText(entry('feedback', null, null))).toBe('cleared the feedback');
    expect(auditText(entry('review', null, 'yes'))).toBe('reviewed: yes');
    expect(auditText(entry('review', 'yes', 'no'))).toBe('changed their review from yes to no');
    expect(auditText(entry('withdraw', 'Received', null))).toBe('withdrew the application');
    expect(auditText(entry('edit', null, 'Dispatcher'))).toBe('edited the application');
  });

  it('shows the tally, or only the count under blind review', () => {
    expect(tallyText(tally({}))).toBe('No reviews yet');
    expect(tallyText(tally({ count: 2, yes: 1, no: 1, averageScore: 3.25 }))).toBe(
      '2 reviews · 1 yes · 1 no · 0 abstain · average 3.3 / 5',
    );
    expect(tallyText(tally({ count: 1, hidden: true }))).toBe('1 review · hidden until you review');
  });

  it('counts whole days', () => {
    expect(daysSince('2026-11-20T00:00:00.000Z', Date.parse('2026-11-22T12:00:00.000Z'))).toBe(2);
  });
});
