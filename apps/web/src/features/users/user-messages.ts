import { LIST_TEXTS } from '@camp/shared/rules';
import { isApiError } from '../../lib/api-client';

/** Spec §8 Users and empty state, word for word. */
export const USER_MESSAGES = {
  fetchUsers: 'An error occurred fetching users',
  fetchUser: 'An error occurred fetching the user',
  create: 'An error occurred creating the user',
  update: 'An error occurred updating the user',
  delete: 'An error occurred deleting the user',
  empty: LIST_TEXTS.noUsers,
} as const;

/** The server's own words about a failure (e.g. the 409 texts), when it sent any. */
export function serverDetail(error: unknown): string | undefined {
  if (!isApiError(error) || error.kind !== 'http') return undefined;
  const text = error.serverMessages.join(' ').trim();
  return text === '' ? undefined : text;
}
