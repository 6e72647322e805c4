import { describe, expect, it } from 'vitest';
import { isValidIsoDate } from './registrations';
import { dateInZone, shiftChangesOpen, shiftIsPast } from './shift-changes';

// When a person may change their own shifts (docs/product.md §11 "Changing my shifts", decision 057).

const config = {
  registrationYear: 2027,
  registrationOpen: false,
  earlyRegistrationOpen: false,
  timeZone: 'America/Los_Angeles',
  shiftChangesClose: null as string | null,
};
const person = { allowRegistration: true, allowEarlyRegistration: false };

describe('shiftChangesOpen', () => {
  it('is open while registration is open for the person', () => {
    const now = new Date('2027-09-10T12:00:00Z');
    expect(shiftChangesOpen({ ...config, registrationOpen: true }, person, now)).toBe(true);
    expect(shiftChangesOpen({ ...config, earlyRegistrationOpen: true }, person, now)).toBe(false);
    expect(
      shiftChangesOpen(
        { ...config, earlyRegistrationOpen: true },
        { ...person, allowEarlyRegistration: true },
        now,
      ),
    ).toBe(true);
    expect(shiftChangesOpen(config, person, now)).toBe(false);
  });

  it('is open until the close date, inclusive, in the camp’s time zone', () => {
    const closing = { ...config, shiftChangesClose: '2027-09-05' };
    // 06:59 UTC on the 6th is still the 5th in Los Angeles (UTC−7).
    expect(shiftChangesOpen(closing, person, new Date('2027-09-06T06:59:00Z'))).toBe(true);
    expect(shiftChangesOpen(closing, person, new Date('2027-09-06T07:00:00Z'))).toBe(false);
    // A person whose registration is switched off still changes until the date.
    expect(
      shiftChangesOpen(closing, { ...person, allowRegistration: false }, new Date('2027-09-01T12:00:00Z')),
    ).toBe(true);
  });
});

describe('the date helpers', () => {
  it('reads real dates only, and today in a zone', () => {
    expect(isValidIsoDate('2027-02-28')).toBe(true);
    expect(isValidIsoDate('2027-02-30')).toBe(false);
    expect(isValidIsoDate('2027-2-3')).toBe(false);
    expect(dateInZone(new Date('2027-09-06T03:00:00Z'), 'America/Los_Angeles')).toBe('2027-09-05');
  });

  it('says a shift has started or ended only with event dates', () => {
    const shift = { dayOfWeek: 'MONDAY' as const, dayOffset: 1, startTime: '09:00', endTime: '12:00' };
    const calendar = { openingSunday: '2027-08-29' };
    const zone = 'UTC';
    expect(shiftIsPast(shift, null, zone, new Date('2099-01-01T00:00:00Z'))).toBe(false);
    expect(shiftIsPast(shift, calendar, zone, new Date('2027-08-30T08:59:00Z'))).toBe(false);
    expect(shiftIsPast(shift, calendar, zone, new Date('2027-08-30T09:00:00Z'))).toBe(true);
    expect(shiftIsPast(shift, calendar, zone, new Date('2027-08-30T11:00:00Z'), 'end')).toBe(false);
    expect(shiftIsPast(shift, calendar, zone, new Date('2027-08-30T12:00:00Z'), 'end')).toBe(true);
  });
});
