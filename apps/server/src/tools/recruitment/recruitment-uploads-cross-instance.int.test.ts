import { type FakeS3, startFakeS3 } from '@guildhall/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { type RecruitmentPeople, RECRUITMENT_TEST_ENV, SAMPLE_PDF, withRecruitmentPeople } from './recruitment-fixtures';

/**
 * Issue 12: "an upload made through instance A answers 404 'This file is no longer stored.' through
 * B". Two app instances (two buildTestApp apps, each with its own DATA_DIR, as two machines) on one
 * PostgreSQL database: with S3 storage (the testkit's local S3 server) an upload through A is
 * served by B; with local disk it is not, which is why several processes need S3_BUCKET.
 */
describe('uploads across two instances on one PostgreSQL database (issue 12 item 2)', () => {
  let database: TestDatabase | null = null;
  let s3: FakeS3 | null = null;
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database?.close();
    await s3?.close();
    database = null;
    s3 = null;
  });

  async function twoInstances(storageEnv: Record<string, string>): Promise<[TestApp & RecruitmentPeople, TestApp]> {
    database = await createTestDatabase('postgres');
    const env = { ...RECRUITMENT_TEST_ENV, ...storageEnv };
    const a = await buildTestApp({ dialect: 'postgres', database, roblox: false, env });
    apps.push(a);
    const b = await buildTestApp({ dialect: 'postgres', database, roblox: false, env });
    apps.push(b);
    expect(a.dataDir).not.toBe(b.dataDir);
    const people = await withRecruitmentPeople(a);
    await people.setUpForm();
    return [people, b];
  }

  it('with S3 storage, a file uploaded through A downloads through B, byte for byte, to its uploader and an admin', async () => {
    s3 = await startFakeS3();
    const [a, b] = await twoInstances(s3.env);
    const uploaded = await a.upload('applicant', SAMPLE_PDF, 'cv.pdf');
    expect(uploaded.statusCode).toBe(200);
    const { finalUrl } = uploaded.json() as { finalUrl: string };
    for (const who of ['applicant', 'admin'] as const) {
      const res = await b.request({ method: 'GET', url: finalUrl, cookie: a.cookieOf(who) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    }
    // And the other way round: B's upload is A's to serve.
    const fromB = await b.request({
      method: 'POST',
      url: '/recruitment/api/upload-file',
      cookie: a.cookieOf('other'),
      headers: { 'content-type': 'application/pdf', 'x-filename': 'theirs.pdf' },
      payload: SAMPLE_PDF,
    });
    expect(fromB.statusCode).toBe(200);
    expect((await a.get((fromB.json() as { finalUrl: string }).finalUrl, 'other')).rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect((await s3.keys()).length).toBe(2);
  });

  it('with local disk (no S3_BUCKET), B has no copy of A’s file: the bug S3 storage removes', async () => {
    const [a, b] = await twoInstances({});
    const { finalUrl } = (await a.upload('applicant', SAMPLE_PDF, 'cv.pdf')).json() as { finalUrl: string };
    expect((await a.get(finalUrl, 'applicant')).statusCode).toBe(200);
    const res = await b.request({ method: 'GET', url: finalUrl, cookie: a.cookieOf('applicant') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', error: 'This file is no longer stored.' });
  });
});
