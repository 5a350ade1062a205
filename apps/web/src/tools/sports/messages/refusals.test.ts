import { describe, expect, it } from 'vitest';
import { SPORTS_ERRORS, SPORTS_REFUSAL_REASONS } from '@guildhall/contracts/sports';
import { ApiError } from '@/lib/api-client';
import { schoolRefusalText } from '@/lib/i18n/school-refusal';
import { expectRefusalMessages } from '@/lib/i18n/school-refusal-parity';
import { sportsDetailsForReader } from './index';

// Issue 16 item 1: the sports hub's refusals read in Thai, with the data the answer carries.
describe('sports refusals in Thai and English', () => {
  it("has the server's English sentence and a Thai one for every code and reason of its own", () => {
    expectRefusalMessages('sports', SPORTS_ERRORS, SPORTS_REFUSAL_REASONS);
  });

  it('words a refusal in Thai with the data the answer carries', () => {
    const teamFull = new ApiError(
      409,
      'Badminton has 2 Main Player spots and 2 are taken; selecting 1 more would go over capacity. Confirm to select over capacity.',
      'sports.team_full',
      { sport: 'Badminton', spots: 2, taken: 2, left: 0, adding: 1 },
    );
    expect(schoolRefusalText(teamFull, { namespace: 'sports', language: 'th' })).toBe(
      'Badminton รับตัวจริง 2 คน และเลือกไปแล้ว 2 คน การเลือกเพิ่มอีก 1 คนจะเกินจำนวนที่รับ ยืนยันเพื่อเลือกเกินจำนวน',
    );
    const wrong = new ApiError(401, 'x', 'invalid_credentials');
    expect(schoolRefusalText(wrong, { namespace: 'sports', language: 'th' })).toBe('รหัสนักเรียนหรือรหัสผ่านไม่ถูกต้อง');
  });

  it("reads only its own reasons: another tool's falls back to the code's Thai", () => {
    const gone = new ApiError(404, 'That homework does not exist.', 'not_found', { reason: 'homework_missing' });
    expect(schoolRefusalText(gone, { namespace: 'sports', language: 'th' })).toBe('ไม่พบข้อมูลที่ต้องการ');
  });

  it('formats the dates and statuses a refusal carries for the Thai reader', () => {
    const closed = new ApiError(403, 'Registration for Badminton closed on 2026-12-01.', 'sports.registration_deadline_passed', {
      sport: 'Badminton',
      date: '2026-12-01',
    });
    expect(schoolRefusalText(closed, { namespace: 'sports', language: 'th', forReader: sportsDetailsForReader })).toBe(
      'กีฬา Badminton ปิดรับสมัครไปแล้วเมื่อวันที่ 1 ธ.ค. 2569',
    );
    const locked = new ApiError(409, 'Your registration can no longer be withdrawn: you are a Main Player.', 'sports.withdraw_locked', {
      status: 'selected',
    });
    expect(schoolRefusalText(locked, { namespace: 'sports', language: 'th', forReader: sportsDetailsForReader })).toBe(
      'ถอนการสมัครไม่ได้แล้ว เพราะคุณเป็นตัวจริง',
    );
  });
});
