import type { AdminApplication } from '@guildhall/contracts/recruitment';
import { Tag } from '@/ui/tag';
import { daysSince, tallyText } from '../lib/audit-text';

/**
 * Issue 13 items 1, 2, 5, 6 on a card: the review tally, "Withdrawn", "Waiting N days" (longer in
 * its stage than the setting allows) and Discord DMs to the applicant that failed for good.
 */
export function ApplicationFlags({ application }: { application: AdminApplication }) {
  const failed = application.failedNotifications;
  return (
    <div className="recruitment-flags">
      <span className="recruitment-flags__tally" data-testid="review-tally">
        {tallyText(application.reviews)}
      </span>
      {application.withdrawnAt && <Tag tone="neutral">Withdrawn by the applicant</Tag>}
      {application.waiting && <Tag tone="warning">Waiting {daysSince(application.stageEnteredAt)} days in this stage</Tag>}
      {failed.length > 0 && (
        <p className="recruitment-flags__failed" role="status">
          <Tag tone="danger">DM not delivered</Tag> {failed[0]!.error} ({failed[0]!.attempts} {failed[0]!.attempts === 1 ? 'try' : 'tries'}
          {failed.length > 1 ? `; ${failed.length - 1} earlier failed too` : ''})
        </p>
      )}
    </div>
  );
}
