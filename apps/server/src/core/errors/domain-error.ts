import type { ErrorDetails } from '@guildhall/contracts/core';
import { ERROR_TABLE, type ErrorCode } from '../http/error-table';

/**
 * A failure a use case or a store reports (ARCHITECTURE.md §6, decision 0017): a stable code, and
 * optionally a sentence more precise than the code's default (one naming a field, an id, a limit).
 * It knows nothing of HTTP: the error handler in core/http looks the code up in ERROR_TABLE.
 * `details` is the data the sentence carries (issue 16 item 1), answered beside it for clients that
 * word the refusal in another language.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    sentence?: string,
    readonly details?: ErrorDetails,
  ) {
    super(sentence ?? ERROR_TABLE[code].sentence);
    this.name = 'DomainError';
  }
}

/** True when `error` is a DomainError with this code, e.g. to retry on one conflict and no other. */
export function isDomainError(error: unknown, code: ErrorCode): error is DomainError {
  return error instanceof DomainError && error.code === code;
}
