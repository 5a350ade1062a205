import { useQuery } from '@tanstack/react-query';
import { BoardAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 4: GET /api/board, one column per stage with its newest cards. */
export function getBoard(perStage: number, signal?: AbortSignal) {
  return apiRequest(`${API}/board`, { query: { perStage }, schema: BoardAnswer, signal });
}

export function useBoard(perStage = 100) {
  return useQuery({ queryKey: [...recruitmentKeys.board, perStage], queryFn: ({ signal }) => getBoard(perStage, signal), staleTime: 0 });
}
