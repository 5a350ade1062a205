import { describe, expect, it } from 'vitest';
import { CORE_ERRORS } from '@guildhall/contracts/core';
import { TIMETABLE_ERRORS, TIMETABLE_REFUSAL_REASONS } from '@guildhall/contracts/timetable';
import { ApiError } from '@/lib/api-client';
import { schoolRefusalText } from '@/lib/i18n/school-refusal';
import { expectRefusalMessages } from '@/lib/i18n/school-refusal-parity';
import './index';

// Issue 16 item 1: the timetable's refusals read in Thai, with the data the answer carries.
describe('timetable refusals in Thai and English', () => {
  it("has the server's English sentence and a Thai one for every code and reason of its own", () => {
    expectRefusalMessages('timetable', TIMETABLE_ERRORS, TIMETABLE_REFUSAL_REASONS);
  });

  it('words a refusal in Thai with the data the answer carries', () => {
    const throttled = new ApiError(429, CORE_ERRORS.sign_in_throttled.sentence, 'sign_in_throttled', { retryAfterSeconds: 60 });
    expect(schoolRefusalText(throttled, { namespace: 'timetable', language: 'th' })).toContain('รอ 60 วินาที');
    const line = new ApiError(400, 'Line 3: end_time must be after start_time.', 'invalid_input', {
      reason: 'csv_end_before_start',
      line: 3,
    });
    expect(schoolRefusalText(line, { namespace: 'timetable', language: 'th' })).toBe('บรรทัดที่ 3: เวลาเลิกเรียนต้องอยู่หลังเวลาเริ่มเรียน');
  });

  it('reads the reason first, then the code', () => {
    const gone = new ApiError(404, 'That homework does not exist.', 'not_found', { reason: 'homework_missing' });
    expect(schoolRefusalText(gone, { namespace: 'timetable', language: 'th' })).toBe('ไม่พบการบ้านชิ้นนี้');
  });
});
