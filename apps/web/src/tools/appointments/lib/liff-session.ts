// Issue 17 item 1: LIFF's pluggable SDK, the core and only the calls 001 §4 makes (not all of
// @line/liff with its fetch polyfill). IsInClient goes in first: the LIFF mock needs it.
import liff from '@line/liff/core';
import CloseWindow from '@line/liff/close-window';
import GetIDToken from '@line/liff/get-id-token';
import GetProfile from '@line/liff/get-profile';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import type { RegisterUserRequest, WorkerConfigAnswer } from '@guildhall/contracts/appointments';
import { mintMockIdToken } from '../api/mint-mock-id-token';

/** The LIFF profile as the worker registers it (001 §7 register-user). */
export type LiffProfile = RegisterUserRequest;

export type LiffStart =
  { status: 'redirecting' } | { status: 'ready'; profile: LiffProfile; idToken: string | null; isInClient: boolean; closeWindow(): void };

/** Fired on window when the mocked LIFF closes its window (there is no LINE app to close it). */
export const MOCK_CLOSE_EVENT = 'liff-mock:close-window';

interface MockApi {
  set(data: (prev: Record<string, unknown>) => Record<string, unknown>): void;
}

let initOnce: Promise<void> | null = null;

/** liff.init exactly once per page, even when React runs effects twice in development. */
function initLiff(config: WorkerConfigAnswer): Promise<void> {
  initOnce ??= (async () => {
    if (!config.liffId) throw new Error('LINE mini-app is not configured on this server (LIFF_ID).');
    for (const module of [new IsInClient(), new IsLoggedIn(), new Login(), new GetProfile(), new GetIDToken(), new CloseWindow()]) {
      liff.use(module);
    }
    if (config.mock) {
      // Development and tests (README): @line/liff-mock stands in for the LINE app.
      const { LiffMockPlugin } = await import('@line/liff-mock');
      // Typed against the whole SDK's liff; its plugin shape is the same under the core's.
      liff.use(new LiffMockPlugin() as unknown as Parameters<typeof liff.use>[0]);
    }
    await liff.init({ liffId: config.liffId, mock: config.mock } as Parameters<typeof liff.init>[0]);
  })();
  initOnce.catch(() => {
    initOnce = null;
  });
  return initOnce;
}

/**
 * The mocked LINE user, chosen by the page's query: ?mock_user=<userId>&mock_name=<name> (default the
 * first demo user), ?mock_logged_out=1 to see the login redirect, ?mock_in_client=1 to behave as
 * inside the LINE app. Its ID token comes from the server's fake LINE, so the server verifies it.
 */
async function applyMockProfile(config: WorkerConfigAnswer, search: string): Promise<void> {
  const params = new URLSearchParams(search);
  const known = config.mockUsers ?? [];
  const userId = params.get('mock_user') ?? known[0]?.userId ?? 'Umockuser0000000000000000000000001';
  const displayName = params.get('mock_name') ?? known.find((u) => u.userId === userId)?.displayName ?? 'LINE User';
  const idToken = await mintMockIdToken({ userId, displayName });
  const mock = (liff as unknown as { $mock: MockApi }).$mock;
  mock.set((prev) => ({
    ...prev,
    isLoggedIn: params.get('mock_logged_out') !== '1',
    isInClient: params.get('mock_in_client') === '1',
    getProfile: { userId, displayName, statusMessage: '' },
    getIDToken: idToken,
  }));
  // The mock only answers getProfile after liff.login() has run, which in LINE happened before the
  // page opened; a mocked logged-out visitor is left for startLiff's own login redirect.
  if (params.get('mock_logged_out') !== '1') liff.login();
}

/** 001 §4 steps 1-3: initialise LIFF, send a logged-out visitor to LINE login, read the profile. */
export async function startLiff(config: WorkerConfigAnswer, search: string): Promise<LiffStart> {
  await initLiff(config);
  if (config.mock) await applyMockProfile(config, search);
  if (!liff.isLoggedIn()) {
    liff.login();
    return { status: 'redirecting' };
  }
  const profile = await liff.getProfile();
  return {
    status: 'ready',
    profile: { userId: profile.userId, displayName: profile.displayName },
    idToken: liff.getIDToken(),
    isInClient: liff.isInClient(),
    closeWindow: () => {
      liff.closeWindow();
      if (config.mock) window.dispatchEvent(new Event(MOCK_CLOSE_EVENT));
    },
  };
}
