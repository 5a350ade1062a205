import type { HomeworkDisplayStatus } from '@guildhall/contracts/timetable-rules';
import { Tag } from '@/ui/tag';
import type { Tone } from '@/ui/status-card';
import { useTimetableT } from '../messages';

const TONES: Record<HomeworkDisplayStatus, Tone> = {
  Graded: 'success',
  Done: 'success',
  'Group Work': 'neutral',
  Scheduled: 'neutral',
  Due: 'danger',
  Pending: 'warning',
};

/** 002 §4 homework display status as a coloured tag. */
export function HomeworkStatusTag({ status }: { status: HomeworkDisplayStatus }) {
  const { t } = useTimetableT();
  return <Tag tone={TONES[status]}>{t(`homeworkStatus.${status}`)}</Tag>;
}
