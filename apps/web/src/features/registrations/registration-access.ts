import type { RegistrationStatus } from '@camp/shared/rules';
import type { PublicConfig } from '@camp/shared/config';
import type { User } from '@camp/shared/users';

/**
 * Whether registration is open for this user: exactly the shared `registrationAvailability(...).canRegister`
 * of spec §4 (registrationOpen, or earlyRegistrationOpen and the user may register early; allowRegistration
 * switched off closes it; an active registration of the year means already registered). A test proves the two
 * agree on every combination.
 *
 * Written out here rather than imported because the header's nav link runs it on Home: importing
 * registration-rules would put that whole shared module (~2.5 KB gzip) into Home's first download (budget
 * 125 KB). The wizard's gate and the dashboard use `registrationAvailability` itself. Without `registrations`
 * (the nav link does not load them) only the windows and the person's flags count.
 */
export function isRegistrationOpenFor(
  config: Pick<PublicConfig, 'registrationYear' | 'registrationOpen' | 'earlyRegistrationOpen'>,
  user: Pick<User, 'allowRegistration' | 'allowEarlyRegistration'> | null,
  registrations?: ReadonlyArray<{ year: number; status: RegistrationStatus }> | null,
): boolean {
  const year = config.registrationYear;
  if ((registrations ?? []).some((entry) => entry.year === year && entry.status !== 'CANCELLED'))
    return false;
  if (user && !user.allowRegistration) return false;
  if (config.registrationOpen) return true;
  return config.earlyRegistrationOpen && user?.allowEarlyRegistration === true;
}
