import { useQuery } from '@tanstack/react-query';
import { PortfolioConfigAnswer } from '@guildhall/contracts/portfolio';
import { apiRequest } from '@/lib/api-client';

/** GET /portfolio/api/config: the decorative login's fixed password (002 §9; configuration, not a secret). */
export const getPortfolioConfig = (signal?: AbortSignal) => apiRequest('/portfolio/api/config', { schema: PortfolioConfigAnswer, signal });

export const usePortfolioConfig = () =>
  useQuery({ queryKey: ['portfolio', 'config'], queryFn: ({ signal }) => getPortfolioConfig(signal), staleTime: Infinity });
