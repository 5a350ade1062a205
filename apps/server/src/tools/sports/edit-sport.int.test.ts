import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';

// Editing a sport on the admin page (decision 0061), through the real routes.
describe.each(DIALECTS)('editing a sport on %s', (dialect) => {
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

  // Decision 0061 (issue 16 item 4, as 0051 for bureau cases): two leads open the same sport's edit form.
  // A saves a new description; B, whose form still shows the old one, saves a change of spots. B's PUT
  // sent every field, so A's description was put back to the old one and nobody was told.
  it("refuses the second save with a 409 sentence and keeps the first lead's change", async () => {
    const opened = { name: 'Futsal', description: 'Tryouts on Monday', total_spots: 2, eligibility_level: 'open' as const };
    const created = await send('POST', '/sports/api/admin/sports', lead, opened);
    expect(created.status).toBe(201);
    const url = `/sports/api/admin/sports/${String(created.body.sport_id)}`;
    // Both forms opened the sport as created (the web form sends what it shows as `expected`).
    const expected = { ...opened, image: null, registration_opens_on: null, registration_closes_on: null };
    expect((await send('PUT', url, lead, { ...opened, description: 'Tryouts moved to Friday', expected })).status).toBe(200);
    const stale = await send('PUT', url, lead, { ...opened, total_spots: 3, expected });
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
    const again = await send('PUT', url, lead, {
      ...opened,
      total_spots: 3,
      expected: { ...expected, description: 'Tryouts moved to Friday' },
    });
    expect(again.status).toBe(200);
    // Callers that send no `expected` (older pages, scripts) save as before.
    expect((await send('PUT', url, lead, { ...opened, total_spots: 4 })).status).toBe(200);
  });

  // Decision 0063: the unique name compared capitals, so "Football" and "football" were two sports.
  it('refuses a name another sport has in other capitals, naming that sport as stored', async () => {
    const sport = { name: 'Water Polo', description: '', total_spots: 2, eligibility_level: 'open' as const };
    expect((await send('POST', '/sports/api/admin/sports', lead, sport)).status).toBe(201);
    const taken = { code: 'sports.name_taken', error: 'A sport named "Water Polo" already exists.', details: { name: 'Water Polo' } };
    expect(await send('POST', '/sports/api/admin/sports', lead, { ...sport, name: 'water polo' })).toEqual({ status: 409, body: taken });
    const other = await send('POST', '/sports/api/admin/sports', lead, { ...sport, name: 'Polo' });
    const url = `/sports/api/admin/sports/${String(other.body.sport_id)}`;
    expect(await send('PUT', url, lead, { ...sport, name: 'WATER POLO' })).toEqual({ status: 409, body: taken });
    // A sport may still change its own capitals.
    expect((await send('PUT', url, lead, { ...sport, name: 'POLO' })).body).toMatchObject({ name: 'POLO' });
  });

  // Decision 0063: PUT saved any change to an archived sport (raising its spots even moved reserves up
  // in a sport students no longer see). It is refused until the sport is restored, and nothing is written.
  it('refuses to edit an archived sport (409 with a sentence), and edits it once restored', async () => {
    const sport = { name: 'Archery', description: 'Bows provided', total_spots: 2, eligibility_level: 'open' as const };
    const id = (await send('POST', '/sports/api/admin/sports', lead, sport)).body.sport_id as number;
    const url = `/sports/api/admin/sports/${id}`;
    const archive = (archived: boolean) => send('POST', `${url}/archive`, lead, { archived });
    expect((await archive(true)).status).toBe(200);
    expect(await send('PUT', url, lead, { ...sport, total_spots: 5 })).toEqual({
      status: 409,
      body: {
        code: 'sports.archived_not_editable',
        error: 'Archery is archived. Restore it before editing it.',
        details: { sport: 'Archery' },
      },
    });
    const stored = async () =>
      (await t.request({ method: 'GET', url: '/sports/api/sports', token: lead }))
        .json<Array<Record<string, unknown>>>()
        .find((s) => s.sport_id === id);
    expect(await stored()).toMatchObject({ total_spots: 2, archived: true });
    expect((await archive(false)).status).toBe(200);
    expect((await send('PUT', url, lead, { ...sport, total_spots: 5 })).status).toBe(200);
    expect(await stored()).toMatchObject({ total_spots: 5, archived: false });
  });

  // Decision 0033: never more Main Players than spots without the lead's confirmation. Selecting a third
  // Main Player for two spots answered 409 sports.team_full; editing the sport's spots from 3 to 1 while
  // 3 were Main Players was saved without a word, and the team stood over capacity (decision 0061).
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
