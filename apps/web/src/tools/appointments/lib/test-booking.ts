import type { WorkerConfigAnswer } from '@guildhall/contracts/appointments';
import { type FakeServer, type Route, fakeServer } from '@/test-support/render-with-server';

/** The demo office's rules as GET /bureau/worker/config answers them, for the pages' component tests. */
export const TEST_BOOKING: WorkerConfigAnswer['booking'] = {
  timeZone: 'Asia/Bangkok',
  days: [1, 2, 3, 4, 5],
  opens: '09:00',
  closes: '17:00',
  slotMinutes: 30,
  maxDaysAhead: 30,
  hours: 'Monday to Friday, 09:00-17:00 (Asia/Bangkok time)',
};

/** The LINE user the mocked LIFF signs in as (GET /bureau/worker/config's `mockUsers`). */
export const TEST_MOCK_USER = { userId: 'Umockuser0000000000000000000000001', displayName: 'Somchai' };
/** When the server first and last saw the mock user, and the time stamps of the tests' bookings. */
export const TEST_SEEN = '2030-01-07T03:00:00.000Z';

/**
 * The mini-app's server (fakeServer) as far as a signed-in page: the config (LIFF mock on, TEST_BOOKING,
 * TEST_MOCK_USER), the mock ID token and the user's registration; `extra` adds routes or replaces these.
 */
export function testWorker(extra: Record<string, Route> = {}): FakeServer {
  const lineUser = { ...TEST_MOCK_USER, firstSeenAt: TEST_SEEN, lastSeenAt: TEST_SEEN };
  return fakeServer({
    'GET /bureau/worker/config': () => [
      200,
      { liffId: '1234567890-AbcdEfgh', mock: true, booking: TEST_BOOKING, mockUsers: [TEST_MOCK_USER] },
    ],
    'POST /bureau/worker/mock/id-token': () => [200, { idToken: 'id-token-1' }],
    'POST /bureau/worker/register-user': () => [200, { user: lineUser }],
    ...extra,
  });
}
