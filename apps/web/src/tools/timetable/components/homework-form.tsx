import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Homework } from '@guildhall/contracts/timetable';
import { HOMEWORK_STATUSES, isHhMm, isIsoDate } from '@guildhall/contracts/timetable-rules';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField, TextField } from '@/ui/field';
import { useTimetableT } from '../messages';

export interface SubjectChoice {
  code: string;
  name: string;
}

/** The fields a person edits: 002 §3 Homework from the shared contract, less the ids the server gives. */
export type HomeworkFormValues = Omit<Homework, 'id' | 'homework_id'>;

export interface HomeworkFormProps {
  /** The item being edited, or null to add one. */
  editing: Homework | null;
  subjects: readonly SubjectChoice[];
  saving: boolean;
  /** Why the last save was refused, said beside the buttons (a toast there covered them at 390 px). */
  notice?: string | undefined;
  onSubmit(values: HomeworkFormValues): void;
  onCancel(): void;
}

type Errors = Partial<Record<keyof HomeworkFormValues, string>>;

/** The sentences of the form's checks (messages/*.json homeworkForm.errors; English when not given). */
type ErrorWords = Record<'title' | 'subject' | 'dueDate' | 'realDate' | 'dueTime' | 'realTime' | 'status', string>;
const ENGLISH_ERRORS: ErrorWords = {
  title: 'Title is required.',
  subject: 'Subject is required.',
  dueDate: 'Due date is required.',
  realDate: 'Enter a real date.',
  dueTime: 'Due time is required.',
  realTime: 'Enter a time as HH:MM.',
  status: 'Status is required.',
};

/** 002 §5: title, subject, due date and due time are required; status is required when editing. */
export function validateHomework(values: HomeworkFormValues, editing: boolean, words: ErrorWords = ENGLISH_ERRORS): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = words.title;
  if (!values.subject_code) errors.subject_code = words.subject;
  if (!values.due_date) errors.due_date = words.dueDate;
  else if (!isIsoDate(values.due_date)) errors.due_date = words.realDate;
  if (!values.due_time) errors.due_time = words.dueTime;
  else if (!isHhMm(values.due_time)) errors.due_time = words.realTime;
  if (editing && !values.status) errors.status = words.status;
  return errors;
}

export function HomeworkForm({ editing, subjects, saving, notice, onSubmit, onCancel }: HomeworkFormProps) {
  const [values, setValues] = useState<HomeworkFormValues>(() =>
    editing
      ? {
          title: editing.title,
          details: editing.details,
          subject_code: editing.subject_code,
          due_date: editing.due_date,
          due_time: editing.due_time,
          status: editing.status,
        }
      : { title: '', details: '', subject_code: '', due_date: '', due_time: '', status: 'Pending' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const { t } = useTimetableT();
  // Decision 0057: after a save refused as changed in another tab, the page hands the form the item as
  // it is now. What the person typed stays; a field they left alone takes the new value, so a second
  // Save keeps the other tab's change (a Done marked there) instead of putting the old value back.
  const opened = useRef(editing);
  useEffect(() => {
    const before = opened.current;
    opened.current = editing;
    if (!before || !editing || before === editing) return;
    setValues((typed) => {
      const next = { ...typed };
      for (const key of Object.keys(typed) as (keyof HomeworkFormValues)[])
        if (typed[key] === before[key]) Object.assign(next, { [key]: editing[key] });
      return next;
    });
  }, [editing]);
  const set = (key: keyof HomeworkFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  // 002 §5: the subject choices are the distinct subject codes in the schedule (plus the item's own).
  const choices = [...subjects];
  if (editing && !choices.some((s) => s.code === editing.subject_code))
    choices.push({ code: editing.subject_code, name: editing.subject_code });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validateHomework(values, editing !== null, t('homeworkForm.errors', { returnObjects: true }) as unknown as ErrorWords);
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit({ ...values, title: values.title.trim() });
  };

  return (
    <form className="tt-stack" onSubmit={submit} noValidate aria-label={t(editing ? 'homeworkForm.editLabel' : 'homeworkForm.addLabel')}>
      <TextField
        label={t('homeworkForm.title')}
        value={values.title}
        onChange={set('title')}
        error={errors.title}
        maxLength={200}
        required
      />
      <SelectField
        label={t('homeworkForm.subject')}
        value={values.subject_code}
        onChange={set('subject_code')}
        error={errors.subject_code}
        required
        options={[
          { value: '', label: t('homeworkForm.selectSubject') },
          ...choices.map((s) => ({ value: s.code, label: t('summary.title', { name: s.name, code: s.code }) })),
        ]}
      />
      <div className="tt-row">
        <TextField
          label={t('homeworkForm.dueDate')}
          type="date"
          value={values.due_date}
          onChange={set('due_date')}
          error={errors.due_date}
          required
        />
        <TextField
          label={t('homeworkForm.dueTime')}
          type="time"
          value={values.due_time}
          onChange={set('due_time')}
          error={errors.due_time}
          required
        />
      </div>
      {editing && (
        <SelectField
          label={t('homeworkForm.status')}
          value={values.status}
          onChange={set('status')}
          error={errors.status}
          required
          options={HOMEWORK_STATUSES.map((s) => ({ value: s, label: t(`homeworkForm.statuses.${s}`) }))}
        />
      )}
      <TextAreaField label={t('homeworkForm.details')} value={values.details} onChange={set('details')} maxLength={5000} />
      {notice && (
        <p className="tt-error" role="alert">
          {notice}
        </p>
      )}
      <div className="tt-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('homework.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {t(editing ? 'homeworkForm.save' : 'homework.add')}
        </Button>
      </div>
    </form>
  );
}
