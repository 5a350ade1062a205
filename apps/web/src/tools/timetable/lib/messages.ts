import { ApiError } from '@/lib/api-client';

// 002 §8 Timetable alerts, word for word. A refusal from the server and a failure to reach it get
// different texts where the catalogue has two.

export const MESSAGES = {
  saveHomework: 'An error occurred while saving.',
  deleteHomework: 'An error occurred while deleting.',
  noteRefused: 'Failed to save note.',
  noteFailed: 'An error occurred while saving the note.',
  overrideRefused: 'Failed to save override.',
  overrideFailed: 'An error occurred.',
  refreshHomework: 'Failed to refresh homework.',
  deleteConfirm: 'Are you sure you want to delete this assignment?',
  noClasses: 'No classes to display.',
} as const;

/** True when the server answered and said no (as opposed to a network failure). */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0;
}

/** The server's own sentence, shown under the catalogue text so a person knows what to fix. */
export function detailOf(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}
