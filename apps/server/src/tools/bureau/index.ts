import type { ToolDefinition } from '../tool-definition';
import { bureauMigrations } from './migrations';
import { registerBureauRoutes } from './routes';
import { seedBureauDemo } from './seed-bureau-demo';

export const bureauTool: ToolDefinition = {
  id: 'bureau',
  name: 'Registration Bureau',
  description: 'Verification status checker, staff records and printable documents (spec 001).',
  path: '/bureau/checker',
  links: [
    { label: 'Records (staff)', path: '/bureau/records' },
    { label: 'Bot API', path: '/bureau/bot-api' },
    { label: 'Verify (members)', path: '/bureau/verify' },
  ],
  register: registerBureauRoutes,
  migrations: bureauMigrations,
  seed: seedBureauDemo,
};
