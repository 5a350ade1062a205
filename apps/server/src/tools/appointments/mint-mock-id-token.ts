import type { MockIdTokenAnswer, RegisterUserRequest } from '@guildhall/contracts/appointments';
import { DomainError } from '@server/core/errors/domain-error';
import { callUpstream } from '@server/core/http/call-upstream';
import type { AppointmentsDeps } from './appointments-deps';

/**
 * Development with LIFF_MOCK only (config.ts refuses LIFF_MOCK in production): @line/liff-mock has
 * no LINE behind it, so the page asks here for an ID token for its mocked profile. The token comes
 * from the testkit fake LINE, and the server then verifies it exactly as it verifies real ones.
 */
export async function mintMockIdToken(deps: Pick<AppointmentsDeps, 'line'>, profile: RegisterUserRequest): Promise<MockIdTokenAnswer> {
  if (!deps.line.mock) throw new DomainError('not_found', 'No such route.');
  const response = await callUpstream(`${deps.line.baseUrl}/__fake/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sub: profile.userId, name: profile.displayName }),
    timeoutMs: deps.line.timeoutMs,
  }).catch(() => null);
  const body = response?.ok ? (response.json() as { id_token?: unknown } | null) : null;
  if (typeof body?.id_token !== 'string') throw new DomainError('upstream_failed', 'The mock LINE service did not issue a token.');
  return { idToken: body.id_token };
}
