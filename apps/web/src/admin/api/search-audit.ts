import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditAnswer, type AuditQuery } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, type ListQuery } from './keys';

/** GET /admin/api/audit?q=&action=&page= (owners only): one page of the audit log, newest first. */
export function searchAudit(query: ListQuery<AuditQuery>, signal?: AbortSignal): Promise<AuditAnswer> {
  return apiRequest('/admin/api/audit', {
    query: { q: query.q || undefined, action: query.action, page: query.page },
    schema: AuditAnswer,
    signal,
  });
}

export function useSearchAudit(query: ListQuery<AuditQuery>) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => searchAudit(query, signal),
    // The page being read stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
