import type { Homework } from '@guildhall/contracts/timetable';
import { displayHomeworkId, homeworkDisplayStatus } from '@guildhall/contracts/timetable-rules';
import { Modal } from '@/ui/modal';
import { HomeworkStatusTag } from './homework-status-tag';
import { formatTimetableDate, useTimetableT } from '../messages';

export interface HomeworkDetailsModalProps {
  subject: string | null;
  homework: readonly Homework[];
  now: number;
  timeZone: string;
  onClose(): void;
}

/** 002 §2: the '!' marker opens the details of the class's homework. */
export function HomeworkDetailsModal({ subject, homework, now, timeZone, onClose }: HomeworkDetailsModalProps) {
  const { t, language } = useTimetableT();
  return (
    <Modal open={subject !== null} onOpenChange={(open) => !open && onClose()} title={t('homeworkFor', { subject: subject ?? '' })}>
      <ul className="tt-list">
        {homework.map((h) => (
          <li key={h.id} className="tt-card">
            <div className="tt-card__head">
              <strong>{h.title}</strong>
              <HomeworkStatusTag status={homeworkDisplayStatus(h, now, timeZone)} />
            </div>
            <p className="tt-muted">
              {t('homework.detailsMeta', {
                id: displayHomeworkId(h.homework_id),
                date: formatTimetableDate(language, h.due_date),
                time: h.due_time,
              })}
            </p>
            {h.details && <p className="tt-pre">{h.details}</p>}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
