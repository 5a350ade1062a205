import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';

// Decision 0033: never more Main Players than spots without the lead's confirmation. Selecting a third
// Main Player for two spots answered 409 sports.team_full; editing the sport's spots from 3 to 1 while
// 3 were Main Players was saved without a word, and the team stood over capacity (decision 0061).
describe.each(DIALECTS)("lowering a sport's spots below its Main Players on %s", (dialect) => {
  let t: TestApp;
  let lead = '';
  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      roblox: false,
      clock: createTestClock(Date.parse('2026-11-21T06:22:00Z')),
      env: { ENABLED_TOOLS: 'sports' },
    });
    await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '90000004', role: 'sports_lead' }));
    lead = (await t.signInSchool('90000004')).token;
  }, 60_000);
  afterAll(() => t?.close());

  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const r = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
    return { status: r.statusCode, body: JSON.parse(r.body) as Record<string, unknown> };
  };

  it('asks for confirmation (409 team_full with a sentence), then saves when the lead confirms', async () => {
    const sport = { name: 'Hockey', description: '', total_spots: 3, eligibility_level: 'open' as const };
    const id = (await send('POST', '/sports/api/admin/sports', lead, sport)).body.sport_id as number;
    for (const studentId of ['68960011', '68960012', '68960013']) {
      await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId }));
      const { token } = await t.signInSchool(studentId);
      expect((await send('POST', '/sports/api/register-sport', token, { sport_id: id })).status).toBe(200);
    }
    const rows = (await t.request({ method: 'GET', url: `/sports/api/admin/sport-registrations?sportId=${id}`, token: lead })).json<
      Array<{ registration_id: number }>
    >();
    const ids = rows.map((r) => r.registration_id);
    expect(
      (
        await send('POST', '/sports/api/admin/update-registration-statuses', lead, {
          sport_id: id,
          registration_ids: ids,
          status: 'selected',
        })
      ).status,
    ).toBe(200);

    const url = `/sports/api/admin/sports/${id}`;
    expect(await send('PUT', url, lead, { ...sport, total_spots: 1 })).toEqual({
      status: 409,
      body: {
        code: 'sports.team_full',
        error:
          'Hockey has 3 Main Players; lowering its spots to 1 would leave it over capacity. Confirm to save over capacity, or change some Main Players first.',
        details: { reason: 'spots_below_team', sport: 'Hockey', spots: 1, taken: 3 },
      },
    });
    const counts = () => send('GET', `/sports/api/admin/registration-counts?sportId=${id}`, lead);
    expect((await counts()).body).toMatchObject({ total_spots: 3 });
    // Saving its other fields needs no confirmation.
    expect((await send('PUT', url, lead, { ...sport, description: 'Sticks provided' })).status).toBe(200);
    // Confirmed: saved, and nobody loses their place.
    expect((await send('PUT', url, lead, { ...sport, total_spots: 1, confirm_over_capacity: true })).status).toBe(200);
    expect((await counts()).body).toMatchObject({ total_spots: 1, counts: { selected: 3 } });
    // Already over capacity (confirmed then): its other fields save as before.
    expect((await send('PUT', url, lead, { ...sport, total_spots: 1, description: 'Sticks and pads provided' })).status).toBe(200);
  });
});
