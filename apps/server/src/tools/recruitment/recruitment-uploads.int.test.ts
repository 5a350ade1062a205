import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type FakeS3, startFakeS3 } from '@guildhall/testkit';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { ORPHAN_SWEEP_INTERVAL_MS, REMOVE_ORPHAN_UPLOADS } from './orphan-uploads-job';
import { makeRecruitmentDeps } from './recruitment-deps';
import { type RecruitmentPeople, RECRUITMENT_TEST_ENV, SAMPLE_PDF, withRecruitmentPeople } from './recruitment-fixtures';
import { removeOrphanUploads } from './remove-orphan-uploads';

const API = '/recruitment/api';
const KiB = 1024;
const MiB = 1024 * KiB;
const MAX_BYTES = 4 * MiB;
const QUOTA_BYTES = 6 * MiB;
const TTL_HOURS = 24;

/** A PDF (by its magic bytes) of exactly `size` bytes, the same bytes for the same seed. */
function pdfOf(size: number, seed = 1): Buffer {
  const file = Buffer.alloc(size);
  SAMPLE_PDF.copy(file);
  for (let i = SAMPLE_PDF.length; i < size; i++) file[i] = (i * seed) % 251;
  return file;
}

/** The body sent as a stream in 64 KiB pieces, with no Content-Length (chunked, as a browser may). */
const streamed = (data: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += 64 * KiB) yield data.subarray(i, i + 64 * KiB);
    })(),
  );

type Storage = 'local disk' | 'S3-compatible';
const STORAGES: Storage[] = ['local disk', 'S3-compatible'];
const CASES = DIALECTS.flatMap((dialect) => STORAGES.map((storage) => [dialect, storage] as const));

/**
 * Issue 12 item 2: POST /api/upload-file streams the body to core/storage (local disk or an
 * S3-compatible bucket), counting the size limit and the quota as it goes; refused uploads leave
 * no row and no bytes; uploads no application uses are removed after UPLOAD_ORPHAN_TTL_HOURS.
 */
describe.each(CASES)('recruitment uploads on %s with %s storage', (dialect, storage) => {
  let t: TestApp & RecruitmentPeople;
  let s3: FakeS3 | null = null;
  let form: Awaited<ReturnType<RecruitmentPeople['setUpForm']>>;

  beforeEach(async () => {
    s3 = storage === 'S3-compatible' ? await startFakeS3() : null;
    t = await withRecruitmentPeople(
      await buildTestApp({
        dialect,
        roblox: false,
        env: {
          ...RECRUITMENT_TEST_ENV,
          ...(s3?.env ?? {}),
          RECRUITMENT_UPLOAD_MAX_BYTES: String(MAX_BYTES),
          RECRUITMENT_UPLOAD_QUOTA_BYTES: String(QUOTA_BYTES),
          UPLOAD_ORPHAN_TTL_HOURS: String(TTL_HOURS),
        },
      }),
    );
    form = await t.setUpForm();
  });
  afterEach(async () => {
    await t?.close();
    await s3?.close();
  });

  /** The keys storage holds now (the bucket's, or the files under DATA_DIR/uploads). */
  async function storedKeys(): Promise<string[]> {
    if (s3) return s3.keys();
    const root = path.join(t.dataDir, 'uploads');
    if (!fs.existsSync(root)) return [];
    const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  }
  const uploadRows = () =>
    makeRecruitmentDeps(t.ctx, t.app.log).db.selectFrom('recruitment_uploads').select(['id', 'owner_id', 'size', 'storage_key']).execute();
  const send = (payload: Buffer | Readable, name: string, contentType = 'application/pdf', who: 'applicant' | 'other' = 'applicant') =>
    t.request({
      method: 'POST',
      url: `${API}/upload-file`,
      cookie: t.cookieOf(who),
      headers: { 'content-type': contentType, 'x-filename': encodeURIComponent(name) },
      payload,
    });

  it('streams a file larger than the type-sniffing head to storage and serves it back byte for byte', async () => {
    const file = pdfOf(3 * MiB + 17);
    const res = await send(streamed(file), 'big cv.pdf');
    expect(res.statusCode).toBe(200);
    const { finalUrl } = res.json() as { finalUrl: string };
    expect(finalUrl).toMatch(/^\/recruitment\/api\/uploads\/[0-9a-f-]{36}\/big%20cv\.pdf$/);
    const rows = await uploadRows();
    expect(rows.map((r) => Number(r.size))).toEqual([file.length]);
    expect(await storedKeys()).toEqual([rows[0]!.storage_key]);
    const back = await t.get(finalUrl, 'applicant');
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-length']).toBe(String(file.length));
    expect(crypto.createHash('sha256').update(back.rawPayload).digest('hex')).toBe(crypto.createHash('sha256').update(file).digest('hex'));
  });

  it('keeps a long name of characters outside the basic range whole: 200 with a link that serves the file (it was a 500 that left the file stored)', async () => {
    const name = `a${'𠮷'.repeat(60)}.pdf`;
    const res = await send(pdfOf(2 * KiB), name);
    expect(res.statusCode).toBe(200);
    const { finalUrl } = res.json() as { finalUrl: string };
    expect(decodeURIComponent(finalUrl.split('/').pop()!)).toBe(`a${'𠮷'.repeat(47)}.pdf`);
    expect((await t.get(finalUrl, 'applicant')).statusCode).toBe(200);
    expect(await uploadRows()).toHaveLength(1);
    expect(await storedKeys()).toHaveLength(1);
  });

  it('stops a file over RECRUITMENT_UPLOAD_MAX_BYTES while it streams (no Content-Length): 413, no row, no bytes', async () => {
    const res = await send(streamed(pdfOf(MAX_BYTES + 1)), 'huge.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'body_too_large', error: 'The file is larger than 4 MB.' });
    expect(await uploadRows()).toEqual([]);
    expect(await storedKeys()).toEqual([]);
    // Exactly the limit is fine.
    expect((await send(streamed(pdfOf(MAX_BYTES)), 'exact.pdf')).statusCode).toBe(200);
  });

  it('refuses text that turns out not to be plain after the first bytes (415), storing nothing', async () => {
    const text = Buffer.concat([Buffer.alloc(200 * KiB, 'a'), Buffer.from([0]), Buffer.from('more text')]);
    const res = await send(streamed(text), 'notes.txt', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('recruitment.file_type_refused');
    expect(await uploadRows()).toEqual([]);
    expect(await storedKeys()).toEqual([]);
    // A long plain text, a character split across pieces included, is accepted.
    const long = Buffer.from('é'.repeat(100 * KiB) + ' end');
    expect((await send(streamed(long), 'notes.txt', 'text/plain')).statusCode).toBe(200);
  });

  it('holds each person to RECRUITMENT_UPLOAD_QUOTA_BYTES: 413 recruitment.upload_quota_exceeded, nothing stored, others unaffected', async () => {
    expect((await send(pdfOf(3 * MiB), 'one.pdf')).statusCode).toBe(200);
    expect((await send(pdfOf(2 * MiB), 'two.pdf')).statusCode).toBe(200);
    // 5 MiB used of 6: announced by Content-Length (refused before reading) and streamed (refused on the way).
    for (const payload of [pdfOf(2 * MiB), streamed(pdfOf(2 * MiB))]) {
      const res = await send(payload, 'three.pdf');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'recruitment.upload_quota_exceeded',
        error: 'You have uploaded as much as you may keep stored (6 MB). Files no application uses are removed after a while.',
      });
    }
    expect((await uploadRows()).length).toBe(2);
    expect((await storedKeys()).length).toBe(2);
    // What is left still fits, and another person has a quota of their own.
    expect((await send(pdfOf(1 * MiB), 'last.pdf')).statusCode).toBe(200);
    expect((await send(pdfOf(3 * MiB), 'theirs.pdf', 'application/pdf', 'other')).statusCode).toBe(200);
  });

  it('lets only one of several uploads racing for the last space be recorded (decision 0024)', async () => {
    expect((await send(pdfOf(3 * MiB), 'first.pdf')).statusCode).toBe(200);
    // 3 MiB left; four 2 MiB uploads at once each pass the check made before streaming.
    const answers = await Promise.all([1, 2, 3, 4].map((i) => send(streamed(pdfOf(2 * MiB, i + 1)), `race-${i}.pdf`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 413, 413, 413]);
    const rows = await uploadRows();
    expect(rows.reduce((sum, r) => sum + Number(r.size), 0)).toBe(5 * MiB);
    expect((await storedKeys()).sort()).toEqual(rows.map((r) => r.storage_key).sort());
  });

  it('removes uploads no application uses once older than UPLOAD_ORPHAN_TTL_HOURS, rows and bytes, and keeps the rest', async () => {
    const upload = async (name: string, who: 'applicant' | 'other' = 'applicant') =>
      ((await send(pdfOf(100 * KiB), name, 'application/pdf', who)).json() as { finalUrl: string }).finalUrl;
    const used = await upload('used.pdf');
    const orphan = await upload('orphan.pdf');
    // Issue 13 item 2: a draft's answers keep an upload too (once drafts exist in this build).
    const drafted = await upload('drafted.pdf', 'other');
    const draftsExist = await hasDraftsTable(t);
    if (draftsExist) {
      await sql`insert into recruitment_drafts (user_id, job_selection, answers, updated_at)
        values (${t.idOf('other')}, ${String(form.roleId)}, ${JSON.stringify({ [form.fileId]: drafted })}, ${t.clock.now()})`.execute(
        t.database.db,
      );
    }
    const submitted = await t.post(`${API}/submit`, 'applicant', {
      jobSelection: form.roleId,
      answers: { [form.textId]: 'I love trains.', [form.choiceId]: '5 to 10', [form.fileId]: used },
    });
    expect(submitted.statusCode).toBe(200);
    t.clock.advance(TTL_HOURS * 3_600_000 - 60_000);
    // (The applicant has applied now, so may upload no more: the young upload is someone else's.)
    const young = await upload('young.pdf', 'other');
    const deps = makeRecruitmentDeps(t.ctx, t.app.log);
    // Not yet: the orphan is a minute short of the TTL.
    expect(await removeOrphanUploads(deps)).toEqual({ removed: 0, bytes: 0 });
    t.clock.advance(120_000);
    expect(await removeOrphanUploads(deps)).toEqual(draftsExist ? { removed: 1, bytes: 100 * KiB } : { removed: 2, bytes: 200 * KiB });
    expect((await t.get(orphan, 'applicant')).json()).toEqual({ code: 'not_found', error: 'There is no such file.' });
    expect((await t.get(used, 'admin')).statusCode).toBe(200);
    expect((await t.get(young, 'other')).statusCode).toBe(200);
    expect((await t.get(drafted, 'other')).statusCode).toBe(draftsExist ? 200 : 404);
    expect((await uploadRows()).length).toBe(draftsExist ? 3 : 2);
    expect((await storedKeys()).length).toBe(draftsExist ? 3 : 2);
    // Running again finds nothing more.
    expect(await removeOrphanUploads(deps)).toEqual({ removed: 0, bytes: 0 });
  });
});

describe.each(DIALECTS)('recruitment bad uploads on %s (issue 12 item 2)', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  beforeEach(async () => {
    t = await withRecruitmentPeople(
      await buildTestApp({ dialect, roblox: false, env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_UPLOAD_MAX_BYTES: String(64 * KiB) } }),
    );
    await t.setUpForm();
  });
  afterEach(async () => {
    await t?.close();
  });

  it.each([
    ['a path in the name, streamed', () => t.upload('applicant', pdfOf(10 * KiB), '../../etc/passwd'), 400, 'invalid_input'],
    ['an empty streamed body', () => streamedUpload(t, Buffer.alloc(0)), 400, 'invalid_input'],
    ['no body at all', () => streamedUpload(t, null), 400, 'invalid_input'],
    ['just over the limit, streamed', () => streamedUpload(t, pdfOf(64 * KiB + 1)), 413, 'body_too_large'],
    ['over the limit by Content-Length', () => t.upload('applicant', pdfOf(65 * KiB), 'big.pdf'), 413, 'body_too_large'],
  ])('%s: refused, nothing stored', async (_name, call, status, code) => {
    const res = await call();
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    const rows = await makeRecruitmentDeps(t.ctx, t.app.log).db.selectFrom('recruitment_uploads').selectAll().execute();
    expect(rows).toEqual([]);
    const root = path.join(t.dataDir, 'uploads', 'recruitment');
    expect(fs.existsSync(root) ? fs.readdirSync(root) : []).toEqual([]);
  });
});

async function hasDraftsTable(t: TestApp): Promise<boolean> {
  const query =
    t.database.dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass('recruitment_drafts')::text as found`
      : sql<{ found: string | null }>`select name as found from sqlite_master where name = 'recruitment_drafts'`;
  return Boolean((await query.execute(t.database.db)).rows[0]?.found);
}

function streamedUpload(t: TestApp & RecruitmentPeople, data: Buffer | null) {
  return t.request({
    method: 'POST',
    url: `${API}/upload-file`,
    cookie: t.cookieOf('applicant'),
    headers: { 'content-type': 'application/pdf', 'x-filename': 'cv.pdf' },
    ...(data ? { payload: streamed(data) } : {}),
  });
}

describe('the orphan clean-up as a durable job (core/jobs)', () => {
  it('runs at the next hour slot, removes what is due, and schedules the following slot once', async () => {
    const t = await withRecruitmentPeople(
      await buildTestApp({ roblox: false, env: { ...RECRUITMENT_TEST_ENV, UPLOAD_ORPHAN_TTL_HOURS: '1' } }),
    );
    try {
      await t.setUpForm();
      const { finalUrl } = (await t.upload('applicant', SAMPLE_PDF, 'orphan.pdf')).json() as { finalUrl: string };
      expect((await t.ctx.jobs.stats()).byName[REMOVE_ORPHAN_UPLOADS]?.queued).toBe(1);
      // Two slots later the upload is over an hour old and the slot's job is due.
      t.clock.advance(2 * ORPHAN_SWEEP_INTERVAL_MS);
      await t.ctx.jobs.settle();
      expect((await t.get(finalUrl, 'applicant')).statusCode).toBe(404);
      const stats = (await t.ctx.jobs.stats()).byName[REMOVE_ORPHAN_UPLOADS];
      expect(stats).toMatchObject({ queued: 1, failed: 0 });
    } finally {
      await t.close();
    }
  });
});

describe('an upload refused mid-stream over a real connection (issue 12 item 2)', () => {
  it('answers 413 with its sentence while the client is still sending, and closes the connection', async () => {
    const t = await withRecruitmentPeople(
      await buildTestApp({ roblox: false, env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_UPLOAD_MAX_BYTES: String(1 * MiB) } }),
    );
    try {
      await t.setUpForm();
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      // 32 MiB, chunked (no Content-Length), so the limit is found only while streaming.
      const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const request = http.request(
          `${address}${API}/upload-file`,
          {
            method: 'POST',
            headers: {
              cookie: t.cookieOf('applicant')!,
              origin: t.origin,
              'content-type': 'application/pdf',
              'x-filename': 'huge.pdf',
            },
          },
          (response) => {
            let body = '';
            response.on('data', (piece: Buffer) => (body += piece.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
          },
        );
        request.on('error', reject);
        streamed(pdfOf(32 * MiB)).pipe(request);
      });
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ code: 'body_too_large', error: 'The file is larger than 1 MB.' });
      const root = path.join(t.dataDir, 'uploads', 'recruitment');
      expect(fs.existsSync(root) ? fs.readdirSync(root) : []).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the upload route streams (issue 12 item 2: never the whole file in memory)', () => {
  it('writes to storage before the client has sent the whole file', async () => {
    const t = await withRecruitmentPeople(
      await buildTestApp({ roblox: false, env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_UPLOAD_MAX_BYTES: String(MAX_BYTES) } }),
    );
    try {
      await t.setUpForm();
      const root = path.join(t.dataDir, 'uploads');
      const bytesOnDisk = async () => {
        if (!fs.existsSync(root)) return 0;
        const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
        const sizes = await Promise.all(
          entries.filter((e) => e.isFile()).map(async (e) => (await fs.promises.stat(path.join(e.parentPath, e.name))).size),
        );
        return sizes.reduce((a, b) => a + b, 0);
      };
      const file = pdfOf(3 * MiB);
      let seenOnDisk = 0;
      // Half the file, then wait (up to 10 s) until storage holds some of it: a route that read the
      // whole body before storing would never get there.
      const gated = Readable.from(
        (async function* () {
          yield file.subarray(0, 1.5 * MiB);
          for (let waited = 0; (seenOnDisk = await bytesOnDisk()) === 0; waited += 20) {
            if (waited > 10_000) throw new Error('nothing was stored before the body ended');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          yield file.subarray(1.5 * MiB);
        })(),
      );
      const res = await t.request({
        method: 'POST',
        url: `${API}/upload-file`,
        cookie: t.cookieOf('applicant'),
        headers: { 'content-type': 'application/pdf', 'x-filename': 'cv.pdf' },
        payload: gated,
      });
      expect(res.statusCode).toBe(200);
      expect(seenOnDisk).toBeGreaterThan(0);
      expect(seenOnDisk).toBeLessThan(file.length);
    } finally {
      await t.close();
    }
  });
});
