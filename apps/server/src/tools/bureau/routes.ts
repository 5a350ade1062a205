import type { FastifyInstance } from 'fastify';
import { CheckStatusQuery } from '@guildhall/contracts/bureau';
import { parseInput } from '../../core/http/http-error';
import { checkVerificationStatus } from './check-verification-status';

export async function registerBureauRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;

  // 001 §2 Status checker: public, so rate limited per client.
  app.get(
    '/bureau/api/check-status',
    { config: { rateLimit: { max: config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request) => checkVerificationStatus(app.ctx, parseInput(CheckStatusQuery, request.query)),
  );
}
