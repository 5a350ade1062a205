import type { AppContext } from '@server/core/context';
import { createQuestion } from './create-question';
import { createRole } from './create-role';
import { createStage } from './create-stage';
import { makeRecruitmentDeps } from './recruitment-deps';
import { updateSetting } from './update-setting';

/**
 * Demo data for an empty database (ARCHITECTURE.md §4): stages, roles and questions of each type,
 * open applications, an announcement, and one submitted application from the Thai demo member so the
 * admin dashboard has a card to review.
 */
export async function seedRecruitment(ctx: AppContext): Promise<void> {
  // The seed posts no webhook, so nothing is logged.
  const deps = makeRecruitmentDeps(ctx, console);
  const { db } = deps;
  if (await db.selectFrom('recruitment_stages').select('id').limit(1).executeTakeFirst()) return;
  const { demoStages, demoRoles, demoQuestions, demoSettings, demoCvText, makeRecruitmentAnswers } =
    await import('@guildhall/testkit/recruitment-demo');
  const { demoPerson } = await import('@guildhall/testkit/demo-data');

  const stageIds: number[] = [];
  for (const stage of demoStages) stageIds.push((await createStage(deps, stage)).id);
  const roleIds: number[] = [];
  for (const role of demoRoles) roleIds.push((await createRole(deps, role)).id);
  const questionIds: number[] = [];
  for (const q of demoQuestions)
    questionIds.push((await createQuestion(deps, { text: q.text, type: q.type, options: q.options, roleIds: [] })).id);
  for (const [key, value] of Object.entries(demoSettings)) await updateSetting(deps, { key, value } as Parameters<typeof updateSetting>[1]);

  const thai = demoPerson('thai');
  const uploadId = '00000000-0000-4000-8000-000000000001';
  const storageKey = `recruitment/${uploadId}`;
  await deps.storage.put(storageKey, Buffer.from(demoCvText));
  await db
    .insertInto('recruitment_uploads')
    .values({
      id: uploadId,
      owner_id: thai.discord.id,
      file_name: 'cv.txt',
      storage_key: storageKey,
      content_type: 'text/plain',
      size: Buffer.byteLength(demoCvText),
      created_at: ctx.now(),
    })
    .execute();
  const values = makeRecruitmentAnswers(`/recruitment/api/uploads/${uploadId}/cv.txt`);
  const answers = Object.fromEntries(questionIds.map((id, i) => [String(id), values[i]!]));
  const labels = Object.fromEntries(questionIds.map((id, i) => [String(id), demoQuestions[i]!.text]));
  await db
    .insertInto('recruitment_applications')
    .values({
      user_id: thai.discord.id,
      username: thai.discord.username,
      username_lower: thai.discord.username.toLowerCase(),
      avatar: null,
      role_id: roleIds[1]!,
      job: demoRoles[1]!.name,
      answers: JSON.stringify(answers),
      question_labels: JSON.stringify(labels),
      status: 'Pending',
      stage_id: stageIds[0]!,
      stage_name: demoStages[0]!.name,
      stage_color: demoStages[0]!.color,
      feedback: null,
      created_at: ctx.now(),
      status_updated_at: ctx.now(),
      open_user_id: thai.discord.id,
      withdrawn_at: null,
      closed_at: null,
      stage_entered_at: ctx.now(),
    })
    .execute();
}
