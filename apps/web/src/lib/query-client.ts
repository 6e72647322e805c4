import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §9: cached data stays fresh for 5 minutes; a failed query is tried once more. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * The public camp configuration's query key (features/config's `configKeys.public()`): the one cached query that
 * holds no data of the signed-in person, so the one kept when the session changes (features/auth/session.ts).
 */
export const PUBLIC_CONFIG_QUERY_KEY = ['config', 'public'] as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: 1 },
      mutations: { retry: false },
    },
  });
}
