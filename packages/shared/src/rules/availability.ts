import type { ApplicationGate } from './application-gate';
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
  | 'open'
  | 'early'
  | 'closed'
  | 'already-registered'
  | 'unavailable'
  | 'not-allowed'
  | 'application-none'
  | 'application-pending'
  | 'application-declined';

/**
 * The rule of docs/product.md §4, in order: no configuration → unavailable; an active registration this year →
 * already-registered; allowRegistration switched off → not-allowed; registrationOpen → open;
 * earlyRegistrationOpen and the person may register early → early; otherwise closed. While a window is open for
 * them, a year that requires applications (docs/product.md §12 Application approval) stops a newcomer without an
 * approved application: application-none, -pending or -declined. Without a signed-in user (null) only the windows
 * count, and an unknown application (undefined) lets the other rules decide. Kept apart from the messages so the
 * header's link pays only for this.
 */
export function availabilityReason(
  config: AvailabilityConfig | null | undefined,
  user: AvailabilityUser | null | undefined,
  registrations: readonly RegistrationYearStatus[] | null | undefined,
  application: ApplicationGate = 'clear',
): AvailabilityReason {
  if (!config) return 'unavailable';
  const year = config.registrationYear;
  if ((registrations ?? []).some((entry) => entry.year === year && isActiveRegistration(entry))) {
    return 'already-registered';
  }
  if (user && !user.allowRegistration) return 'not-allowed';
  const window = config.registrationOpen
    ? 'open'
    : config.earlyRegistrationOpen && user?.allowEarlyRegistration
      ? 'early'
      : 'closed';
  if (window === 'closed' || application === 'clear') return window;
  return `application-${application}`;
}

/**
 * Whether this person may register now: `registrationAvailability(...).canRegister`, without its messages.
 * Without their registrations (the header's link does not load them) only the windows and flags count.
 */
export function isRegistrationOpenFor(
  config: AvailabilityConfig,
  user: AvailabilityUser | null | undefined,
  registrations?: readonly RegistrationYearStatus[] | null,
  application?: ApplicationGate,
): boolean {
  const reason = availabilityReason(config, user, registrations, application);
  return reason === 'open' || reason === 'early';
}
