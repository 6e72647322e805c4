import type { CreateUserInput, User } from '@camp/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { parseUser } from '../../auth';
import { userKeys } from './query-keys';

/** POST /users (admin): answers the new user (201). */
export async function createUser(input: CreateUserInput): Promise<User> {
  return parseUser(await apiClient.post('/users', { body: input }));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all() }),
  });
}
