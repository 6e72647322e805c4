import type { User } from '@camp/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { parseUser } from './parse-auth';

/** The signed-in user's own record. Every query key under 'auth' belongs to the session and ends with it. */
export const profileQueryKey = ['auth', 'profile'] as const;

/** GET /auth/profile (bearer): the caller's own user record. */
export async function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return parseUser(await apiClient.get('/auth/profile', { signal }));
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile({ signal }),
    // A 401 has already been through the refresh (and sent the user to sign in); trying again cannot help.
    retry: (failureCount, error) => !(isApiError(error) && error.status === 401) && failureCount < 1,
    // A failed profile is fetched again on request (the screens' Try again, the connection gate's recovery),
    // not by every screen that mounts: guards show 'Loading...' while it is fetched, which would unmount and
    // remount the screen and fetch again, in a loop, for as long as the server fails.
    retryOnMount: false,
  });
}

/** The profile query itself, for screens that need its loading and error states (the profile page). */
export function useProfileQuery() {
  return useQuery(profileQueryOptions());
}
