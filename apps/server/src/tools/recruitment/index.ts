import type { ToolDefinition } from '../tool-definition';
import { recruitmentMigrations } from './recruitment-migrations';
import { registerRecruitmentRoutes } from './routes';
import { seedRecruitment } from './seed-recruitment';

export const recruitmentTool: ToolDefinition = {
  id: 'recruitment',
  name: 'Staff Recruitment',
  description: 'Verified members apply for staff roles; admins review, decide and give feedback (spec 000).',
  path: '/recruitment',
  register: registerRecruitmentRoutes,
  migrations: recruitmentMigrations,
  seed: seedRecruitment,
};
