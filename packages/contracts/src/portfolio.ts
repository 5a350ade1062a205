import { z } from 'zod';

/**
 * GET /portfolio/api/config: the decorative login's fixed password (002 §9). The portfolio guards
 * nothing (002 §1 "no real function"), so this is configuration, not a secret.
 */
export const PortfolioConfigAnswer = z.object({ password: z.string() });
export type PortfolioConfigAnswer = z.infer<typeof PortfolioConfigAnswer>;
