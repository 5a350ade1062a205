import { ADMIN_ERRORS } from '@guildhall/contracts/admin';
import { APPOINTMENTS_ERRORS } from '@guildhall/contracts/appointments';
import { BUREAU_ERRORS } from '@guildhall/contracts/bureau';
import { CORE_ERRORS, type ErrorDefinition } from '@guildhall/contracts/core';
import { RECRUITMENT_ERRORS } from '@guildhall/contracts/recruitment';
import { SPORTS_ERRORS } from '@guildhall/contracts/sports';
import { TIMETABLE_ERRORS } from '@guildhall/contracts/timetable';

/**
 * ARCHITECTURE.md §6, decision 0017: the one table from a stable error code to its HTTP status and
 * default sentence. The codes themselves live in the contracts (core's and each tool's file), so the
 * web branches on the same names; only this table and the error handler know about HTTP.
 */
export const ERROR_TABLE = {
  ...CORE_ERRORS,
  ...RECRUITMENT_ERRORS,
  ...BUREAU_ERRORS,
  ...APPOINTMENTS_ERRORS,
  ...TIMETABLE_ERRORS,
  ...SPORTS_ERRORS,
  ...ADMIN_ERRORS,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_TABLE;
