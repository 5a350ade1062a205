import { type RecruitmentDeps, toIso } from './recruitment-deps';
import { type ApplicationFilter, applyApplicationFilter, parseJsonRecord } from './list-applications';
import { listQuestions } from './list-questions';

/** RFC 4180 quoting, and a leading quote on cells a spreadsheet would run as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Beyond 000: the filtered applications as CSV, one column per question (current questions first,
 * then questions since deleted, labelled by the text they had when answered).
 */
export async function exportApplicationsCsv(deps: Pick<RecruitmentDeps, 'db'>, filter: ApplicationFilter): Promise<string> {
  const [rows, questions] = await Promise.all([
    applyApplicationFilter(deps, filter).selectAll().orderBy('id').execute(),
    listQuestions(deps),
  ]);
  const columns = new Map<string, string>(questions.map((q) => [String(q.id), q.text]));
  const parsed = rows.map((row) => {
    const labels = parseJsonRecord(row.question_labels);
    for (const [id, text] of Object.entries(labels)) if (!columns.has(id)) columns.set(id, text);
    return { row, answers: parseJsonRecord(row.answers) };
  });
  const header = [
    'id',
    'username',
    'userId',
    'job',
    'status',
    'stage',
    'feedback',
    'submittedAt',
    'statusLastUpdatedAt',
    ...columns.values(),
  ];
  const lines = [header.map(csvCell).join(',')];
  for (const { row, answers } of parsed) {
    lines.push(
      [
        row.id,
        row.username,
        row.user_id,
        row.job,
        row.status,
        row.stage_name,
        row.feedback,
        toIso(row.created_at),
        toIso(row.status_updated_at),
        ...[...columns.keys()].map((id) => answers[id]),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
