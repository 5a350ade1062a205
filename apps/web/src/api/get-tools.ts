import { useQuery } from '@tanstack/react-query';
import type { ToolsAnswer } from '@guildhall/contracts';
import { apiRequest, lazySchema } from '../lib/api-client';

// Decision 0035: the home page's one call; its check loads zod after the page has painted.
const toolsAnswer = lazySchema(() => import('@guildhall/contracts').then((m) => m.ToolsAnswer));

/** GET /api/tools: the tools this deployment switched on (ARCHITECTURE.md §1, ENABLED_TOOLS). */
export function getTools(signal?: AbortSignal): Promise<ToolsAnswer> {
  return apiRequest('/api/tools', { schema: toolsAnswer, signal });
}

export function useTools() {
  return useQuery({ queryKey: ['tools'], queryFn: ({ signal }) => getTools(signal), staleTime: 5 * 60_000 });
}
