import type { FastifyInstance } from 'fastify';
import type { ToolDefinition } from '../tool-definition';
import { DEV_LINE_CHANNEL_ID, type LineSettings, makeAppointmentsDeps } from './appointments-deps';
import { appointmentsMigrations } from './appointments-migrations';
import { registerAppointmentRoutes } from './routes';
import { defineReminderJob } from './send-reminder';
import { defineWaitlistJobs } from './waitlist';
import { seedAppointments } from './seed-appointments';

/**
 * Where LINE is. Production: LINE_API_BASE_URL (default https://api.line.me) and LINE_CHANNEL_ID.
 * With LIFF_MOCK (never in production, config.ts) and no LINE_API_BASE_URL, the testkit fake LINE
 * runs in this process on a loopback port, so ID tokens are still verified over HTTP by the same code.
 */
async function resolveLine(app: FastifyInstance): Promise<LineSettings> {
  const { config } = app.ctx;
  let baseUrl = config.LINE_API_BASE_URL;
  if (!baseUrl && config.liffMock) {
    const { startFakeLine } = await import('@guildhall/testkit/fake-line');
    const fake = await startFakeLine({ channelId: config.LINE_CHANNEL_ID ?? DEV_LINE_CHANNEL_ID, channelToken: config.LINE_CHANNEL_TOKEN });
    app.addHook('onClose', async () => fake.close());
    baseUrl = fake.url;
  }
  return {
    baseUrl: baseUrl ?? 'https://api.line.me',
    channelId: config.LINE_CHANNEL_ID ?? (config.liffMock ? DEV_LINE_CHANNEL_ID : null),
    channelToken: config.LINE_CHANNEL_TOKEN ?? null,
    timeoutMs: config.LOOKUP_TIMEOUT_MS,
    mock: config.liffMock,
  };
}

export const appointmentsTool: ToolDefinition = {
  id: 'appointments',
  name: 'Appointments',
  description: 'Book or reschedule an appointment with the bureau from inside LINE; staff see and cancel bookings (spec 001).',
  path: '/bureau/appointment',
  links: [{ label: 'Bookings (staff)', path: '/bureau/appointments' }],
  async register(app) {
    const deps = makeAppointmentsDeps(app.ctx, await resolveLine(app), app.log);
    app.addHook('onClose', async () => {
      await Promise.allSettled([...deps.pending]);
    });
    // Issue 15 item 4: defined in every process, so whichever runs the job can send the reminder.
    defineReminderJob(deps);
    defineWaitlistJobs(deps);
    await registerAppointmentRoutes(app, deps);
  },
  migrations: appointmentsMigrations,
  seed: seedAppointments,
};
