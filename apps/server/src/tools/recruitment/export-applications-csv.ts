import { type RecruitmentDeps, toIso } from './recruitment-deps';
import { type ApplicationFilter, applyApplicationFilter, parseJsonRecord, searchScopeFor } from './list-applications';
import { hiddenName } from './hidden-applicants';
import { listQuestions } from './list-questions';
import { readSettings } from './read-settings';

/** RFC 4180 quoting, and a leading quote on cells a spreadsheet would run as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Beyond 000: the filtered applications as CSV, one column per question (current questions first,
 * then questions since deleted, labelled by the text they had when answered). Issue 13 item 1: under
 * blind review the export hides what the list hides from `viewerId` (decision 0028): the votes and
 * reviews of an application they have not reviewed, and with blindHideApplicant who applied.
 */
export async function exportApplicationsCsv(
  deps: Pick<RecruitmentDeps, 'db' | 'dialect'>,
  filter: ApplicationFilter,
  viewerId: string,
): Promise<string> {
  // Read once: a search needs the settings before its query (searchScopeFor), the rows after.
  const settingsRead = readSettings(deps);
  const scope = filter.search ? searchScopeFor(await settingsRead, viewerId) : ({ kind: 'all' } as const);
  const [rows, questions, reviewRows, settings] = await Promise.all([
    applyApplicationFilter(deps, filter, scope).selectAll().orderBy('id').execute(),
    listQuestions(deps),
    applyApplicationFilter(deps, filter, scope)
      .innerJoin('recruitment_reviews as r', 'r.application_id', 'recruitment_applications.id')
      .select(['r.application_id', 'r.reviewer_id', 'r.reviewer_name', 'r.vote', 'r.score_sum', 'r.score_count', 'r.comment'])
      .orderBy('r.id')
      .execute(),
    settingsRead,
  ]);
  const blind = settings.blindReview === 'true';
  const hideApplicant = blind && settings.blindHideApplicant === 'true';
  const reviewsOf = new Map<number, typeof reviewRows>();
  for (const r of reviewRows) reviewsOf.set(r.application_id, [...(reviewsOf.get(r.application_id) ?? []), r]);
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
    // Issue 13 items 1, 2: the review tally, each review, and a withdrawal.
    'withdrawnAt',
    'reviewCount',
    'votesYes',
    'votesNo',
    'votesAbstain',
    'averageScore',
    'reviews',
    ...columns.values(),
  ];
  const lines = [header.map(csvCell).join(',')];
  for (const { row, answers } of parsed) {
    const reviews = reviewsOf.get(row.id) ?? [];
    const hidden = blind && !reviews.some((r) => r.reviewer_id === viewerId);
    lines.push(
      [
        row.id,
        hidden && hideApplicant ? hiddenName(row.id) : row.username,
        hidden && hideApplicant ? '' : row.user_id,
        row.job,
        row.status,
        row.stage_name,
        row.feedback,
        toIso(row.created_at),
        toIso(row.status_updated_at),
        row.withdrawn_at === null ? '' : toIso(Number(row.withdrawn_at)),
        ...(hidden ? [reviews.length, '', '', '', '', ''] : reviewCells(reviews)),
        ...[...columns.keys()].map((id) => answers[id]),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

type ReviewRow = { reviewer_name: string; vote: string; score_sum: number; score_count: number; comment: string };

/** Issue 13 item 1: count, votes, average score and every review as "name: vote (average) comment", one per line. */
function reviewCells(reviews: ReviewRow[]): Array<string | number> {
  const sum = reviews.reduce((a, r) => a + Number(r.score_sum), 0);
  const count = reviews.reduce((a, r) => a + Number(r.score_count), 0);
  const votes = (vote: string) => reviews.filter((r) => r.vote === vote).length;
  const lines = reviews.map((r) => {
    const average = Number(r.score_count) ? ` (${(Number(r.score_sum) / Number(r.score_count)).toFixed(2)})` : '';
    return `${r.reviewer_name}: ${r.vote}${average}${r.comment ? ` ${r.comment}` : ''}`;
  });
  return [reviews.length, votes('yes'), votes('no'), votes('abstain'), count ? (sum / count).toFixed(2) : '', lines.join('\n')];
}
