import type { CheckStatusAnswer } from '@guildhall/contracts/bureau';
import { DetailList } from '@/ui/detail-list';
import { StatusCard } from '@/ui/status-card';
import { Tag } from '@/ui/tag';
import { toCheckerView } from '../lib/checker-view';

/** One of the three result cards of 001 §2: Not Found, User Verified (green), User Not Verified (amber). */
export function CheckerResult({ answer }: { answer: CheckStatusAnswer }) {
  const view = toCheckerView(answer);
  return (
    <StatusCard tone={view.tone} title={view.title}>
      {view.message && <p>{view.message}</p>}
      {view.accounts.length > 0 && (
        <DetailList
          items={[
            ...view.accounts.map((a) => ({ label: a.label, value: <span className="checker-result__value">{a.value}</span> })),
            ...(view.robloxStatus
              ? [
                  {
                    label: 'Roblox Status',
                    value: <Tag tone={view.robloxStatus === 'Banned' ? 'danger' : 'success'}>{view.robloxStatus}</Tag>,
                  },
                ]
              : []),
          ]}
        />
      )}
      {view.ban && (
        <section className="checker-result__ban" aria-label="Ban details">
          <h3>Ban details</h3>
          <DetailList items={view.ban} />
        </section>
      )}
    </StatusCard>
  );
}
