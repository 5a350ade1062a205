// Demo LINE users of the appointment mini-app (001 §2): seeded outside production, offered as mocked
// LIFF profiles in development (LIFF_MOCK), and used by the e2e journey.

export interface DemoLineUser {
  userId: string;
  displayName: string;
}

let sequence = 0;

/** A LINE user for tests and the demo: a LINE user id is 'U' and 32 hex digits. */
export function makeLineUser(overrides: Partial<DemoLineUser> = {}): DemoLineUser {
  sequence += 1;
  return { userId: `U${sequence.toString(16).padStart(32, '0')}`, displayName: `Racer ${sequence}`, ...overrides };
}

export const demoLineUsers: DemoLineUser[] = [
  makeLineUser({ userId: 'U1a2b3c4d5e6f70819a2b3c4d5e6f7081', displayName: 'Nok' }),
  makeLineUser({ userId: 'U2b3c4d5e6f708192a3b4c5d6e7f80912', displayName: 'สมหญิง ใจดี' }),
  makeLineUser({ userId: 'U3c4d5e6f708192a3b4c5d6e7f8091223', displayName: 'Brown' }),
];

/** Demo bookings: which user, how many opening days from now, the local time and the topic. */
export const demoAppointmentPlan: Array<{ user: number; openDay: number; time: string; topic: string | null }> = [
  { user: 0, openDay: 1, time: '10:00', topic: 'Registration renewal' },
  { user: 1, openDay: 1, time: '13:30', topic: 'ขอเอกสารรับรอง' },
  { user: 2, openDay: 2, time: '09:00', topic: null },
];
