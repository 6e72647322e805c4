import type { User } from '@camp/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { parseUser } from '../../auth';
import { userKeys } from './query-keys';

/** GET /users/{id} (admin): one user, fresh, for the edit form. */
export async function getUser(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return parseUser(await apiClient.get(`/users/${encodeURIComponent(id)}`, { signal }));
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, { signal }),
    staleTime: 0,
  });
}

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}
