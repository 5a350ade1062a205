import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_LABELS, STATUS_LABELS } from '@guildhall/contracts/sports';
import { messageKeys } from '@/lib/i18n/message-parity';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import en from './en.json';
import th from './th.json';
import './index';

// Issue 16 item 1: 002's English texts stay exact in English; Thai has a text for every one of them.
describe('sports hub messages', () => {
  const t = schoolI18n.getFixedT('en', 'sports');

  it("keeps 002's English word for word", () => {
    expect(t('student.confirmRegister', { sport: 'Football' })).toBe('Are you sure you want to register for tryouts for Football?');
    expect(t('student.confirmWithdraw', { sport: 'Football' })).toBe(
      'Are you sure you want to withdraw your registration for Football? This action cannot be undone.',
    );
    expect(t('admin.confirmStatus', { status: 'Main Player' })).toBe(
      'Are you sure you want to change this player\'s status to "Main Player"?',
    );
    expect(t('student.closed')).toBe('Registration is currently closed.');
    expect(t('status.notSelected')).toBe('You were not selected for the team this time.');
    expect(t('student.noSports')).toBe('No sports are available for your level at this time.');
    expect(t('admin.empty')).toBe('No students have registered for this sport yet.');
    expect([t('card.spotsOpen'), t('card.full')]).toEqual(['Spots Open', 'Main Team Full']);
    expect(t('errors.withdraw')).toBe('Could not withdraw registration.');
    expect(t('errors.unexpected')).toBe('An unexpected error occurred.');
    expect(t('errors.loadSports', { msg: 'x' })).toBe('Failed to load sports list: x');
    expect(t('admin.loadRegistrations', { msg: 'x' })).toBe('Failed to load registrations: x');
    expect(t('admin.updateStatus', { msg: 'x' })).toBe('Failed to update status: x');
    expect(t('soviet.gulag')).toBe('INCORRECT PASSWORD. TICKET TO GULAG HAS BEEN ISSUED.');
    expect([t('desktop.apps.computer'), t('desktop.apps.register'), t('desktop.apps.admin')]).toEqual([
      'My Computer',
      'Register Sport',
      'Admin Panel',
    ]);
    expect(en.eligibility).toEqual(ELIGIBILITY_LABELS);
    expect(en.statuses).toEqual(STATUS_LABELS);
  });

  it('has a Thai text for every English one', () => {
    expect(messageKeys(th)).toEqual(messageKeys(en));
    expect(schoolI18n.getFixedT('th', 'sports')('eligibility.morton')).toBe('เฉพาะ ม.ต้น');
  });
});
