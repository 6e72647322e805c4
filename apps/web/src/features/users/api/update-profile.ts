import type { UpdateProfileInput, User } from '@camp/shared/users';
import { apiClient } from '../../../lib/api-client';
import { parseUser } from '../../auth';

/** PUT /users/{id}: the signed-in user's own profile (exactly the profile fields); answers the user. */
export async function updateProfile(userId: string, input: UpdateProfileInput): Promise<User> {
  const body = await apiClient.put(`/users/${encodeURIComponent(userId)}`, { body: input });
  return parseUser(body);
}
