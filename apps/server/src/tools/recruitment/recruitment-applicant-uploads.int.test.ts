import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { type RecruitmentPeople, RECRUITMENT_TEST_ENV, SAMPLE_PDF, countRows, withRecruitmentPeople } from './recruitment-fixtures';

const API = '/recruitment/api';

/** 000 §7 POST /api/upload-file as the applicant's browser sends it: a File's own type and name. */
describe.each(DIALECTS)('recruitment uploads from the applicant’s browser on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;

  beforeAll(async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    await t.setUpForm();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Like a browser's fetch with a File body: no Content-Type header when the File has no type. */
  const send = (data: Buffer, name: string, type: string | null) =>
    t.request({
      method: 'POST',
      url: `${API}/upload-file`,
      cookie: t.cookieOf('applicant'),
      headers: { 'x-filename': encodeURIComponent(name), ...(type === null ? {} : { 'content-type': type }) },
      payload: data,
    });

  it.each([
    ['hours.csv', 'text/csv'],
    ['hours.csv', 'application/vnd.ms-excel'],
    ['notes.md', 'text/markdown'],
    ['shift.log', null],
    ['cover letter.txt', 'application/octet-stream'],
  ])('accepts plain text named %s and declared %s, as text/plain under its own name', async (name, type) => {
    const text = Buffer.from('Name,Hours\nSam,10\nสมชาย,12\n');
    const res = await send(text, name, type);
    expect(res.statusCode).toBe(200);
    const { finalUrl } = res.json() as { finalUrl: string };
    expect(finalUrl.endsWith(`/${encodeURIComponent(name)}`)).toBe(true);
    const served = await t.get(finalUrl, 'applicant');
    expect(served.headers['content-type']).toBe('text/plain');
    expect(served.rawPayload.equals(text)).toBe(true);
  });

  it('still refuses bytes that are not plain text under a text name, and text under any other name unless declared text/plain', async () => {
    const before = await countRows(t);
    const binary = await send(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x41]), 'hours.csv', 'text/csv');
    expect(binary.statusCode).toBe(415);
    const page = await send(Buffer.from('<html><script>alert(1)</script></html>'), 'page.html', 'text/html');
    expect(page.statusCode).toBe(415);
    expect(await countRows(t)).toEqual(before);
  });

  it('drops the dots and spaces that end a name (Windows drops them too), so the extension stays the one the file has', async () => {
    for (const name of ['cv.pdf.', 'cv.pdf. .', 'cv.pdf ']) {
      const res = await send(SAMPLE_PDF, name, 'application/pdf');
      expect(res.statusCode).toBe(200);
      expect((res.json() as { finalUrl: string }).finalUrl).toMatch(/\/cv\.pdf$/);
    }
  });
});
