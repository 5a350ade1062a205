import type { ToolDefinition } from '../tool-definition';
import { registerSportsRoutes } from './routes';
import { seedSportsDemo } from './seed-sports-demo';
import { sportsMigrations } from './sports-migrations';

export const sportsTool: ToolDefinition = {
  id: 'sports',
  name: 'Sports Tryouts',
  description: 'Register for one sport’s tryouts; sports leads pick the team and print the list (spec 002).',
  path: '/sports',
  register: registerSportsRoutes,
  migrations: sportsMigrations,
  seed: seedSportsDemo,
};
