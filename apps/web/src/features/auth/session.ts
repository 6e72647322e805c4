import type { Query } from '@tanstack/react-query';
import { PUBLIC_CONFIG_QUERY_KEY } from '../../lib/query-client';

/** docs/product.md §9: the profile is fetched 500 ms after sign-in. */
export const PROFILE_FETCH_DELAY_MS = 500;

/**
 * Whether a cached query holds data of the signed-in user (everything but the public camp configuration).
 * Those are dropped on sign-in and sign-out, so nobody ever sees the previous person's data.
 */
export function isSessionQuery(query: Pick<Query, 'queryKey'>): boolean {
  const [area, name] = query.queryKey;
  const [publicArea, publicName] = PUBLIC_CONFIG_QUERY_KEY;
  return !(area === publicArea && name === publicName);
}

/** The current route (path and query) of the hash router, e.g. '/reports/users?year=2026'. */
export function currentAppPath(location: Pick<Location, 'hash'> = window.location): string {
  const path = location.hash.replace(/^#/, '');
  return path.startsWith('/') ? path : '/';
}
