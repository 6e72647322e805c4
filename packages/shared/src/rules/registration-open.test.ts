import { describe, expect, it } from 'vitest';
import { isRegistrationOpenFor } from './availability';
import { registrationAvailability } from './registrations';

const config = (registrationOpen: boolean, earlyRegistrationOpen: boolean) => ({
  registrationYear: 2026,
  registrationOpen,
  earlyRegistrationOpen,
});

describe('isRegistrationOpenFor (docs/product.md §4, shared registrationAvailability)', () => {
  it('is open when registration is open, or early registration is open and the user may register early', () => {
    const early = { allowRegistration: true, allowEarlyRegistration: true };
    const regular = { allowRegistration: true, allowEarlyRegistration: false };
    expect(isRegistrationOpenFor(config(true, false), regular)).toBe(true);
    expect(isRegistrationOpenFor(config(true, false), null)).toBe(true);
    expect(isRegistrationOpenFor(config(false, true), early)).toBe(true);
    expect(isRegistrationOpenFor(config(false, true), regular)).toBe(false);
    expect(isRegistrationOpenFor(config(false, true), null)).toBe(false);
    expect(isRegistrationOpenFor(config(false, false), early)).toBe(false);
  });

  it('is closed for someone an admin stopped from registering, and for someone already registered', () => {
    const blocked = { allowRegistration: false, allowEarlyRegistration: true };
    const regular = { allowRegistration: true, allowEarlyRegistration: false };
    expect(isRegistrationOpenFor(config(true, false), blocked)).toBe(false);
    expect(isRegistrationOpenFor(config(true, false), regular, [{ year: 2026, status: 'PENDING' }])).toBe(
      false,
    );
    expect(
      isRegistrationOpenFor(config(true, false), regular, [
        { year: 2026, status: 'CANCELLED' },
        { year: 2025, status: 'CONFIRMED' },
      ]),
    ).toBe(true);
  });
});

describe('isRegistrationOpenFor agrees with the shared registrationAvailability', () => {
  it('on every combination of windows, flags and registrations', () => {
    const flags = [true, false];
    const histories = [
      undefined,
      [],
      [{ year: 2026, status: 'PENDING' as const }],
      [{ year: 2026, status: 'CANCELLED' as const }],
      [{ year: 2025, status: 'CONFIRMED' as const }],
    ];
    for (const registrationOpen of flags)
      for (const earlyRegistrationOpen of flags)
        for (const user of [
          null,
          ...flags.flatMap((allowRegistration) =>
            flags.map((allowEarlyRegistration) => ({ allowRegistration, allowEarlyRegistration })),
          ),
        ])
          for (const history of histories) {
            const windows = config(registrationOpen, earlyRegistrationOpen);
            expect(isRegistrationOpenFor(windows, user, history)).toBe(
              registrationAvailability(windows, user, history).canRegister,
            );
          }
  });
});
