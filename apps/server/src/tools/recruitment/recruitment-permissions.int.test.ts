import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import {
  EVERYONE,
  type RecruitmentPeople,
  RECRUITMENT_TEST_ENV,
  SAMPLE_PDF,
  type Who,
  addVerifiedMember,
  withRecruitmentPeople,
} from './recruitment-fixtures';

const API = '/recruitment/api';

/**
 * 000 §6 Roles and permissions, every endpoint x every kind of caller. Status codes:
 * 401 not signed in, 403 signed in but not allowed (unverified users can do nothing but log out).
 * 'other' is a second verified applicant; where an endpoint touches the applicant's own things
 * (their uploaded file) 'other' must be refused.
 */
type Expect = Record<Who, number>;
const publicOk: Expect = { anonymous: 200, unverified: 200, applicant: 200, other: 200, admin: 200 };
const signedIn: Expect = { anonymous: 401, unverified: 200, applicant: 200, other: 200, admin: 200 };
const verified: Expect = { anonymous: 401, unverified: 403, applicant: 200, other: 200, admin: 200 };
const applicantOnly: Expect = { anonymous: 401, unverified: 403, applicant: 200, other: 200, admin: 403 };
const adminOnly: Expect = { anonymous: 401, unverified: 403, applicant: 403, other: 403, admin: 200 };
const redirect: Expect = { anonymous: 302, unverified: 302, applicant: 302, other: 302, admin: 302 };

interface Case {
  name: string;
  expect: Expect;
  /** Runs the call as `who`; fresh ids come from `ids` so each call has something to act on. */
  call(t: TestApp & RecruitmentPeople, who: Who, ids: Ids): Promise<{ statusCode: number }>;
}
interface Ids {
  form: Awaited<ReturnType<RecruitmentPeople['setUpForm']>>;
  applicationId: number;
  fileUrl: string;
  /** Issue 13 item 8: the application of the third person, who has a Discord avatar. */
  avatarApplicationId: number;
}

/** A complete set of answers to the current questions (earlier rows add questions), as `who`. */
async function answerAll(t: TestApp & RecruitmentPeople, who: Who): Promise<Record<string, string>> {
  const questions = (await t.get(`${API}/questions`, 'admin')).json() as Array<{ id: number; type: string; options: string | null }>;
  const file = (await t.upload(who, SAMPLE_PDF, 'edit.pdf')).json().finalUrl ?? 'none';
  return Object.fromEntries(
    questions.map((q) => [
      q.id,
      q.type === 'file' ? file : q.type === 'multiple-choice' ? (JSON.parse(q.options!) as string[])[0]! : 'Edited.',
    ]),
  );
}

const cases: Case[] = [
  { name: 'GET public-settings', expect: publicOk, call: (t, who) => t.get(`${API}/public-settings`, who) },
  { name: 'GET user', expect: publicOk, call: (t, who) => t.get(`${API}/user`, who) },
  { name: 'GET check-verification', expect: signedIn, call: (t, who) => t.get(`${API}/check-verification`, who) },
  { name: 'GET login', expect: redirect, call: (t, who) => t.get(`${API}/login`, who) },
  {
    name: 'POST logout',
    expect: redirect,
    call: async (t, who) => t.request({ method: 'POST', url: `${API}/logout`, cookie: await t.newSessionCookie(who) }),
  },
  { name: 'GET application/status', expect: applicantOnly, call: (t, who) => t.get(`${API}/application/status`, who) },
  { name: 'GET stages', expect: verified, call: (t, who) => t.get(`${API}/stages`, who) },
  { name: 'GET roles', expect: verified, call: (t, who) => t.get(`${API}/roles`, who) },
  { name: 'GET questions', expect: verified, call: (t, who) => t.get(`${API}/questions`, who) },
  { name: 'POST upload-file', expect: applicantOnly, call: (t, who) => t.upload(who, SAMPLE_PDF, 'cv.pdf') },
  {
    name: 'GET an uploaded file (the applicant’s)',
    expect: { anonymous: 401, unverified: 403, applicant: 200, other: 403, admin: 200 },
    call: (t, who, ids) => t.get(ids.fileUrl, who),
  },
  // Before 'POST submit': a draft is refused once its writer has an open application (000 §4).
  {
    name: 'POST application/draft',
    expect: applicantOnly,
    call: (t, who) => t.post(`${API}/application/draft`, who, { jobSelection: '', answers: {} }),
  },
  // Submitting twice is a 409 for the same person, so 'applicant' and 'other' each submit once here.
  { name: 'POST submit', expect: applicantOnly, call: (t, who, ids) => t.apply(who, ids.form) },
  { name: 'GET applications', expect: adminOnly, call: (t, who) => t.get(`${API}/applications`, who) },
  { name: 'GET applications/export.csv', expect: adminOnly, call: (t, who) => t.get(`${API}/applications/export.csv`, who) },
  {
    name: 'POST applications/{id}/update',
    expect: adminOnly,
    call: (t, who, ids) => t.post(`${API}/applications/${ids.applicationId}/update`, who, { stageId: ids.form.stageIds[1] }),
  },
  {
    name: 'POST applications/{id}/notes',
    expect: adminOnly,
    call: (t, who, ids) => t.post(`${API}/applications/${ids.applicationId}/notes`, who, { body: 'note' }),
  },
  { name: 'GET settings', expect: adminOnly, call: (t, who) => t.get(`${API}/settings`, who) },
  {
    name: 'POST settings/update',
    expect: adminOnly,
    call: (t, who) => t.post(`${API}/settings/update`, who, { key: 'globalProcessAnnouncement', value: `by ${who}` }),
  },
  { name: 'POST stages/create', expect: adminOnly, call: (t, who) => t.post(`${API}/stages/create`, who, { name: `Stage by ${who}` }) },
  {
    name: 'POST stages/{id}/delete',
    expect: adminOnly,
    call: async (t, who) =>
      t.post(`${API}/stages/${(await t.post(`${API}/stages/create`, 'admin', { name: 'Temp' })).json().id}/delete`, who),
  },
  { name: 'POST roles/create', expect: adminOnly, call: (t, who) => t.post(`${API}/roles/create`, who, { name: `Role by ${who}` }) },
  {
    name: 'POST roles/{id}/delete',
    expect: adminOnly,
    call: async (t, who) =>
      t.post(`${API}/roles/${(await t.post(`${API}/roles/create`, 'admin', { name: 'Temp' })).json().id}/delete`, who),
  },
  {
    name: 'POST questions/create',
    expect: adminOnly,
    call: (t, who) => t.post(`${API}/questions/create`, who, { text: `Question by ${who}`, type: 'text' }),
  },
  {
    name: 'POST questions/{id}/delete',
    expect: adminOnly,
    call: async (t, who) =>
      t.post(
        `${API}/questions/${(await t.post(`${API}/questions/create`, 'admin', { text: 'Temp', type: 'text' })).json().id}/delete`,
        who,
      ),
  },
  // Issue 13 items 3, 4, 7, 8: every new call is for admins only.
  ...(['stages', 'roles', 'questions'] as const).flatMap((list): Case[] => [
    {
      name: `POST ${list}/reorder`,
      expect: adminOnly,
      call: async (t, who) => {
        const ids = (await t.get(`${API}/${list}`, 'admin')).json().map((x: { id: number }) => x.id) as number[];
        return t.post(`${API}/${list}/reorder`, who, { ids });
      },
    },
    {
      name: `POST ${list}/{id}/restore`,
      expect: adminOnly,
      call: async (t, who) => {
        const body = list === 'questions' ? { text: 'Temp', type: 'text' } : { name: 'Temp' };
        const id = (await t.post(`${API}/${list}/create`, 'admin', body)).json().id as number;
        await t.post(`${API}/${list}/${id}/delete`, 'admin');
        return t.post(`${API}/${list}/${id}/restore`, who);
      },
    },
  ]),
  {
    name: 'POST stages/{id}/update',
    expect: adminOnly,
    call: (t, who, ids) => t.post(`${API}/stages/${ids.form.stageIds[1]}/update`, who, { name: `Interview (${who})`, color: '#0b5ed7' }),
  },
  {
    name: 'POST roles/{id}/update',
    expect: adminOnly,
    call: (t, who, ids) => t.post(`${API}/roles/${ids.form.roleId}/update`, who, { name: `Dispatcher (${who})` }),
  },
  {
    name: 'POST questions/{id}/update',
    expect: adminOnly,
    call: (t, who, ids) => t.post(`${API}/questions/${ids.form.textId}/update`, who, { text: `Why you (${who})?`, type: 'text' }),
  },
  { name: 'GET board', expect: adminOnly, call: (t, who) => t.get(`${API}/board`, who) },
  {
    name: 'POST applications/bulk-update',
    expect: adminOnly,
    call: (t, who, ids) => t.post(`${API}/applications/bulk-update`, who, { ids: [ids.applicationId], stageId: ids.form.stageIds[1] }),
  },
  { name: 'GET reports', expect: adminOnly, call: (t, who) => t.get(`${API}/reports?from=2026-01-01&to=2026-12-31`, who) },
  {
    name: 'GET applications/{id}/avatar',
    expect: adminOnly,
    call: (t, who, ids) => t.get(`${API}/applications/${ids.avatarApplicationId}/avatar`, who),
  },
  // Issue 13 items 1, 2, 5: reviews and criteria (admins), the applicant's own controls, failed DMs.
  { name: 'GET criteria', expect: adminOnly, call: (t, who) => t.get(`${API}/criteria`, who) },
  {
    name: 'POST criteria/create',
    expect: adminOnly,
    call: (t, who, ids) => t.post(`${API}/criteria/create`, who, { roleId: ids.form.roleId, name: `By ${who}` }),
  },
  {
    name: 'POST criteria/{id}/delete',
    expect: adminOnly,
    call: async (t, who, ids) =>
      t.post(
        `${API}/criteria/${(await t.post(`${API}/criteria/create`, 'admin', { roleId: ids.form.roleId, name: 'Temp' })).json().id}/delete`,
        who,
      ),
  },
  {
    name: 'GET applications/{id}/reviews',
    expect: adminOnly,
    call: (t, who, ids) => t.get(`${API}/applications/${ids.applicationId}/reviews`, who),
  },
  {
    name: 'POST applications/{id}/review',
    expect: adminOnly,
    call: async (t, who, ids) => {
      // Every criterion of the role needs a score; the criteria rows above have added some.
      const criteria = (await t.get(`${API}/criteria`, 'admin')).json() as Array<{ id: number; roleId: number }>;
      const scores = Object.fromEntries(criteria.filter((c) => c.roleId === ids.form.roleId).map((c) => [c.id, 3]));
      return t.post(`${API}/applications/${ids.applicationId}/review`, who, { vote: 'yes', scores });
    },
  },
  { name: 'GET notifications/failed', expect: adminOnly, call: (t, who) => t.get(`${API}/notifications/failed`, who) },
  // Issue 13 item 6: admins only; this app has no webhook, so an admin is told there is nowhere to send it.
  { name: 'POST digest/send', expect: { ...adminOnly, admin: 409 }, call: (t, who) => t.post(`${API}/digest/send`, who) },
  { name: 'GET application/draft', expect: applicantOnly, call: (t, who) => t.get(`${API}/application/draft`, who) },
  // Decision 0028 (amended): the edit form's draft, while 'applicant' and 'other' may still edit.
  { name: 'GET application/edit-draft', expect: applicantOnly, call: (t, who) => t.get(`${API}/application/edit-draft`, who) },
  {
    name: 'POST application/edit-draft',
    expect: applicantOnly,
    call: (t, who) => t.post(`${API}/application/edit-draft`, who, { jobSelection: '', answers: {} }),
  },
  {
    name: 'POST application/edit-draft/discard',
    expect: applicantOnly,
    call: (t, who) => t.post(`${API}/application/edit-draft/discard`, who),
  },
  // Runs after 'POST submit', so 'applicant' and 'other' each have a Pending application no reviewer has touched.
  {
    name: 'POST application/edit',
    expect: applicantOnly,
    call: async (t, who, ids) =>
      t.post(`${API}/application/edit`, who, { jobSelection: ids.form.roleId, answers: await answerAll(t, who) }),
  },
  { name: 'POST application/withdraw', expect: applicantOnly, call: (t, who) => t.post(`${API}/application/withdraw`, who) },
];

describe.each(DIALECTS)('recruitment permissions on %s (000 §6)', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let ids: Ids;

  beforeAll(async () => {
    // The shared test app configures the fake Discord, so /login redirects to its authorize page.
    t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    const form = await t.setUpForm();
    // An application by a third verified person, for the admin endpoints to act on.
    const fileUrl = (await t.upload('applicant', SAMPLE_PDF, 'mine.pdf')).json().finalUrl as string;
    const third = await addVerifiedMember(t, { avatar: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
    t.discord!.users.set(third.id, third);
    const cookie = await t.signInDiscord(third);
    const thirdUpload = await t.request({
      method: 'POST',
      url: `${API}/upload-file`,
      cookie,
      headers: { 'content-type': 'application/pdf', 'x-filename': 'x.pdf' },
      payload: SAMPLE_PDF,
    });
    const submitted = await t.request({
      method: 'POST',
      url: `${API}/submit`,
      cookie,
      payload: {
        jobSelection: form.roleId,
        answers: { [form.textId]: 'x', [form.choiceId]: 'Under 5', [form.fileId]: thirdUpload.json().finalUrl },
      },
    });
    ids = { form, applicationId: submitted.json().id, fileUrl, avatarApplicationId: submitted.json().id };
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = cases.flatMap((c) => EVERYONE.map((who) => [c.name, who, c.expect[who]] as const));
  it.each(rows)('%s as %s -> %i', async (name, who, expected) => {
    const c = cases.find((x) => x.name === name)!;
    const res = await c.call(t, who, ids);
    expect(res.statusCode).toBe(expected);
  });

  it('logout ends the session (000 §7), as a POST from our own pages only (issue 10 item 2)', async () => {
    // A link on another site (a GET) or a form there (a foreign Origin) cannot log anyone out.
    expect((await t.get(`${API}/logout`, 'admin')).statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${API}/logout`,
      headers: { cookie: t.cookieOf('admin')!, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.get(`${API}/user`, 'admin')).json().user).not.toBeNull();

    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/logout`,
      headers: { cookie: t.cookieOf('admin')!, origin: t.origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/recruitment');
    expect((await t.get(`${API}/user`, 'admin')).json()).toEqual({ user: null });
  });
});
