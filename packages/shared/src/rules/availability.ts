import type { RegistrationStatus } from './enums';
import type { PublicConfig } from './public-config';
import type { User } from './users';

// Whether a person may register (docs/product.md §4), without any text: the header's Registration link runs this on the
// first page, so it stays apart from the registration rules and their messages (./registrations.ts).

export type AvailabilityConfig = Pick<
  PublicConfig,
  'registrationYear' | 'registrationOpen' | 'earlyRegistrationOpen'
>;
export type AvailabilityUser = Pick<User, 'allowRegistration' | 'allowEarlyRegistration'>;
export interface RegistrationYearStatus {
  year: number;
  status: RegistrationStatus;
}

/** Active registrations are those not cancelled (docs/product.md §4). */
export const isActiveRegistration = (registration: { status: RegistrationStatus }): boolean =>
  registration.status !== 'CANCELLED';

/** Why a person may or may not register, before any text: 'not-allowed' is closed for this person only. */
export type AvailabilityReason =
  'open' | 'early' | 'closed' | 'already-registered' | 'unavailable' | 'not-allowed';

/**
 * The rule of docs/product.md §4, in order: no configuration → unavailable; an active registration this year →
 * already-registered; allowRegistration switched off → not-allowed; registrationOpen → open;
 * earlyRegistrationOpen and the person may register early → early; otherwise closed. Without a signed-in user
 * (null) only the windows count. Kept apart from the messages so the header's link pays only for this.
 */
export function availabilityReason(
  config: AvailabilityConfig | null | undefined,
  user: AvailabilityUser | null | undefined,
  registrations: readonly RegistrationYearStatus[] | null | undefined,
): AvailabilityReason {
  if (!config) return 'unavailable';
  const year = config.registrationYear;
  if ((registrations ?? []).some((entry) => entry.year === year && isActiveRegistration(entry))) {
    return 'already-registered';
  }
  if (user && !user.allowRegistration) return 'not-allowed';
  if (config.registrationOpen) return 'open';
  if (config.earlyRegistrationOpen && user?.allowEarlyRegistration) return 'early';
  return 'closed';
}

/**
 * Whether this person may register now: `registrationAvailability(...).canRegister`, without its messages.
 * Without their registrations (the header's link does not load them) only the windows and flags count.
 */
export function isRegistrationOpenFor(
  config: AvailabilityConfig,
  user: AvailabilityUser | null | undefined,
  registrations?: readonly RegistrationYearStatus[] | null,
): boolean {
  const reason = availabilityReason(config, user, registrations);
  return reason === 'open' || reason === 'early';
}
