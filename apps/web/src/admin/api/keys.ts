import type { AuditQuery } from '@guildhall/contracts/admin';

/** The owner console's query keys: a change invalidates its list and the audit log. */
export const adminKeys = {
  all: ['admin'] as const,
  grants: ['admin', 'grants'] as const,
  apiKeys: ['admin', 'api-keys'] as const,
  audit: (query: AuditQuery) => ['admin', 'audit', query.q ?? '', query.action ?? '', query.page] as const,
  allAudit: ['admin', 'audit'] as const,
};
