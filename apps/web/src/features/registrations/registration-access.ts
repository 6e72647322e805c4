import type { PublicConfig, User } from '@camp/shared';

/**
 * Whether registration is open for this user (spec §4): registrationOpen, or earlyRegistrationOpen and the
 * user may register early. Used by the Registration nav link and the /registration route.
 *
 * Seam for the registration issue: "a user already registered cannot start a new one" needs the user's
 * registrations and arrives with the wizard (the shared `registrationAvailability` of architecture §4); it
 * replaces this function's body, and both callers follow.
 */
export function isRegistrationOpenFor(
  config: Pick<PublicConfig, 'registrationOpen' | 'earlyRegistrationOpen'>,
  user: Pick<User, 'allowEarlyRegistration'> | null,
): boolean {
  if (config.registrationOpen) return true;
  return config.earlyRegistrationOpen && user?.allowEarlyRegistration === true;
}
