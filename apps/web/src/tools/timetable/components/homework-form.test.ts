import { describe, expect, it } from 'vitest';
import { validateHomework } from './homework-form';

const valid = { title: 'Essay', details: '', subject_code: 'ENG', due_date: '2025-10-24', due_time: '08:30', status: 'Pending' as const };

describe('002 §5 homework form checks', () => {
  it('accepts a complete item', () => {
    expect(validateHomework(valid, false)).toEqual({});
  });

  it('requires title, subject, due date and due time', () => {
    expect(validateHomework({ ...valid, title: '  ', subject_code: '', due_date: '', due_time: '' }, false)).toEqual({
      title: 'Title is required.',
      subject_code: 'Subject is required.',
      due_date: 'Due date is required.',
      due_time: 'Due time is required.',
    });
  });

  it('refuses an impossible date or time, and a missing status when editing', () => {
    expect(validateHomework({ ...valid, due_date: '2025-02-30', due_time: '25:00' }, false)).toEqual({
      due_date: 'Enter a real date.',
      due_time: 'Enter a time as HH:MM.',
    });
    expect(validateHomework({ ...valid, status: '' as never }, true)).toEqual({ status: 'Status is required.' });
    expect(validateHomework({ ...valid, status: '' as never }, false)).toEqual({});
  });
});
