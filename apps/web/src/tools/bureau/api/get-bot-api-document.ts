import { useQuery } from '@tanstack/react-query';
import { BOT_API_BASE, BotApiDocument } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/api/bot/v1/openapi.json (public): the bot API as OpenAPI 3.1 (issue 14 item 4). */
export function getBotApiDocument(signal?: AbortSignal): Promise<BotApiDocument> {
  return apiRequest(`${BOT_API_BASE}/openapi.json`, { schema: BotApiDocument, signal });
}

export function useBotApiDocument() {
  return useQuery({ queryKey: ['bureau', 'bot-api-document'], queryFn: ({ signal }) => getBotApiDocument(signal), staleTime: Infinity });
}
