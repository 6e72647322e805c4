import { describe, expect, it } from 'vitest';
import {
  canDeferDues,
  cancelledRegistrations,
  currentRegistration,
  type CustomFieldRule,
  customFieldProblem,
  customFieldStoredValue,
  customFieldValueFromStored,
  duesFor,
  isValidIsoDate,
  jobMailLabel,
  REGISTRATION_MESSAGES,
  registrationAvailability,
  type ShiftRuleCategory,
  shiftRequirement,
  unknownCustomFieldIds,
  validateCustomFields,
  validateShiftSelection,
} from '../index';

const config = (values: Partial<{ registrationOpen: boolean; earlyRegistrationOpen: boolean }> = {}) => ({
  registrationYear: 2026,
  registrationOpen: false,
  earlyRegistrationOpen: false,
  ...values,
});
const person = (values: Partial<{ allowRegistration: boolean; allowEarlyRegistration: boolean }> = {}) => ({
  allowRegistration: true,
  allowEarlyRegistration: false,
  ...values,
});

describe('registrationAvailability', () => {
  it('is open when registration is open', () => {
    expect(registrationAvailability(config({ registrationOpen: true }), person(), [])).toEqual({
      status: 'open',
      canRegister: true,
      message: 'Registration for 2026 is open!',
      year: 2026,
    });
  });

  it('is early only for people allowed to register early', () => {
    const early = config({ earlyRegistrationOpen: true });
    expect(registrationAvailability(early, person({ allowEarlyRegistration: true }), [])).toEqual({
      status: 'early',
      canRegister: true,
      message: 'Early registration for 2026 is open!',
      year: 2026,
    });
    expect(registrationAvailability(early, person(), [])).toEqual({
      status: 'closed',
      canRegister: false,
      message: 'Registration for 2026 is not currently open.',
      year: 2026,
    });
  });

  it('prefers open over early when both windows are open', () => {
    const both = config({ registrationOpen: true, earlyRegistrationOpen: true });
    expect(registrationAvailability(both, person({ allowEarlyRegistration: true }), []).status).toBe('open');
  });

  it('is closed when no window is open, even for early registrants', () => {
    const answer = registrationAvailability(config(), person({ allowEarlyRegistration: true }), []);
    expect(answer).toMatchObject({ status: 'closed', canRegister: false });
    expect(answer.message).toBe('Registration for 2026 is not currently open.');
  });

  it('says already registered for an active registration of the year, before any window', () => {
    for (const status of ['PENDING', 'CONFIRMED', 'WAITLISTED'] as const) {
      for (const windows of [config({ registrationOpen: true }), config()]) {
        expect(registrationAvailability(windows, person(), [{ year: 2026, status }])).toEqual({
          status: 'already-registered',
          canRegister: false,
          message:
            'You are already registered for 2026. You can view your registration details on the dashboard.',
          year: 2026,
        });
      }
    }
  });

  it('ignores cancelled registrations and other years', () => {
    const answer = registrationAvailability(config({ registrationOpen: true }), person(), [
      { year: 2026, status: 'CANCELLED' },
      { year: 2025, status: 'CONFIRMED' },
    ]);
    expect(answer.status).toBe('open');
  });

  it('refuses a person whose registration an admin switched off, with its own message', () => {
    const answer = registrationAvailability(
      config({ registrationOpen: true }),
      person({ allowRegistration: false }),
      [],
    );
    expect(answer).toEqual({
      status: 'closed',
      canRegister: false,
      message:
        'Registration for 2026 is not available for your account. Please contact the camp organizers if you believe this is a mistake.',
      year: 2026,
    });
  });

  it('says configuration not available without a configuration', () => {
    for (const missing of [null, undefined]) {
      expect(registrationAvailability(missing, person(), [])).toEqual({
        status: 'unavailable',
        canRegister: false,
        message: 'Configuration not available. Please try again later.',
        year: null,
      });
    }
  });

  it('answers from the windows alone without a user or registrations', () => {
    expect(registrationAvailability(config({ registrationOpen: true }), null, null).status).toBe('open');
    expect(registrationAvailability(config({ earlyRegistrationOpen: true }), null, undefined).status).toBe(
      'closed',
    );
  });
});

describe('current registration and history', () => {
  const list = [
    { id: 'old', year: 2025, status: 'CONFIRMED' as const, createdAt: '2025-03-01T00:00:00.000Z' },
    { id: 'gone', year: 2026, status: 'CANCELLED' as const, createdAt: '2026-01-01T00:00:00.000Z' },
    { id: 'gone2', year: 2026, status: 'CANCELLED' as const, createdAt: '2026-01-05T00:00:00.000Z' },
    { id: 'now', year: 2026, status: 'PENDING' as const, createdAt: '2026-02-01T00:00:00.000Z' },
  ];

  it('is the first active registration of the year', () => {
    expect(currentRegistration(list, 2026)?.id).toBe('now');
    expect(currentRegistration(list, 2025)?.id).toBe('old');
    expect(currentRegistration(list, 2024)).toBeUndefined();
  });

  it('lists the cancelled registrations of the year, newest first', () => {
    expect(cancelledRegistrations(list, 2026).map((entry) => entry.id)).toEqual(['gone2', 'gone']);
  });
});

describe('duesFor', () => {
  const options = [
    { participantDues: 125.5, staffDues: 50 },
    { participantDues: 80.29, staffDues: 0.1 },
  ];

  it('charges participants the participant rate', () => {
    expect(duesFor(options, 'PARTICIPANT')).toEqual({ cents: 20579, dollars: 205.79 });
  });

  it('charges staff and admins the staff rate', () => {
    expect(duesFor(options, 'STAFF')).toEqual({ cents: 5010, dollars: 50.1 });
    expect(duesFor(options, 'ADMIN')).toEqual({ cents: 5010, dollars: 50.1 });
  });

  it('is zero for free options or none', () => {
    expect(duesFor([{ participantDues: 0, staffDues: 0 }], 'PARTICIPANT')).toEqual({ cents: 0, dollars: 0 });
    expect(duesFor([], 'STAFF')).toEqual({ cents: 0, dollars: 0 });
  });
});

describe('canDeferDues', () => {
  it('needs both the configuration and the person', () => {
    expect(canDeferDues({ allowDeferredDuesPayment: true }, { allowDeferredDuesPayment: true })).toBe(true);
    expect(canDeferDues({ allowDeferredDuesPayment: true }, { allowDeferredDuesPayment: false })).toBe(false);
    expect(canDeferDues({ allowDeferredDuesPayment: false }, { allowDeferredDuesPayment: true })).toBe(false);
    expect(canDeferDues(null, { allowDeferredDuesPayment: true })).toBe(false);
    expect(canDeferDues({ allowDeferredDuesPayment: true }, null)).toBe(false);
  });
});

describe('capacity', () => {
  it('names what is full', () => {
    expect(REGISTRATION_MESSAGES.optionFull('Tent Camping')).toBe('"Tent Camping" is full');
    expect(REGISTRATION_MESSAGES.jobFull('Gate Greeter', 'MONDAY')).toBe(
      'The "Gate Greeter" shift on Monday is full',
    );
    expect(REGISTRATION_MESSAGES.jobFull('Build', 'PRE_OPENING')).toBe(
      'The "Build" shift on Pre-Opening is full',
    );
  });
});

describe('shift rules', () => {
  const gate: ShiftRuleCategory = { id: 'gate', name: 'Gate', alwaysRequired: true, staffOnly: false };
  const cleanup: ShiftRuleCategory = { id: 'clean', name: 'Cleanup', alwaysRequired: true, staffOnly: false };
  const leads: ShiftRuleCategory = { id: 'leads', name: 'Leads', alwaysRequired: true, staffOnly: true };
  const kitchen: ShiftRuleCategory = {
    id: 'kitchen',
    name: 'Kitchen',
    alwaysRequired: false,
    staffOnly: false,
  };
  const tent = { name: 'Tent Camping', workShiftsRequired: 2 };
  const rv = { name: 'RV Camping', workShiftsRequired: 1 };
  const free = { name: 'Day Pass', workShiftsRequired: 0 };
  const participant = { role: 'PARTICIPANT' as const, allowNoJob: false };
  const staff = { role: 'STAFF' as const, allowNoJob: false };
  const jobsIn = (...categories: string[]) => categories.map((categoryId) => ({ categoryId }));

  it('needs the options’ shifts plus one per always-required category', () => {
    expect(shiftRequirement([tent, rv, free], [gate, cleanup, kitchen], participant)).toEqual({
      waived: false,
      total: 5,
      optionShifts: 3,
      perOption: [
        { name: 'Tent Camping', shifts: 2 },
        { name: 'RV Camping', shifts: 1 },
      ],
      requiredCategories: [gate, cleanup],
    });
  });

  it('counts staff-only required categories for staff and admins only', () => {
    expect(shiftRequirement([free], [leads], participant).total).toBe(0);
    expect(shiftRequirement([free], [leads], staff).total).toBe(1);
    expect(shiftRequirement([free], [leads], { role: 'ADMIN', allowNoJob: false }).total).toBe(1);
  });

  it('accepts a selection that meets every rule', () => {
    expect(
      validateShiftSelection(
        jobsIn('gate', 'clean', 'kitchen', 'kitchen', 'kitchen'),
        [tent, rv],
        [gate, cleanup, kitchen],
        participant,
      ),
    ).toEqual([]);
  });

  it('asks for the total first, then each required category, then the options’ shifts', () => {
    expect(validateShiftSelection([], [tent, rv], [gate, cleanup, kitchen], participant)).toEqual([
      'You need to select at least 5 shifts',
      'You must select at least one Gate shift',
      'You must select at least one Cleanup shift',
      'You must select at least 3 shifts outside the always-required categories for your camping options (Tent Camping: 2, RV Camping: 1)',
    ]);
  });

  it('names only the missing required category', () => {
    expect(
      validateShiftSelection(jobsIn('gate', 'kitchen'), [free], [gate, cleanup, kitchen], participant),
    ).toEqual(['You must select at least one Cleanup shift']);
  });

  it('does not count extra required-category shifts towards the options', () => {
    expect(validateShiftSelection(jobsIn('gate', 'gate'), [rv], [gate, kitchen], participant)).toEqual([
      'You must select at least 1 shift outside the always-required categories for your camping options (RV Camping: 1)',
    ]);
  });

  it('words the options message simply when no category is always required', () => {
    expect(validateShiftSelection(jobsIn('kitchen'), [rv], [kitchen], participant)).toEqual([]);
    expect(validateShiftSelection([], [rv], [kitchen], participant)).toEqual([
      'You need to select at least 1 shift',
      'You must select at least 1 shift for your camping options (RV Camping: 1)',
    ]);
  });

  it('needs nothing when no option asks for shifts and no category is required', () => {
    expect(validateShiftSelection([], [free], [kitchen], participant)).toEqual([]);
  });

  it('lifts every shift rule for people with allowNoJob', () => {
    const noJob = { role: 'PARTICIPANT' as const, allowNoJob: true };
    expect(shiftRequirement([tent], [gate], noJob)).toMatchObject({ waived: true, total: 0 });
    expect(validateShiftSelection([], [tent, rv], [gate, cleanup, kitchen], noJob)).toEqual([]);
  });
});

describe('custom fields', () => {
  const field = (values: Partial<CustomFieldRule>): CustomFieldRule => ({
    id: 'f',
    displayName: 'Field',
    dataType: 'STRING',
    required: false,
    minLength: null,
    maxLength: null,
    minValue: null,
    maxValue: null,
    ...values,
  });

  it('requires a value of a required field; blank text is missing', () => {
    const name = field({ displayName: 'Vehicle plate', required: true });
    for (const value of [undefined, null, '', '   ']) {
      expect(customFieldProblem(name, value)).toBe('Vehicle plate is required');
    }
    expect(customFieldProblem(field({ displayName: 'Notes' }), '')).toBeUndefined();
    expect(customFieldProblem(field({ displayName: 'Notes' }), undefined)).toBeUndefined();
  });

  it('lets only null fail a required boolean', () => {
    const agree = field({ displayName: 'Bringing a bike', dataType: 'BOOLEAN', required: true });
    expect(customFieldProblem(agree, false)).toBeUndefined();
    expect(customFieldProblem(agree, true)).toBeUndefined();
    expect(customFieldProblem(agree, null)).toBe('Bringing a bike is required');
    expect(customFieldProblem(agree, 'maybe')).toBe('Bringing a bike must be true or false');
    expect(customFieldProblem(agree, 'false')).toBeUndefined();
  });

  it('checks text lengths, trimmed, in characters', () => {
    const text = field({ displayName: 'Bio', dataType: 'MULTILINE_STRING', minLength: 3, maxLength: 5 });
    expect(customFieldProblem(text, 'ab')).toBe('Bio must be at least 3 characters');
    expect(customFieldProblem(text, '  abc  ')).toBeUndefined();
    expect(customFieldProblem(text, 'abcde')).toBeUndefined();
    expect(customFieldProblem(text, 'abcdef')).toBe('Bio must be less than 5 characters');
    expect(customFieldProblem(text, '😀😀😀')).toBeUndefined();
    expect(customFieldProblem(text, 42)).toBe('Bio must be text');
    expect(customFieldProblem(text, 'a\0bc')).toBe('Bio contains a character that is not allowed');
  });

  it('checks integers: whole, within limits, numbers or numeric text', () => {
    const people = field({ displayName: 'People', dataType: 'INTEGER', minValue: 1, maxValue: 6 });
    expect(customFieldProblem(people, 3)).toBeUndefined();
    expect(customFieldProblem(people, '4')).toBeUndefined();
    expect(customFieldProblem(people, 2.5)).toBe('People must be a whole number');
    expect(customFieldProblem(people, 0)).toBe('People must be at least 1');
    expect(customFieldProblem(people, 7)).toBe('People must be at most 6');
    expect(customFieldProblem(people, 'four')).toBe('People must be a number');
    expect(customFieldProblem(people, true)).toBe('People must be a number');
    expect(customFieldProblem(people, 2 ** 60)).toBe('People must be a whole number');
  });

  it('checks numbers in steps of 0.01', () => {
    const length = field({
      displayName: 'Vehicle length',
      dataType: 'NUMBER',
      minValue: 0.5,
      maxValue: 12.25,
    });
    expect(customFieldProblem(length, 4.35)).toBeUndefined();
    expect(customFieldProblem(length, '12.25')).toBeUndefined();
    expect(customFieldProblem(length, 4.355)).toBe('Vehicle length must have at most 2 decimal places');
    expect(customFieldProblem(length, 0.25)).toBe('Vehicle length must be at least 0.5');
    expect(customFieldProblem(length, 12.26)).toBe('Vehicle length must be at most 12.25');
    expect(customFieldProblem(length, '1e400')).toBe('Vehicle length must be a number');
  });

  it('checks dates as real YYYY-MM-DD days', () => {
    const arrival = field({ displayName: 'Arrival', dataType: 'DATE' });
    expect(customFieldProblem(arrival, '2026-08-30')).toBeUndefined();
    expect(customFieldProblem(arrival, '2024-02-29')).toBeUndefined();
    for (const value of ['2026-02-30', '2025-02-29', '2026-13-01', '30/08/2026', '2026-8-30', 20260830]) {
      expect(customFieldProblem(arrival, value), String(value)).toBe(
        'Arrival must be a valid date (YYYY-MM-DD)',
      );
    }
    expect(isValidIsoDate('2026-04-31')).toBe(false);
  });

  it('lists one message per field with a problem, in field order', () => {
    const fields = [
      field({ id: 'a', displayName: 'Plate', required: true }),
      field({ id: 'b', displayName: 'People', dataType: 'INTEGER', maxValue: 4 }),
      field({ id: 'c', displayName: 'Notes' }),
    ];
    expect(validateCustomFields(fields, { b: 9, c: 'fine' })).toEqual([
      'Plate is required',
      'People must be at most 4',
    ]);
    expect(validateCustomFields(fields, { a: 'ABC123', b: 2 })).toEqual([]);
  });

  it('finds values of fields that are not among the chosen options’ fields', () => {
    expect(unknownCustomFieldIds([{ id: 'a' }], { a: 1, z: 2 })).toEqual(['z']);
  });

  it('stores values as text and reads them back by type', () => {
    expect(customFieldStoredValue({ dataType: 'BOOLEAN' }, false)).toBe('false');
    expect(customFieldStoredValue({ dataType: 'INTEGER' }, '04')).toBe('4');
    expect(customFieldStoredValue({ dataType: 'NUMBER' }, 2.5)).toBe('2.5');
    expect(customFieldStoredValue({ dataType: 'STRING' }, '  hi  ')).toBe('hi');
    expect(customFieldStoredValue({ dataType: 'STRING' }, '  ')).toBeNull();
    expect(customFieldStoredValue({ dataType: 'DATE' }, null)).toBeNull();
    expect(customFieldValueFromStored('BOOLEAN', 'false')).toBe(false);
    expect(customFieldValueFromStored('INTEGER', '4')).toBe(4);
    expect(customFieldValueFromStored('DATE', '2026-08-30')).toBe('2026-08-30');
    expect(customFieldValueFromStored('STRING', null)).toBeNull();
  });
});

describe('jobMailLabel', () => {
  const shift = { name: 'Build', dayOfWeek: 'PRE_OPENING' as const, startTime: '22:00', endTime: '02:00' };

  it('names the weekday only without event dates, as jobLabel does', () => {
    expect(jobMailLabel('Gate', shift, null)).toBe('Gate (Build, Pre-Opening)');
  });

  it('names the date and times with them, the day of a several-day festival day included', () => {
    const calendar = { openingSunday: '2027-08-29' };
    expect(jobMailLabel('Gate', { ...shift, dayOffset: 2 }, calendar)).toBe(
      'Gate (Build, Pre-Opening, Fri, Aug 27, 22:00–02:00)',
    );
  });
});
