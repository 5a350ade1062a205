import { ERROR_TABLE, type ErrorCode } from '../http/error-table';

/**
 * A failure a use case or a store reports (ARCHITECTURE.md §6, decision 0017): a stable code, and
 * optionally a sentence more precise than the code's default (one naming a field, an id, a limit).
 * It knows nothing of HTTP: the error handler in core/http looks the code up in ERROR_TABLE.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    sentence?: string,
  ) {
    super(sentence ?? ERROR_TABLE[code].sentence);
    this.name = 'DomainError';
  }
}

/** True when `error` is a DomainError with this code, e.g. to retry on one conflict and no other. */
export function isDomainError(error: unknown, code: ErrorCode): error is DomainError {
  return error instanceof DomainError && error.code === code;
}
