import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';

// Decision 0061 (issue 16 item 4, as 0051 for bureau cases): two leads open the same sport's edit form.
// A saves a new description; B, whose form still shows the old one, saves a change of spots. B's PUT
// sent every field, so A's description was put back to the old one and nobody was told.
describe.each(DIALECTS)('editing a sport two leads opened at once on %s', (dialect) => {
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

  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const r = await t.request({ method, url, token: lead, payload });
    return { status: r.statusCode, body: JSON.parse(r.body) as Record<string, unknown> };
  };

  it("refuses the second save with a 409 sentence and keeps the first lead's change", async () => {
    const opened = { name: 'Futsal', description: 'Tryouts on Monday', total_spots: 2, eligibility_level: 'open' as const };
    const created = await send('POST', '/sports/api/admin/sports', opened);
    expect(created.status).toBe(201);
    const url = `/sports/api/admin/sports/${String(created.body.sport_id)}`;
    // Both forms opened the sport as created (the web form sends what it shows as `expected`).
    const expected = { ...opened, image: null, registration_opens_on: null, registration_closes_on: null };
    expect((await send('PUT', url, { ...opened, description: 'Tryouts moved to Friday', expected })).status).toBe(200);
    const stale = await send('PUT', url, { ...opened, total_spots: 3, expected });
    expect(stale).toEqual({
      status: 409,
      body: {
        code: 'conflict',
        error:
          'Someone else changed Futsal since you opened it (description). The list now shows their change; save again to replace it with yours.',
        details: { reason: 'sport_changed', sport: 'Futsal', fields: 'description' },
      },
    });
    const sports = JSON.parse((await t.request({ method: 'GET', url: '/sports/api/sports', token: lead })).body) as Array<
      Record<string, unknown>
    >;
    expect(sports.find((s) => s.name === 'Futsal')).toMatchObject({ description: 'Tryouts moved to Friday', total_spots: 2 });
    // Having seen the change (the form names the sport as read again), the save passes.
    const again = await send('PUT', url, { ...opened, total_spots: 3, expected: { ...expected, description: 'Tryouts moved to Friday' } });
    expect(again.status).toBe(200);
    // Callers that send no `expected` (older pages, scripts) save as before.
    expect((await send('PUT', url, { ...opened, total_spots: 4 })).status).toBe(200);
  });
});
