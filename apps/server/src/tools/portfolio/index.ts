import type { FastifyInstance } from 'fastify';
import type { PortfolioConfigAnswer } from '@guildhall/contracts/portfolio';
import type { ToolDefinition } from '../tool-definition';

/**
 * 002 §2 Portfolio fake computer: a decorative screen with no real function. Its one call hands the
 * browser the fixed password of 002 §9 (PORTFOLIO_PASSWORD). It guards nothing, so it is NOT a secret.
 */
async function registerPortfolioRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  app.get('/portfolio/api/config', async (_request, reply): Promise<PortfolioConfigAnswer> => {
    reply.header('cache-control', 'no-cache');
    return { password: config.PORTFOLIO_PASSWORD };
  });
}

export const portfolioTool: ToolDefinition = {
  id: 'portfolio',
  name: 'Portfolio',
  description: 'A decorative fake computer: power-off, boot, login and a placeholder dashboard (spec 002).',
  path: '/portfolio',
  register: registerPortfolioRoutes,
};
