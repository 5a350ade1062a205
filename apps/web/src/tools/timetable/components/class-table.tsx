import type { ReactNode } from 'react';
import { ClassStatus, type Homework, type ScheduleItem } from '@guildhall/contracts/timetable';
import {
  CLASS_STATUSES,
  canEditNotes,
  classDate,
  displayClassStatus,
  homeworkForClass,
  isPastDay,
} from '@guildhall/contracts/timetable-rules';
import { Table, type TableColumn } from '@/ui/table';
import type { SchoolConfig } from '../lib/settings';
import { useTimetableT } from '../messages';

export interface ClassTableProps {
  caption: ReactNode;
  captionHidden?: boolean;
  items: readonly ScheduleItem[];
  weekStart: string;
  /** The instant statuses are derived from (re-read every 30 s, 002 §4). */
  now: number;
  config: SchoolConfig;
  homework: readonly Homework[];
  /** 002 §4: the dropdown is disabled in Today's Past and for past days in Full Week. */
  pastView?: boolean;
  onStatusChange(item: ScheduleItem, status: ClassStatus): void;
  onOpenNotes(item: ScheduleItem): void;
  onOpenHomework(item: ScheduleItem, homework: Homework[]): void;
}

const statusSlug = (status: string) => status.toLowerCase().replace(/[^a-z]+/g, '-');

/** 002 §2 table columns: Time, Subject No., Subject Name, Room, Status. */
export function ClassTable({
  caption,
  captionHidden = false,
  items,
  weekStart,
  now,
  config,
  homework,
  pastView = false,
  onStatusChange,
  onOpenNotes,
  onOpenHomework,
}: ClassTableProps) {
  const notesOpen = canEditNotes(weekStart, now, config);
  const { t } = useTimetableT();
  const columns: TableColumn<ScheduleItem>[] = [
    {
      key: 'time',
      header: t('columns.time'),
      render: (i) => (
        <>
          <CellLabel text={t('columns.time')} />
          <span className="tt-nowrap">{`${i.start_time} - ${i.end_time}`}</span>
        </>
      ),
    },
    {
      key: 'code',
      header: t('columns.code'),
      render: (i) => (
        <>
          <CellLabel text={t('columns.code')} />
          {i.subject_code}
        </>
      ),
    },
    {
      key: 'name',
      header: t('columns.name'),
      rowHeader: true,
      render: (item) => {
        const due = homeworkForClass(homework, item.subject_code, classDate(weekStart, item.day_of_week, config.weekStartsOn));
        return (
          <div className="tt-subject">
            <span className="tt-subject__name">{item.subject_name}</span>
            {due.length > 0 && (
              <button
                type="button"
                className="tt-marker"
                aria-label={t('homeworkFor', { subject: item.subject_name })}
                title={t('homeworkDue')}
                onClick={() => onOpenHomework(item, due)}
              >
                !
              </button>
            )}
            {notesOpen ? (
              <button
                type="button"
                className="tt-icon-button"
                aria-label={t('notesFor', { subject: item.subject_name })}
                title={t('editNotes')}
                onClick={() => onOpenNotes(item)}
              >
                <PencilIcon />
              </button>
            ) : (
              // 002 §5: beyond next week the icon is disabled and explains why.
              <span
                className="tt-icon-button tt-icon-button--disabled tt-tip"
                role="img"
                aria-label={t('notesLocked')}
                title={t('notesLocked')}
                data-tip={t('notesLocked')}
                tabIndex={0}
              >
                <PencilIcon />
              </span>
            )}
            {item.notes && <span className="tt-subject__notes">{item.notes}</span>}
          </div>
        );
      },
    },
    {
      key: 'room',
      header: t('columns.room'),
      render: (i) => (
        <>
          <CellLabel text={t('columns.room')} />
          {i.room}
        </>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (item) => {
        const shown = displayClassStatus(item, weekStart, now, config);
        const locked = pastView || isPastDay(weekStart, item.day_of_week, now, config);
        return (
          <>
            <CellLabel text={t('columns.status')} />
            <select
              className={`tt-status tt-status--${statusSlug(shown)}`}
              aria-label={t('statusOf', { subject: item.subject_name, time: item.start_time })}
              value={shown}
              disabled={locked}
              onChange={(e) => onStatusChange(item, ClassStatus.parse(e.target.value))}
            >
              {CLASS_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`classStatus.${s}`)}
                </option>
              ))}
            </select>
          </>
        );
      },
    },
  ];
  return (
    <Table
      caption={caption}
      captionHidden={captionHidden}
      columns={columns}
      rows={items}
      rowKey={(i) => i.id}
      minWidth={640}
      empty={t('messages.noClasses')}
    />
  );
}

/**
 * The column's name inside each cell, shown only when a row is a card (below 640 px, issue 16 item
 * 2); the table's own header names the column for assistive technology.
 */
function CellLabel({ text }: { text: string }) {
  return (
    <span className="tt-cell-label" aria-hidden="true">
      {text}
    </span>
  );
}

function PencilIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  );
}
