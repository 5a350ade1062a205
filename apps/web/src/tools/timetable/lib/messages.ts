import { ApiError } from '@/lib/api-client';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import '../messages';

// 002 §8 Timetable alerts, word for word, live in messages/{en,th}.json (`messages.*`, issue 16 item 1).
// A refusal from the server and a failure to reach it get different texts where the catalogue has two.

/** True when the server answered and said no (as opposed to a network failure). */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0;
}

/**
 * 002 §8's load failures ('Failed to fetch schedule for week {date}.', 'Failed to fetch homework.',
 * 'Failed to fetch summary data.'): the message is 002's English; the key and the week let the page
 * word it in the reader's language (messages `loadFailed.*`, issue 16 item 1).
 */
export class LoadFailure extends Error {
  constructor(
    readonly what: 'schedule' | 'homework' | 'summary',
    cause: unknown,
    readonly week?: string,
  ) {
    super(schoolI18n.getFixedT('en', 'timetable')(`loadFailed.${what}`, { week }), { cause });
    this.name = 'LoadFailure';
  }
}
