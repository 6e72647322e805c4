import type { AdminUpdateUserInput, User } from '@camp/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { parseUser, profileQueryKey } from '../../auth';
import { userKeys } from './query-keys';

/** PUT /users/{id} by an admin: e-mail, names, contact details, role and the permission flags. */
export async function updateUser(id: string, input: AdminUpdateUserInput): Promise<User> {
  return parseUser(await apiClient.put(`/users/${encodeURIComponent(id)}`, { body: input }));
}

export function useUpdateUser({ currentUserId }: { currentUserId: string | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUpdateUserInput }) => updateUser(id, input),
    onSuccess: async (user) => {
      // An admin who edits their own record sees the change (name, role) in the rest of the app too.
      if (user.id === currentUserId) queryClient.setQueryData(profileQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: userKeys.all() });
    },
  });
}
