import { describe, expect, it } from 'vitest';
import { messageKeys } from '@/lib/i18n/message-parity';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import en from './en.json';
import th from './th.json';
import './index';
import { LoadFailure } from '../lib/messages';

// Issue 16 item 1: 002's English texts stay exact in English; Thai has a text for every one of them.
describe('timetable messages', () => {
  const t = schoolI18n.getFixedT('en', 'timetable');
  const th_ = schoolI18n.getFixedT('th', 'timetable');

  it("keeps 002's English word for word", () => {
    expect([t('tabs.timetable'), t('tabs.homework'), t('tabs.summary')]).toEqual(['Timetable', 'Manage Homework', 'Subject Summary']);
    expect([t('view.upcoming'), t('view.past'), t('view.week')]).toEqual(["Today's Upcoming", "Today's Past", 'Full Week']);
    expect([t('view.prevWeek'), t('view.goToday'), t('view.nextWeek')]).toEqual(['Prev Week', 'Go to Today', 'Next Week']);
    expect(Object.values(en.columns)).toEqual(['Time', 'Subject No.', 'Subject Name', 'Room', 'Status']);
    expect(t('notesFor', { subject: 'Physics' })).toBe('Notes for Physics');
    expect([t('notes.save'), t('notes.cancel')]).toEqual(['Save Notes', 'Cancel']);
    expect(t('messages.noClasses')).toBe('No classes to display.');
    expect(t('error', { message: 'Failed to fetch homework.' })).toBe('Error: Failed to fetch homework.');
    expect(t('notesLocked')).toBe('Cannot edit notes more than one week in advance');
    expect([t('homework.total'), t('homework.completed'), t('homework.left')]).toEqual(['Total Assignments', 'Completed', 'Left to Do']);
    expect(Object.values(en.homework.filters)).toEqual(['All Pending', 'Due Today', 'Past Due', 'This Week', 'Graded (Archive)']);
    expect(t('messages.deleteConfirm')).toBe('Are you sure you want to delete this assignment?');
    expect(Object.values(en.messages).slice(0, 7)).toEqual([
      'An error occurred while saving.',
      'An error occurred while deleting.',
      'Failed to save note.',
      'An error occurred while saving the note.',
      'Failed to save override.',
      'An error occurred.',
      'Failed to refresh homework.',
    ]);
    expect(t('summary.title', { name: 'Mathematics', code: 'M101' })).toBe('Mathematics (M101)');
    expect(Object.keys(en.classStatus)).toEqual(['Up-Coming', 'In Progress', 'Finished', 'Cancelled']);
    expect(Object.values(en.classStatus)).toEqual(Object.keys(en.classStatus));
  });

  it('counts with the language’s plural rules', () => {
    expect(t('summary.entries', { count: 1 })).toBe('1 entry');
    expect(t('summary.entries', { count: 3 })).toBe('3 entries');
    expect(t('homework.markedOverdue', { count: 2 })).toBe('Marked 2 overdue items done.');
    expect(th_('summary.entries', { count: 1 })).toBe('1 รายการ');
  });

  it("words 002 §8's load failures: 002's English in the error, Thai from the messages", () => {
    expect(new LoadFailure('schedule', null, '2025-10-13').message).toBe('Failed to fetch schedule for week 2025-10-13.');
    expect(new LoadFailure('homework', null).message).toBe('Failed to fetch homework.');
    expect(new LoadFailure('summary', null).message).toBe('Failed to fetch summary data.');
    expect(th_('loadFailed.schedule', { week: '13 ต.ค. 2568' })).toBe('โหลดตารางเรียนของสัปดาห์ 13 ต.ค. 2568 ไม่สำเร็จ');
  });

  it('has a Thai text for every English one', () => {
    expect(messageKeys(th)).toEqual(messageKeys(en));
    expect(th_('tabs.homework')).toBe('จัดการการบ้าน');
  });
});
