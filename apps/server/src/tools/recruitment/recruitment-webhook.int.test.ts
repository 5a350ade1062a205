import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeApp, listenOnLoopback, type FakeApp } from '@guildhall/testkit';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { type RecruitmentPeople, RECRUITMENT_TEST_ENV, withRecruitmentPeople } from './recruitment-fixtures';
import { WEBHOOK_MESSAGE } from './post-webhook-message';

// Issue 12 item 3: the recruitment webhook's messages go through the durable job queue, so a
// Discord that refuses or cannot be reached gets the message again later.

interface Receiver extends FakeApp {
  url: string;
  messages: Array<{ content: string; allowed_mentions: unknown }>;
}

/** A local HTTP server standing in for the Discord webhook; `faults` makes it answer 500. */
async function startReceiver(): Promise<Receiver> {
  const fake = createFakeApp();
  const messages: Receiver['messages'] = [];
  fake.app.post('/hook', async (request, reply) => {
    messages.push(request.body as Receiver['messages'][number]);
    return reply.code(204).send();
  });
  const url = `${await listenOnLoopback(fake.app)}/hook`;
  return { ...fake, url, messages };
}

describe.each(DIALECTS)('recruitment webhook through the job queue on %s', (dialect) => {
  let t: TestApp & RecruitmentPeople;
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    t = await withRecruitmentPeople(
      await buildTestApp({
        dialect,
        roblox: false,
        env: { ...RECRUITMENT_TEST_ENV, RECRUITMENT_WEBHOOK_URL: receiver.url, RECRUITMENT_WEBHOOK_RETRY_DELAY_SECONDS: '0' },
      }),
    );
  });
  afterEach(async () => {
    await t?.close();
    await receiver?.app.close();
  });

  it('sends the new-application message again until the webhook takes it', async () => {
    const form = await t.setUpForm();
    receiver.faults.fail(/^\/hook/, 500, 2);
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
    await t.ctx.jobs.settle();
    expect(receiver.calls.filter((c) => c === 'POST /hook')).toHaveLength(3);
    expect(receiver.messages).toHaveLength(1);
    expect(receiver.messages[0]!.content).toMatch(/^📝 New application #\d+ from signal\.sam for Dispatcher\.$/);
    expect(receiver.messages[0]!.allowed_mentions).toEqual({ parse: [] });
    const stats = await t.ctx.jobs.stats();
    expect(stats.failuresByName[WEBHOOK_MESSAGE]).toBe(2);
    expect(stats.byName[WEBHOOK_MESSAGE]?.failed ?? 0).toBe(0);
  });

  it('keeps a message Discord never takes as failed after its retries, and the application stands', async () => {
    const form = await t.setUpForm();
    receiver.faults.fail(/^\/hook/, 500, 100);
    expect((await t.apply('applicant', form)).statusCode).toBe(200);
    await t.ctx.jobs.settle();
    // The first try and five retries.
    expect(receiver.calls.filter((c) => c === 'POST /hook')).toHaveLength(6);
    expect(receiver.messages).toHaveLength(0);
    expect((await t.ctx.jobs.stats()).byName[WEBHOOK_MESSAGE]).toMatchObject({ failed: 1, queued: 0 });
    expect((await t.get('/recruitment/api/application/status', 'applicant')).json()).toMatchObject({ hasApplication: true });
  });
});
