import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import {
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  SAMPLE_PNG,
  countRows,
  withRecruitmentPeople,
} from './recruitment-fixtures';

const API = '/recruitment/api';
const UPLOAD_LIMIT = 4096;

/**
 * ARCHITECTURE.md §6: bad input to any write endpoint answers a 4xx with {error}, never a 500, and
 * writes nothing. Every case runs against the same database, and the row counts of every
 * recruitment table (and the files on disk) are compared before and after.
 */
describe.each(DIALECTS)('recruitment bad input on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let form: Awaited<ReturnType<RecruitmentPeople['setUpForm']>>;
  let othersFile: string;
  let ownFile: string;
  let applicationId: number;

  beforeAll(async () => {
    t = await withRecruitmentPeople(
      await buildTestApp({ dialect, roblox: false, env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) } }),
    );
    form = await t.setUpForm();
    othersFile = (await t.upload('other', SAMPLE_PDF, 'theirs.pdf')).json().finalUrl;
    ownFile = (await t.upload('applicant', SAMPLE_PNG, 'mine.png', 'image/png')).json().finalUrl;
    const submitted = await t.apply('other', form);
    applicationId = submitted.json().id;
    expect(applicationId).toBeGreaterThan(0);
    // Issue 13 item 2: a reviewer has acted, so its applicant can no longer edit it (nor upload for it).
    expect((await t.post(`${API}/applications/${applicationId}/update`, 'admin', { stageId: form.stageIds[1] })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const goodAnswers = () => ({ [form.textId]: 'Because.', [form.choiceId]: 'Under 5', [form.fileId]: ownFile });
  const submit = (body: unknown) => t.post(`${API}/submit`, 'applicant', body);
  const raw = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: t.cookieOf('admin')!, origin: t.origin, 'content-type': contentType },
      payload,
    });
  const upload = (data: Buffer, name: string, type?: string) => t.upload('applicant', data, name, type);

  const cases: Array<[string, () => Promise<{ statusCode: number; json(): { error?: string } }>, number | RegExp]> = [
    // POST upload-file
    ['upload: larger than the limit', () => upload(Buffer.concat([SAMPLE_PDF, Buffer.alloc(UPLOAD_LIMIT)]), 'big.pdf'), 413],
    ['upload: ../ in the name', () => upload(SAMPLE_PDF, '../../etc/passwd'), 400],
    ['upload: a path with backslashes', () => upload(SAMPLE_PDF, '..\\..\\boot.ini'), 400],
    [
      'upload: no X-Filename',
      () =>
        t.app.inject({
          method: 'POST',
          url: `${API}/upload-file`,
          headers: { cookie: t.cookieOf('applicant')!, origin: t.origin, 'content-type': 'application/pdf' },
          payload: SAMPLE_PDF,
        }),
      400,
    ],
    ['upload: empty body', () => upload(Buffer.alloc(0), 'empty.pdf'), 400],
    ['upload: HTML posing as a PDF', () => upload(Buffer.from('<html><script>alert(1)</script></html>'), 'cv.pdf'), 415],
    [
      'upload: a Windows executable',
      () => upload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), 'cv.exe', 'application/octet-stream'),
      415,
    ],
    ['upload: binary declared as text', () => upload(Buffer.from([0, 1, 2, 3, 4, 5]), 'notes.txt', 'text/plain'), 415],
    // One application per user (000 §4): once applied, further files would never be used.
    [
      'upload: by someone who has applied and been reviewed',
      () => t.upload('other', SAMPLE_PDF, 'again.pdf'),
      /already submitted an application/,
    ],
    // POST submit
    [
      'submit: not JSON',
      () =>
        t.app.inject({
          method: 'POST',
          url: `${API}/submit`,
          headers: { cookie: t.cookieOf('applicant')!, origin: t.origin, 'content-type': 'application/json' },
          payload: '{"jobSelection":',
        }),
      400,
    ],
    ['submit: jobSelection is not an id', () => submit({ jobSelection: 'Dispatcher', answers: goodAnswers() }), /jobSelection/],
    ['submit: answers is a list', () => submit({ jobSelection: form.roleId, answers: ['a'] }), /answers/],
    [
      'submit: an answer is a number',
      () => submit({ jobSelection: form.roleId, answers: { ...goodAnswers(), [form.textId]: 42 } }),
      /answers/,
    ],
    ['submit: unknown role', () => submit({ jobSelection: 999999, answers: goodAnswers() }), /role does not exist/],
    [
      'submit: unknown question id',
      () => submit({ jobSelection: form.roleId, answers: { ...goodAnswers(), 999999: 'x' } }),
      /does not exist/,
    ],
    [
      'submit: a question left blank',
      () => submit({ jobSelection: form.roleId, answers: { ...goodAnswers(), [form.textId]: '   ' } }),
      /needs an answer/,
    ],
    [
      'submit: a question missing',
      () => submit({ jobSelection: form.roleId, answers: { [form.choiceId]: 'Under 5', [form.fileId]: ownFile } }),
      /needs an answer/,
    ],
    [
      'submit: a choice that is not an option',
      () => submit({ jobSelection: form.roleId, answers: { ...goodAnswers(), [form.choiceId]: 'Always' } }),
      /choose one of the options/,
    ],
    [
      'submit: a file answer pointing at someone else’s upload',
      () => submit({ jobSelection: form.roleId, answers: { ...goodAnswers(), [form.fileId]: othersFile } }),
      /file that you uploaded/,
    ],
    [
      'submit: a file answer that is not an upload',
      () => submit({ jobSelection: form.roleId, answers: { ...goodAnswers(), [form.fileId]: 'https://evil.example/cv.pdf' } }),
      /file that you uploaded/,
    ],
    [
      'submit: a file answer with an unknown upload id',
      () =>
        submit({
          jobSelection: form.roleId,
          answers: { ...goodAnswers(), [form.fileId]: '/recruitment/api/uploads/00000000-0000-4000-8000-00000000abcd/x.pdf' },
        }),
      /file that you uploaded/,
    ],
    // POST applications/{id}/update
    ['update: id is not a number', () => t.post(`${API}/applications/abc/update`, 'admin', { stageId: form.stageIds[1] }), 400],
    ['update: unknown application', () => t.post(`${API}/applications/999999/update`, 'admin', { stageId: form.stageIds[1] }), 404],
    [
      'update: unknown stage',
      () => t.post(`${API}/applications/${applicationId}/update`, 'admin', { stageId: 999999 }),
      /stage does not exist/,
    ],
    [
      'update: stageId of the wrong type',
      () => t.post(`${API}/applications/${applicationId}/update`, 'admin', { stageId: { id: 1 } }),
      /stageId/,
    ],
    [
      'update: feedback of the wrong type',
      () => t.post(`${API}/applications/${applicationId}/update`, 'admin', { feedback: 12 }),
      /feedback/,
    ],
    [
      'update: unknown status',
      () => t.post(`${API}/applications/${applicationId}/update`, 'admin', { status: 'Hired', stageId: form.stageIds[1] }),
      /status/,
    ],
    ['update: nothing to update', () => t.post(`${API}/applications/${applicationId}/update`, 'admin', {}), /^Nothing to update/],
    ['update: no body at all', () => t.post(`${API}/applications/${applicationId}/update`, 'admin'), 400],
    // POST applications/{id}/notes
    ['notes: empty body', () => t.post(`${API}/applications/${applicationId}/notes`, 'admin', { body: '  ' }), /body/],
    ['notes: unknown application', () => t.post(`${API}/applications/999999/notes`, 'admin', { body: 'x' }), 404],
    // POST settings/update
    ['settings: unknown key', () => t.post(`${API}/settings/update`, 'admin', { key: 'isAdmin', value: 'true' }), /key/],
    [
      'settings: lastUpdatedAt is not writable',
      () => t.post(`${API}/settings/update`, 'admin', { key: 'globalProcessLastUpdatedAt', value: 'x' }),
      /key/,
    ],
    [
      'settings: open is not true/false',
      () => t.post(`${API}/settings/update`, 'admin', { key: 'applicationsOpen', value: 'yes' }),
      /value/,
    ],
    [
      'settings: a date that does not exist',
      () => t.post(`${API}/settings/update`, 'admin', { key: 'applicationStartDate', value: '2026-02-30' }),
      /value/,
    ],
    [
      'settings: a value of the wrong type',
      () => t.post(`${API}/settings/update`, 'admin', { key: 'globalProcessAnnouncement', value: 5 }),
      /value/,
    ],
    [
      'settings: an announcement too long',
      () => t.post(`${API}/settings/update`, 'admin', { key: 'globalProcessAnnouncement', value: 'x'.repeat(5000) }),
      /value/,
    ],
    [
      'settings: form-encoded body',
      () => raw(`${API}/settings/update`, 'key=applicationsOpen&value=maybe', 'application/x-www-form-urlencoded'),
      400,
    ],
    // stages, roles, questions
    ['stages/create: no name', () => t.post(`${API}/stages/create`, 'admin', { name: ' ', color: '#000000' }), /name/],
    ['stages/create: a colour that is not hex', () => t.post(`${API}/stages/create`, 'admin', { name: 'X', color: 'red' }), /color/],
    ['stages/create: a name that is a number', () => t.post(`${API}/stages/create`, 'admin', { name: 7 }), /name/],
    ['stages/delete: unknown id', () => t.post(`${API}/stages/999999/delete`, 'admin'), 404],
    ['stages/delete: id is not a number', () => t.post(`${API}/stages/1;drop/delete`, 'admin'), 400],
    ['roles/create: no name', () => t.post(`${API}/roles/create`, 'admin', {}), /name/],
    ['roles/create: a name too long', () => t.post(`${API}/roles/create`, 'admin', { name: 'x'.repeat(500) }), /name/],
    ['roles/delete: unknown id', () => t.post(`${API}/roles/999999/delete`, 'admin'), 404],
    [
      'questions/create: multiple-choice with only empty options',
      () => t.post(`${API}/questions/create`, 'admin', { text: 'Pick', type: 'multiple-choice', options: [' ', ''] }),
      /Please provide comma-separated options\./,
    ],
    [
      'questions/create: multiple-choice without options',
      () => t.post(`${API}/questions/create`, 'admin', { text: 'Pick', type: 'multiple-choice' }),
      /Please provide comma-separated options\./,
    ],
    ['questions/create: unknown type', () => t.post(`${API}/questions/create`, 'admin', { text: 'Q', type: 'essay' }), /type/],
    [
      'questions/create: options are not strings',
      () => t.post(`${API}/questions/create`, 'admin', { text: 'Q', type: 'multiple-choice', options: [1, 2] }),
      /options/,
    ],
    ['questions/create: no text', () => t.post(`${API}/questions/create`, 'admin', { type: 'text' }), /text/],
    ['questions/delete: unknown id', () => t.post(`${API}/questions/999999/delete`, 'admin'), 404],
    // Issue 13 item 3: edit, reorder, restore
    ['stages/update: unknown id', () => t.post(`${API}/stages/999999/update`, 'admin', { name: 'X', color: '#000000' }), 404],
    ['stages/update: no colour', () => t.post(`${API}/stages/${form.stageIds[0]}/update`, 'admin', { name: 'X' }), /color/],
    [
      'stages/update: blank name',
      () => t.post(`${API}/stages/${form.stageIds[0]}/update`, 'admin', { name: ' ', color: '#000000' }),
      /name/,
    ],
    ['roles/update: name too long', () => t.post(`${API}/roles/${form.roleId}/update`, 'admin', { name: 'x'.repeat(500) }), /name/],
    ['roles/update: id is not a number', () => t.post(`${API}/roles/x/update`, 'admin', { name: 'X' }), 400],
    [
      'questions/update: multiple-choice without options',
      () => t.post(`${API}/questions/${form.textId}/update`, 'admin', { text: 'Pick', type: 'multiple-choice' }),
      /Please provide comma-separated options\./,
    ],
    [
      'questions/update: a role that does not exist',
      () => t.post(`${API}/questions/${form.textId}/update`, 'admin', { text: 'Q', type: 'text', roleIds: [999999] }),
      /roleIds: role 999999 does not exist/,
    ],
    [
      'questions/create: roleIds not numbers',
      () => t.post(`${API}/questions/create`, 'admin', { text: 'Q', type: 'text', roleIds: ['Dispatcher'] }),
      /roleIds/,
    ],
    ['stages/reorder: no ids', () => t.post(`${API}/stages/reorder`, 'admin', { ids: [] }), /ids/],
    ['stages/reorder: ids not a list', () => t.post(`${API}/stages/reorder`, 'admin', { ids: '1,2' }), /ids/],
    [
      'stages/reorder: an id twice',
      () => t.post(`${API}/stages/reorder`, 'admin', { ids: [form.stageIds[0], form.stageIds[0]] }),
      /must not name an id twice/,
    ],
    ['roles/reorder: not every role', () => t.post(`${API}/roles/reorder`, 'admin', { ids: [999999] }), 409],
    ['stages/restore: a stage that was never removed', () => t.post(`${API}/stages/${form.stageIds[0]}/restore`, 'admin'), 404],
    // Issue 13 item 4: board and bulk moves
    ['board: perStage too large', () => t.get(`${API}/board?perStage=100000`, 'admin'), /perStage/],
    ['bulk-update: no ids', () => t.post(`${API}/applications/bulk-update`, 'admin', { ids: [], stageId: form.stageIds[1] }), /ids/],
    [
      'bulk-update: unknown stage',
      () => t.post(`${API}/applications/bulk-update`, 'admin', { ids: [applicationId], stageId: 999999 }),
      /stage does not exist/,
    ],
    [
      'bulk-update: unknown application',
      () => t.post(`${API}/applications/bulk-update`, 'admin', { ids: [applicationId, 999999], stageId: form.stageIds[1] }),
      404,
    ],
    [
      'bulk-update: too many ids',
      () =>
        t.post(`${API}/applications/bulk-update`, 'admin', {
          ids: Array.from({ length: 201 }, (_, i) => i + 1),
          stageId: form.stageIds[1],
        }),
      /ids/,
    ],
    [
      'bulk-update: feedback too long',
      () =>
        t.post(`${API}/applications/bulk-update`, 'admin', { ids: [applicationId], stageId: form.stageIds[1], feedback: 'x'.repeat(6000) }),
      /feedback/,
    ],
    // Issue 13 item 7: reports
    ['reports: no range', () => t.get(`${API}/reports`, 'admin'), /from/],
    ['reports: a day that does not exist', () => t.get(`${API}/reports?from=2026-02-30&to=2026-03-01`, 'admin'), /from/],
    ['reports: to before from', () => t.get(`${API}/reports?from=2026-03-01&to=2026-02-01`, 'admin'), /to: must not be before from/],
    ['reports: more than five years', () => t.get(`${API}/reports?from=2000-01-01&to=2026-01-01`, 'admin'), /5 years/],
    // Issue 13 item 8: avatars
    ['avatar: unknown application', () => t.get(`${API}/applications/999999/avatar`, 'admin'), 404],
    ['avatar: id is not a number', () => t.get(`${API}/applications/x/avatar`, 'admin'), 400],
  ];

  it.each(cases)('%s: 4xx with {error}, nothing written', async (_name, call, expected) => {
    const before = await countRows(t);
    const settingsBefore = (await t.get(`${API}/settings`, 'admin')).json();
    const res = await call();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().error).toBe('string');
    if (typeof expected === 'number') expect(res.statusCode).toBe(expected);
    else expect(res.json().error).toMatch(expected);
    expect(await countRows(t)).toEqual(before);
    expect((await t.get(`${API}/settings`, 'admin')).json()).toEqual(settingsBefore);
  });

  it('refuses submissions while applications are closed or outside the period, writing nothing', async () => {
    for (const [key, value] of [
      ['applicationsOpen', 'false'],
      ['applicationStartDate', '2999-01-01'],
      ['applicationEndDate', '2000-01-01'],
    ] as const) {
      await t.post(`${API}/settings/update`, 'admin', { key: 'applicationsOpen', value: 'true' });
      await t.post(`${API}/settings/update`, 'admin', { key: 'applicationStartDate', value: 'N/A' });
      await t.post(`${API}/settings/update`, 'admin', { key: 'applicationEndDate', value: 'N/A' });
      await t.post(`${API}/settings/update`, 'admin', { key, value });
      const before = await countRows(t);
      const res = await submit({ jobSelection: form.roleId, answers: goodAnswers() });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/closed/);
      // Nor can files be uploaded for an application that cannot be made.
      const refusedUpload = await upload(SAMPLE_PDF, 'cv.pdf');
      expect(refusedUpload.statusCode).toBe(403);
      expect(refusedUpload.json().error).toMatch(/closed/);
      expect(await countRows(t)).toEqual(before);
    }
  });
});

describe.each(DIALECTS)('recruitment concurrency on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  afterAll(async () => {
    await t?.close();
  });

  it('20 parallel submits by one user give exactly one application (000 §4, unique index)', async () => {
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    const form = await t.setUpForm();
    const { finalUrl } = (await t.upload('applicant', SAMPLE_PDF, 'cv.pdf')).json();
    // Over real HTTP on a free port, as two tabs or a double click would send them.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const body = JSON.stringify({
      jobSelection: form.roleId,
      answers: { [form.textId]: 'Hi', [form.choiceId]: 'Under 5', [form.fileId]: finalUrl },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${base}${API}/submit`, {
          method: 'POST',
          headers: { cookie: t.cookieOf('applicant')!, origin: t.origin, 'content-type': 'application/json' },
          body,
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string } })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r).toEqual({
        status: 409,
        body: { error: 'You have already submitted an application.', code: 'recruitment.already_applied' },
      });
    expect((await countRows(t)).recruitment_applications).toBe(1);
  });
});
