import type { ToolDefinition } from '../tool-definition';
import { registerTimetableRoutes } from './routes';
import { seedTimetableDemo } from './seed-timetable-demo';
import { timetableMigrations } from './timetable-migrations';

export const timetableTool: ToolDefinition = {
  id: 'timetable',
  name: 'Timetable & Homework',
  description: 'Weekly class timetable with status overrides and notes, homework manager and subject summary (spec 002).',
  path: '/timetable',
  register: registerTimetableRoutes,
  migrations: timetableMigrations,
  seed: seedTimetableDemo,
};
