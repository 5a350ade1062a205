import type { ToolDefinition } from '../tool-definition';
import { registerBureauRoutes } from './routes';

export const bureauTool: ToolDefinition = {
  id: 'bureau',
  name: 'Registration Bureau',
  description: 'Verification status checker, staff records and printable documents (spec 001).',
  path: '/bureau/checker',
  register: registerBureauRoutes,
};
