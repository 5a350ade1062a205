import type { AppContext } from '@server/core/context';
import { makeSportsDeps } from './sports-deps';
import { upsertSports } from './upsert-sports';

/**
 * Demo data for an empty database (ToolDefinition.seed): the demo school accounts (shared with the
 * timetable tool, so only those still missing are created) and the demo sports.
 */
export async function seedSportsDemo(ctx: AppContext): Promise<void> {
  const { demoSchoolAccounts } = await import('@guildhall/testkit/school-demo');
  const { demoSports } = await import('@guildhall/testkit/sports-demo');
  for (const account of demoSchoolAccounts) {
    if (await ctx.schoolAccounts.findByStudentId(account.studentId)) continue;
    await ctx.schoolAccounts.create({ studentId: account.studentId, password: account.password, email: account.email, role: account.role });
  }
  await upsertSports(makeSportsDeps(ctx), demoSports);
}
