import type { FastifyRequest } from 'fastify';
import { bearerIdToken, verifyLineIdToken, type LineIdentity } from '@server/core/auth/line-id-token';
import { DomainError } from '@server/core/errors/domain-error';
import { type AppointmentsDeps, verifierOptions } from './appointments-deps';

/**
 * ARCHITECTURE.md §4: the caller is whoever LINE says the ID token belongs to. A body naming a
 * different userId (001 §3 payloads carry one) is refused with 403, never trusted.
 */
export async function authenticateLineUser(deps: AppointmentsDeps, request: FastifyRequest, claimedUserId: string): Promise<LineIdentity> {
  const channelId = deps.line.channelId;
  if (!channelId) throw new DomainError('not_configured', 'LINE sign-in is not configured on this server.');
  const identity = await verifyLineIdToken(verifierOptions(deps, channelId), bearerIdToken(request));
  if (identity.userId !== claimedUserId) throw new DomainError('appointments.other_line_user');
  return identity;
}
