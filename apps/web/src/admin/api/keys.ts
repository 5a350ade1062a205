import type { ApiKeysQuery, AuditQuery } from '@guildhall/contracts/admin';

/** What a page of a list is asked by: its page and filters; the size is the server's default (decision 0074). */
export type ListQuery<Query> = Omit<Query, 'pageSize'>;

/** The owner console's query keys: a change invalidates every page of its list and of the audit log. */
export const adminKeys = {
  all: ['admin'] as const,
  grants: (page: number) => ['admin', 'grants', page] as const,
  allGrants: ['admin', 'grants'] as const,
  apiKeys: (query: ListQuery<ApiKeysQuery>) => ['admin', 'api-keys', query.revoked, query.page] as const,
  allApiKeys: ['admin', 'api-keys'] as const,
  audit: (query: ListQuery<AuditQuery>) => ['admin', 'audit', query.q ?? '', query.action ?? '', query.page] as const,
  allAudit: ['admin', 'audit'] as const,
};
