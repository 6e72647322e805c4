import type { User } from '@camp/shared/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { parseUser } from '../../auth';
import { userKeys } from './query-keys';

/** GET /users?search= (admin): users by name, or those whose name, playa name or e-mail contains the search. */
export async function getUsers(search: string, { signal }: { signal?: AbortSignal } = {}): Promise<User[]> {
  const body = await apiClient.get<unknown>('/users', {
    signal,
    query: { search: search.trim() === '' ? undefined : search.trim() },
  });
  if (!Array.isArray(body)) throw new Error('The user list has an unexpected shape');
  return body.map(parseUser);
}

export function usersQueryOptions(search: string) {
  return queryOptions({
    queryKey: userKeys.list(search),
    queryFn: ({ signal }) => getUsers(search, { signal }),
    // Keep showing the last list while the next search runs, instead of flashing a loader on every key.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUsers(search: string) {
  return useQuery(usersQueryOptions(search));
}
