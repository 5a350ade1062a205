import { useQuery } from '@tanstack/react-query';
import { ToolsAnswer } from '@guildhall/contracts';
import { apiRequest } from '../lib/api-client';

/** GET /api/tools: the tools this deployment switched on (ARCHITECTURE.md §1, ENABLED_TOOLS). */
export function getTools(signal?: AbortSignal): Promise<ToolsAnswer> {
  return apiRequest('/api/tools', { schema: ToolsAnswer, signal });
}

export function useTools() {
  return useQuery({ queryKey: ['tools'], queryFn: ({ signal }) => getTools(signal), staleTime: 5 * 60_000 });
}
