import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Homework, HomeworkCreateRequest, TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError, isDomainError } from '@server/core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';
import { HOMEWORK_COLUMNS, type HomeworkValues } from './timetable-tables';

export type ParsedHomeworkCreate = z.output<typeof HomeworkCreateRequest>;

// Crockford-like alphabet: no 0/O or 1/I to misread when a student copies an ID by hand.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A fresh 'HW-XXXXXX' id (002 §3: prefix-suffix form; the suffix is what the page shows). */
export function generateHomeworkId(): string {
  const bytes = crypto.randomBytes(6);
  return `HW-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** 002 §5: the subject must be one of the distinct subject codes of the student's schedule. */
export async function assertSubjectChoice(
  deps: Pick<TimetableDeps, 'db'>,
  ownerId: number,
  subjectCode: string,
  alsoAllowed?: string,
): Promise<void> {
  if (subjectCode === alsoAllowed) return;
  const rows = await deps.db
    .selectFrom('timetable_schedule_items')
    .select('subject_code')
    .distinct()
    .where('owner_id', '=', ownerId)
    .orderBy('subject_code')
    .execute();
  const codes = rows.map((r) => r.subject_code);
  if (!codes.includes(subjectCode))
    throw new DomainError('invalid_input', 'subject_code: choose one of the subjects in your timetable.', {
      reason: 'subject_not_in_timetable' satisfies TimetableRefusalReason,
    });
}

/** 002 §7 POST /homework: a new item (002 §4: it starts as Pending unless the form says otherwise). */
export async function createHomework(deps: TimetableDeps, ownerId: number, input: ParsedHomeworkCreate): Promise<Homework> {
  await assertSubjectChoice(deps, ownerId, input.subject_code);
  const values = { ...input, homework_id: input.homework_id ?? generateHomeworkId() };
  if (input.homework_id) return insertHomework(deps, ownerId, values);
  // A generated id colliding with one of the student's own is astronomically rare; retry anyway.
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertHomework(deps, ownerId, attempt === 0 ? values : { ...values, homework_id: generateHomeworkId() });
    } catch (error) {
      if (!isDomainError(error, 'timetable.homework_id_taken') || attempt >= 3) throw error;
    }
  }
}

/** Stores one homework item of the owner's (the form's, or the demo seed's). */
export async function insertHomework(deps: Pick<TimetableDeps, 'db' | 'now'>, ownerId: number, values: HomeworkValues): Promise<Homework> {
  const at = deps.now();
  try {
    return await deps.db
      .insertInto('timetable_homework')
      .values({ owner_id: ownerId, ...values, created_at: at, updated_at: at })
      .returning(HOMEWORK_COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw homeworkIdTaken(error, values.homework_id);
  }
}

/** 002 §3: a student's homework ids are unique (an index); a second one with the same id is refused. */
export function homeworkIdTaken(error: unknown, homeworkId: string): unknown {
  return isUniqueViolation(error)
    ? new DomainError('timetable.homework_id_taken', `You already have homework with the ID ${homeworkId}.`, { homeworkId })
    : error;
}
