import type { Homework } from '@guildhall/contracts/timetable';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HomeworkForm } from './homework-form';
import { testHomework } from '../lib/test-timetable';

const subjects = [
  { code: 'ENG', name: 'English' },
  { code: 'MAT', name: 'Mathematics' },
];

function renderForm(editing: Homework | null = null) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(<HomeworkForm editing={editing} subjects={subjects} saving={false} onSubmit={onSubmit} onCancel={onCancel} />);
  return { onSubmit, onCancel };
}

describe('002 §5 homework form (rendered)', () => {
  it('adding: every required field says what is missing, and nothing is sent', async () => {
    const { onSubmit } = renderForm();
    expect(screen.getByRole('form', { name: 'Add homework' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Homework' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required.');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveAccessibleDescription('Subject is required.');
    expect(screen.getByLabelText('Due date')).toHaveAccessibleDescription('Due date is required.');
    expect(screen.getByLabelText('Due time')).toHaveAccessibleDescription('Due time is required.');
  });

  it('offers the schedule subjects, and sends a complete item with the title trimmed', async () => {
    const { onSubmit } = renderForm();
    const subject = screen.getByRole('combobox', { name: 'Subject' });
    expect([...subject.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select a subject',
      'English (ENG)',
      'Mathematics (MAT)',
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '  Essay  ');
    await userEvent.selectOptions(subject, 'MAT');
    await userEvent.type(screen.getByLabelText('Due date'), '2025-10-24');
    await userEvent.type(screen.getByLabelText('Due time'), '08:30');
    await userEvent.type(screen.getByRole('textbox', { name: 'Details' }), 'Chapter 3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Homework' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Essay',
      details: 'Chapter 3',
      subject_code: 'MAT',
      due_date: '2025-10-24',
      due_time: '08:30',
      status: 'Pending',
    });
  });

  it('editing: starts from the item, keeps its own subject as a choice, and asks for a status', async () => {
    const item = testHomework(7, {
      homework_id: 'hw-7',
      title: 'Lab report',
      subject_code: 'SCI',
      due_date: '2025-11-01',
      due_time: '23:59',
      status: 'Group Work',
    });
    const { onSubmit, onCancel } = renderForm(item);
    expect(screen.getByRole('form', { name: 'Edit homework' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Lab report');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveValue('SCI');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Group Work');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Graded');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ subject_code: 'SCI', status: 'Graded' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
