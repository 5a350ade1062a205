import { useState, type FormEvent } from 'react';
import type { Homework } from '@guildhall/contracts/timetable';
import { HOMEWORK_STATUSES, isHhMm, isIsoDate } from '@guildhall/contracts/timetable-rules';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField, TextField } from '@/ui/field';

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
  onSubmit(values: HomeworkFormValues): void;
  onCancel(): void;
}

type Errors = Partial<Record<keyof HomeworkFormValues, string>>;

/** 002 §5: title, subject, due date and due time are required; status is required when editing. */
export function validateHomework(values: HomeworkFormValues, editing: boolean): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = 'Title is required.';
  if (!values.subject_code) errors.subject_code = 'Subject is required.';
  if (!values.due_date) errors.due_date = 'Due date is required.';
  else if (!isIsoDate(values.due_date)) errors.due_date = 'Enter a real date.';
  if (!values.due_time) errors.due_time = 'Due time is required.';
  else if (!isHhMm(values.due_time)) errors.due_time = 'Enter a time as HH:MM.';
  if (editing && !values.status) errors.status = 'Status is required.';
  return errors;
}

export function HomeworkForm({ editing, subjects, saving, onSubmit, onCancel }: HomeworkFormProps) {
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
  const set = (key: keyof HomeworkFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  // 002 §5: the subject choices are the distinct subject codes in the schedule (plus the item's own).
  const choices = [...subjects];
  if (editing && !choices.some((s) => s.code === editing.subject_code))
    choices.push({ code: editing.subject_code, name: editing.subject_code });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validateHomework(values, editing !== null);
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit({ ...values, title: values.title.trim() });
  };

  return (
    <form className="tt-stack" onSubmit={submit} noValidate aria-label={editing ? 'Edit homework' : 'Add homework'}>
      <TextField label="Title" value={values.title} onChange={set('title')} error={errors.title} maxLength={200} required />
      <SelectField
        label="Subject"
        value={values.subject_code}
        onChange={set('subject_code')}
        error={errors.subject_code}
        required
        options={[{ value: '', label: 'Select a subject' }, ...choices.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))]}
      />
      <div className="tt-row">
        <TextField label="Due date" type="date" value={values.due_date} onChange={set('due_date')} error={errors.due_date} required />
        <TextField label="Due time" type="time" value={values.due_time} onChange={set('due_time')} error={errors.due_time} required />
      </div>
      {editing && (
        <SelectField
          label="Status"
          value={values.status}
          onChange={set('status')}
          error={errors.status}
          required
          options={HOMEWORK_STATUSES.map((s) => ({ value: s, label: s }))}
        />
      )}
      <TextAreaField label="Details" value={values.details} onChange={set('details')} maxLength={5000} />
      <div className="tt-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {editing ? 'Save Changes' : 'Add Homework'}
        </Button>
      </div>
    </form>
  );
}
