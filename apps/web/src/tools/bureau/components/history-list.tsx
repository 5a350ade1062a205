import type { HistoryEntry } from '@guildhall/contracts/bureau';
import { describeActor, describeChange, formatWhen } from '../lib/case-view';

/** Issue 14 item 5: every change to these accounts' pair, ban and cases: who, when, before and after. */
export function HistoryList({ entries }: { entries: readonly HistoryEntry[] }) {
  if (entries.length === 0) return <p className="cases__empty">No changes recorded yet.</p>;
  return (
    <ol className="history__list">
      {entries.map((entry) => (
        <li key={entry.id} className="history__entry">
          <div className="history__meta">
            <time dateTime={new Date(entry.at).toISOString()}>{formatWhen(entry.at)}</time> · {describeActor(entry.actor)}
          </div>
          <div className="history__action">
            <strong>{entry.action}</strong> {entry.entity === 'case' ? `case No. ${entry.key}` : `${entry.entity} ${entry.key}`}
          </div>
          {describeChange(entry).map((line) => (
            <div key={line} className="history__change">
              {line}
            </div>
          ))}
        </li>
      ))}
    </ol>
  );
}
