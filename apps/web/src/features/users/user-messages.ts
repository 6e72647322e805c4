import { LIST_TEXTS } from '@camp/shared/rules';
import { isApiError } from '../../lib/api-client';

/** docs/product.md §8 Users and empty state, word for word. */
export const USER_MESSAGES = {
  fetchUsers: 'An error occurred fetching users',
  fetchUser: 'An error occurred fetching the user',
  create: 'An error occurred creating the user',
  update: 'An error occurred updating the user',
  delete: 'An error occurred deleting the user',
  empty: LIST_TEXTS.noUsers,
} as const;

/** Ending a person's sessions from User Management (checklist S11). */
export const END_SESSIONS_MESSAGES = {
  failed: 'An error occurred ending the sessions',
  confirm: (name: string, email: string) =>
    `Sign ${name} (${email}) out on every device and browser? They will need a new sign-in code to continue.`,
  done: (name: string, ended: number) =>
    ended === 0
      ? `${name} had no active sessions.`
      : `${name} was signed out of ${ended} ${ended === 1 ? 'session' : 'sessions'}.`,
} as const;

/** The server's own words about a failure (e.g. the 409 texts), when it sent any. */
export function serverDetail(error: unknown): string | undefined {
  if (!isApiError(error) || error.kind !== 'http') return undefined;
  const text = error.serverMessages.join(' ').trim();
  return text === '' ? undefined : text;
}
