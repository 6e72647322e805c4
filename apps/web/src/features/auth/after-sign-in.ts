import { isProfileComplete } from '@camp/shared/rules';
import type { User } from '@camp/shared/users';
import { paths } from '../../lib/paths';

/**
 * Where a fresh sign-in goes (docs/product.md §2 Login), by code or by link: a newcomer whose profile is
 * incomplete completes it first (then on to `returnTo`); otherwise `returnTo` if it is a safe app path, else the
 * dashboard.
 */
export function pathAfterSignIn(user: User | null, returnTo: string | null): string {
  return user && !isProfileComplete(user)
    ? paths.profile({ returnTo: returnTo ?? undefined })
    : (returnTo ?? paths.dashboard());
}
