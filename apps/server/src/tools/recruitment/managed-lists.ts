import type { ManagedList } from '@guildhall/contracts/recruitment';

/** Issue 13 item 3: the table behind each list an admin edits, reorders, deletes and restores. */
export const MANAGED_TABLES = {
  stages: 'recruitment_stages',
  roles: 'recruitment_roles',
  questions: 'recruitment_questions',
} as const satisfies Record<ManagedList, string>;

/** What a person reads when the id names nothing (or something already removed). */
export const NOT_FOUND: Record<ManagedList, string> = {
  stages: 'There is no such stage.',
  roles: 'There is no such role.',
  questions: 'There is no such question.',
};
