import { isApiError } from '../../lib/api-client';

/** docs/product.md §8 Profile texts. */
export const PROFILE_LOADING_TEXT = 'Loading your profile information...';
export const PROFILE_LOAD_FAILED = 'Failed to load user profile';
export const PROFILE_NOT_AUTHENTICATED = 'User not authenticated';
export const PROFILE_AUTH_EXPIRED = 'Authentication expired. Please log in again.';
export const PROFILE_UPDATED = 'Your profile has been saved.';

/** Save failure: 401 → 'Authentication expired...'; else 'Failed to update profile: {message}'. */
export function profileSaveErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return PROFILE_AUTH_EXPIRED;
  const message = error instanceof Error ? error.message : String(error);
  return `Failed to update profile: ${message}`;
}

/** "Sign out everywhere" on the profile page (checklist S11). */
export const SIGN_OUT_EVERYWHERE = {
  title: 'Sign out everywhere',
  description:
    'Signed in on a shared or lost phone or computer? End every session of your account, including this one.',
  confirm:
    'Sign out on every device and browser where you are signed in, including this one? You will need a new sign-in code to continue.',
  failed: 'Could not sign out everywhere. Please try again.',
} as const;
