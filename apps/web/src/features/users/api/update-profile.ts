import type { UpdateProfileInput, User } from '@camp/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { parseUser, profileQueryKey } from '../../auth';

/** PUT /users/{id}: the signed-in user's own profile (exactly the profile fields); answers the user. */
export async function updateProfile(userId: string, input: UpdateProfileInput): Promise<User> {
  const body = await apiClient.put(`/users/${encodeURIComponent(userId)}`, { body: input });
  return parseUser(body);
}

/** Saves the signed-in user's profile; the session's profile shows the saved record at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: UpdateProfileInput }) =>
      updateProfile(userId, input),
    onSuccess: (user) => queryClient.setQueryData(profileQueryKey, user),
  });
}
