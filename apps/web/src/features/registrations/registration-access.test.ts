import { describe, expect, it } from 'vitest';
import { isRegistrationOpenFor } from './registration-access';

describe('isRegistrationOpenFor (spec §4)', () => {
  it('is open when registration is open, or early registration is open and the user may register early', () => {
    const early = { allowEarlyRegistration: true };
    const regular = { allowEarlyRegistration: false };
    expect(isRegistrationOpenFor({ registrationOpen: true, earlyRegistrationOpen: false }, regular)).toBe(
      true,
    );
    expect(isRegistrationOpenFor({ registrationOpen: true, earlyRegistrationOpen: false }, null)).toBe(true);
    expect(isRegistrationOpenFor({ registrationOpen: false, earlyRegistrationOpen: true }, early)).toBe(true);
    expect(isRegistrationOpenFor({ registrationOpen: false, earlyRegistrationOpen: true }, regular)).toBe(
      false,
    );
    expect(isRegistrationOpenFor({ registrationOpen: false, earlyRegistrationOpen: true }, null)).toBe(false);
    expect(isRegistrationOpenFor({ registrationOpen: false, earlyRegistrationOpen: false }, early)).toBe(
      false,
    );
  });
});
