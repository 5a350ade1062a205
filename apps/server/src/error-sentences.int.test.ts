import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './core/db/test-databases';
import { buildTestApp, type TestApp } from './test-support/build-test-app';
import { type RecruitmentPeople, RECRUITMENT_TEST_ENV, withRecruitmentPeople } from './tools/recruitment/recruitment-fixtures';

// Issue 10 item 15: a refusal is one true sentence that names the field once. Before, the submit
// call answered 'jobSelection: jobSelection: choose a role', the settings call 'key: key: must be ...',
// and the checker told someone whose ID was all digits that it must be 'digits only'.

describe.each(DIALECTS)('error sentences name the field once and tell the truth, on %s', (dialect) => {
  describe('recruitment', () => {
    let t: TestApp & RecruitmentPeople;
    beforeAll(async () => {
      t = await withRecruitmentPeople(await buildTestApp({ dialect, roblox: false, env: RECRUITMENT_TEST_ENV }));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('POST /recruitment/api/submit without a role', async () => {
      const res = await t.post('/recruitment/api/submit', 'applicant', { answers: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'jobSelection: choose a role', code: 'invalid_input' });
    });

    it('POST /recruitment/api/settings/update with an unknown key', async () => {
      const res = await t.post('/recruitment/api/settings/update', 'admin', { key: 'colour', value: 'red' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error:
          'key: must be applicationsOpen, applicationStartDate, applicationEndDate, globalProcessAnnouncement, blindReview, blindHideApplicant, reapplyCooldownDays or stageWaitDays',
        code: 'invalid_input',
      });
    });

    it('required text and a body with nothing to do', async () => {
      const stage = await t.post('/recruitment/api/stages/create', 'admin', { name: '   ' });
      expect(stage.json()).toEqual({ error: 'name: is required', code: 'invalid_input' });
      const nothing = await t.post('/recruitment/api/applications/1/update', 'admin', {});
      expect(nothing.json()).toEqual({ error: 'Nothing to update: send stageId or feedback.', code: 'invalid_input' });
    });
  });

  describe('the public checker', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect, roblox: false, env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('says the rule the Discord ID broke: its length, not its digits', async () => {
      const short = await t.request({ url: '/bureau/api/check-status?type=discord&id=999' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ error: 'id: must be a Discord ID: 5 to 25 digits', code: 'invalid_input' });
      const missingType = await t.request({ url: '/bureau/api/check-status?id=123456' });
      expect(missingType.json()).toEqual({ error: 'type: must be one of discord, roblox', code: 'invalid_input' });
    });
  });
});
