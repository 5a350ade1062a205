import { describe, expect, it } from 'vitest';
import { CORE_ERRORS } from '@guildhall/contracts/core';
import { ApiError, apiRequest } from '@/lib/api-client';
import { SCHOOL_NAMESPACE, schoolRefusalText } from './school-refusal';
import { schoolMessage } from './school-refusal-parity';

// Issue 16 item 1: every refusal a school route can answer reads in Thai and in English. Here the
// core codes, which every route may answer; each tool's own codes and reasons are checked beside its
// messages (tools/<tool>/messages/refusals.test.ts).
describe('school refusals in Thai and English', () => {
  it.each(Object.entries(CORE_ERRORS))('core code %s: English is the server sentence, Thai is Thai', (code, { sentence }) => {
    expect(schoolMessage('en', SCHOOL_NAMESPACE, `errors.${code}`)).toBe(sentence);
    expect(schoolMessage('th', SCHOOL_NAMESPACE, `errors.${code}`)).toMatch(/[\u0E00-\u0E7F]/);
  });

  const teamFull = new ApiError(
    409,
    'Badminton has 2 Main Player spots and 2 are taken; selecting 1 more would go over capacity. Confirm to select over capacity.',
    'sports.team_full',
    { sport: 'Badminton', spots: 2, taken: 2, left: 0, adding: 1 },
  );

  it("shows the server's own sentence in English, whatever the code", () => {
    expect(schoolRefusalText(teamFull, { namespace: 'sports', language: 'en' })).toBe(teamFull.message);
    const gone = new ApiError(404, 'That homework does not exist.', 'not_found', { reason: 'homework_missing' });
    expect(schoolRefusalText(gone, { namespace: 'timetable', language: 'en' })).toBe('That homework does not exist.');
  });

  it("falls back to the server's sentence for a code this client does not know", () => {
    const unknown = new ApiError(409, 'Something new happened.', 'sports.something_new');
    expect(schoolRefusalText(unknown, { namespace: 'sports', language: 'th' })).toBe('Something new happened.');
    expect(schoolRefusalText(new Error('plain'), { namespace: 'sports', language: 'th', fallback: 'ข้อความ' })).toBe('ข้อความ');
  });

  it('words a failure with no answer of ours (no connection, an answer off contract) in Thai', () => {
    expect(schoolRefusalText(new ApiError(0, 'Could not reach the server.'), { namespace: 'timetable', language: 'th' })).toMatch(
      /^ติดต่อเซิร์ฟเวอร์ไม่ได้/,
    );
    expect(schoolRefusalText(new ApiError(502, 'Request failed with status: 502'), { namespace: 'sports', language: 'th' })).toBe(
      'คำขอไม่สำเร็จ (สถานะ 502)',
    );
  });

  it("keeps the answer's details on the ApiError, strings and numbers only", async () => {
    const body = { error: 'x', code: 'sports.team_full', details: { sport: 'Futsal', spots: 2, nested: { no: 1 } } };
    const fetchImpl = async () => new Response(JSON.stringify(body), { status: 409 });
    const failure = await apiRequest('/sports/api/x', { fetchImpl }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).details).toEqual({ sport: 'Futsal', spots: 2 });
  });
});
