import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Homework, HomeworkCreateRequest } from '@guildhall/contracts/timetable';
import { DomainError, isDomainError } from '../../core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';

export type ParsedHomeworkCreate = z.output<typeof HomeworkCreateRequest>;

// Crockford-like alphabet: no 0/O or 1/I to misread when a student copies an ID by hand.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A fresh 'HW-XXXXXX' id (002 §3: prefix-suffix form; the suffix is what the page shows). */
export function generateHomeworkId(): string {
  const bytes = crypto.randomBytes(6);
  return `HW-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** 002 §5: the subject must be one of the distinct subject codes of the student's schedule. */
export async function assertSubjectChoice(deps: TimetableDeps, ownerId: number, subjectCode: string, alsoAllowed?: string): Promise<void> {
  if (subjectCode === alsoAllowed) return;
  const codes = await deps.store.subjectCodes(ownerId);
  if (!codes.includes(subjectCode)) throw new DomainError('invalid_input', 'subject_code: choose one of the subjects in your timetable.');
}

/** 002 §7 POST /homework: a new item (002 §4: it starts as Pending unless the form says otherwise). */
export async function createHomework(deps: TimetableDeps, ownerId: number, input: ParsedHomeworkCreate): Promise<Homework> {
  await assertSubjectChoice(deps, ownerId, input.subject_code);
  const values = { ...input, homework_id: input.homework_id ?? generateHomeworkId() };
  if (input.homework_id) return deps.store.insertHomework(ownerId, values);
  // A generated id colliding with one of the student's own is astronomically rare; retry anyway.
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.store.insertHomework(ownerId, attempt === 0 ? values : { ...values, homework_id: generateHomeworkId() });
    } catch (error) {
      if (!isDomainError(error, 'timetable.homework_id_taken') || attempt >= 3) throw error;
    }
  }
}
