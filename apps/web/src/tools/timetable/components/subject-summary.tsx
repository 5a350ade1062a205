import type { OverrideSummaryEntry } from '@guildhall/contracts/timetable';
import { classDate } from '@guildhall/contracts/timetable-rules';
import { Spinner } from '@/ui/spinner';
import { Tag } from '@/ui/tag';
import { useOverridesAll } from '../api/get-overrides-all';
import type { SchoolConfig } from '../lib/settings';
import { LoadError } from './timetable-view';
import { formatTimetableDate, useTimetableT } from '../messages';

/** 002 §2 Subject Summary: one accordion entry per subject, 'subject name (code)', its dated entries. */
export function SubjectSummary({ config }: { config: SchoolConfig }) {
  const summary = useOverridesAll();
  const { t, language } = useTimetableT();
  if (summary.isPending) return <Spinner label={t('summary.loading')} />;
  if (summary.isError) return <LoadError error={summary.error} />;
  if (summary.data.length === 0) return <p className="tt-muted">{t('summary.none')}</p>;

  const groups = new Map<string, OverrideSummaryEntry[]>();
  for (const entry of summary.data) {
    const key = t('summary.title', { name: entry.subject_name, code: entry.subject_code });
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return (
    <div className="tt-accordion">
      {[...groups].map(([title, entries]) => (
        <details key={title} className="tt-accordion__item">
          {/* 002 §2: the title is 'subject name (code)' and nothing else; the count is a badge beside it (issue 10 item 21). */}
          <summary className="tt-accordion__title">
            <span>{title}</span> <Tag>{t('summary.entries', { count: entries.length })}</Tag>
          </summary>
          <ul className="tt-list">
            {entries.map((e, i) => (
              <li key={`${e.week_start_date}-${e.day_of_week}-${i}`} className="tt-summary-entry">
                <span className="tt-nowrap">
                  {formatTimetableDate(language, classDate(e.week_start_date, e.day_of_week, config.weekStartsOn))}
                </span>
                <span className={`tt-status-text tt-status--${e.status.toLowerCase().replace(/[^a-z]+/g, '-')}`}>
                  {t(`classStatus.${e.status}`)}
                </span>
                <span className="tt-pre">{e.notes || '—'}</span>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
