import { useState, type FormEvent } from 'react';
import { MAX_REPEAT_WEEKS, type ScheduleItem } from '@guildhall/contracts/timetable';
import { byStartTime } from '@guildhall/contracts/timetable-rules';
import { useTimetableT } from '../messages';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField, TextField } from '@/ui/field';

export interface RepeatHomeworkValues {
  schedule_item_id: number;
  title: string;
  details: string;
  weeks: number;
}

/**
 * Issue 16 item 5: homework that repeats weekly on one class of the timetable, due when the class
 * starts, for a number of weeks.
 */
export function RepeatHomeworkForm({
  classes,
  saving,
  onSubmit,
  onCancel,
}: {
  classes: readonly ScheduleItem[];
  saving: boolean;
  onSubmit(values: RepeatHomeworkValues): void;
  onCancel(): void;
}) {
  const sorted = [...classes].sort((a, b) => a.day_of_week - b.day_of_week || byStartTime(a, b));
  const [classId, setClassId] = useState(sorted[0] ? String(sorted[0].id) : '');
  const [title, setTitle] = useState('');
  const [details, setDetails] = useState('');
  const [weeks, setWeeks] = useState('4');
  const [errors, setErrors] = useState<{ title?: string; weeks?: string; class?: string }>({});
  const { t } = useTimetableT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(weeks);
    const next = {
      class: classId ? undefined : t('repeat.classRequired'),
      title: title.trim() ? undefined : t('homeworkForm.errors.title'),
      weeks: Number.isInteger(n) && n >= 1 && n <= MAX_REPEAT_WEEKS ? undefined : t('repeat.weeksRange', { max: MAX_REPEAT_WEEKS }),
    };
    setErrors(next);
    if (next.class || next.title || next.weeks) return;
    onSubmit({ schedule_item_id: Number(classId), title: title.trim(), details, weeks: n });
  };

  return (
    <form className="tt-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('repeat.class')}
        value={classId}
        error={errors.class}
        onChange={(e) => setClassId(e.target.value)}
        options={sorted.map((c) => ({
          value: String(c.id),
          label: t('repeat.classOption', {
            subject: t('summary.title', { name: c.subject_name, code: c.subject_code }),
            day: t(`days.${c.day_of_week}`),
            time: c.start_time,
          }),
        }))}
      />
      <TextField label={t('homeworkForm.title')} value={title} error={errors.title} onChange={(e) => setTitle(e.target.value)} />
      <TextAreaField label={t('homeworkForm.details')} value={details} onChange={(e) => setDetails(e.target.value)} rows={3} />
      <TextField
        label={t('repeat.weeks')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_REPEAT_WEEKS}
        value={weeks}
        error={errors.weeks}
        hint={t('repeat.hint')}
        onChange={(e) => setWeeks(e.target.value)}
      />
      <div className="tt-actions">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('homework.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {t('repeat.submit')}
        </Button>
      </div>
    </form>
  );
}
