import { describe, expect, it } from 'vitest';
import {
  AdminUpdateOwnUserInputSchema,
  AdminUpdateUserInputSchema,
  CreateUserInputSchema,
  displayName,
  greetingName,
  isProfileComplete,
  personName,
  RegisterInputSchema,
  showsNothing,
  UpdateProfileInputSchema,
  UserListQuerySchema,
} from './index';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('CreateUserInputSchema', () => {
  it('defaults to a PARTICIPANT allowed to register, without a password', () => {
    expect(CreateUserInputSchema.parse({ email: ' Ada@Example.org ' })).toEqual({
      email: 'ada@example.org',
      firstName: null,
      lastName: null,
      playaName: null,
      phone: null,
      city: null,
      stateProvince: null,
      country: null,
      emergencyContact: null,
      role: 'PARTICIPANT',
      allowRegistration: true,
      allowEarlyRegistration: false,
      allowDeferredDuesPayment: false,
      allowNoJob: false,
      password: null,
    });
  });

  it('gives the User messages of docs/product.md §5', () => {
    expect(
      issues(
        CreateUserInputSchema.safeParse({
          email: 'nope',
          firstName: 'x'.repeat(51),
          lastName: 'y'.repeat(51),
          password: '1234567',
        }),
      ),
    ).toEqual([
      'Please enter a valid email address',
      'First name must be at most 50 characters',
      'Last name must be at most 50 characters',
      'Password must be at least 8 characters',
    ]);
    expect(CreateUserInputSchema.parse({ email: 'a@example.org', password: '12345678' }).password).toBe(
      '12345678',
    );
  });

  it('accepts internal notes only empty (not yet implemented)', () => {
    expect(issues(CreateUserInputSchema.safeParse({ email: 'a@example.org', internalNotes: 'x' }))).toEqual([
      'Internal notes are not yet implemented',
    ]);
    expect(CreateUserInputSchema.safeParse({ email: 'a@example.org', internalNotes: null }).success).toBe(
      true,
    );
  });
});

describe('AdminUpdateUserInputSchema', () => {
  it('changes any subset and refuses what it does not know', () => {
    expect(AdminUpdateUserInputSchema.parse({ role: 'STAFF' })).toEqual({ role: 'STAFF' });
    expect(issues(AdminUpdateUserInputSchema.safeParse({ password: 'long enough' }))).toEqual([
      'Unrecognized key: "password"',
    ]);
  });

  it('keeps the profile rules for your own record', () => {
    expect(issues(AdminUpdateOwnUserInputSchema.safeParse({ role: 'STAFF' }))).toEqual([
      'First name is required',
      'Last name is required',
      'Phone is required',
      'Emergency contact is required',
    ]);
  });
});

describe('UserListQuerySchema', () => {
  it('trims the search and limits its length', () => {
    expect(UserListQuerySchema.parse({ search: '  ada ' })).toEqual({ search: 'ada' });
    expect(issues(UserListQuerySchema.safeParse({ search: 'x'.repeat(101) }))).toEqual([
      'Search must be at most 100 characters',
    ]);
  });
});

describe('names that show nothing', () => {
  // Zero-width space, zero-width non-joiner and joiner, word joiner, byte-order mark, soft hyphen, LRM and
  // RLM, Arabic letter mark, Hangul filler, combining grapheme joiner, a variation selector, ideographic space.
  const INVISIBLE = [
    '\u200B',
    '\u200C\u200D',
    '\u2060',
    '\uFEFF',
    '\u00AD',
    '\u200E\u200F',
    '\u061C',
    '\u3164',
    '\u034F',
    '\uFE0F',
    ' \u3000 \u200B ',
  ];
  const profile = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '555-0100',
    emergencyContact: 'Byron, 555-0101, father',
  };

  it('a first or last name made only of invisible characters is refused as required (profile, register)', () => {
    for (const invisible of INVISIBLE) {
      const label = JSON.stringify(invisible);
      expect(issues(UpdateProfileInputSchema.safeParse({ ...profile, firstName: invisible })), label).toEqual(
        ['First name is required'],
      );
      expect(
        issues(RegisterInputSchema.safeParse({ ...profile, lastName: invisible, email: 'ada@example.org' })),
        label,
      ).toEqual(['Last name is required']);
      expect(
        issues(
          AdminUpdateOwnUserInputSchema.safeParse({ ...profile, firstName: invisible, lastName: invisible }),
        ),
        label,
      ).toEqual(['First name is required', 'Last name is required']);
    }
  });

  it('a bidi control alone is refused as required too, not as a control character', () => {
    expect(issues(UpdateProfileInputSchema.safeParse({ ...profile, firstName: '\u202E' }))).toEqual([
      'First name is required',
    ]);
  });

  it('names with visible letters are kept as typed, joiners included', () => {
    const parsed = UpdateProfileInputSchema.parse({ ...profile, firstName: ' Zoë ', lastName: 'क्\u200Dष' });
    expect([parsed.firstName, parsed.lastName]).toEqual(['Zoë', 'क्\u200Dष']);
  });

  it('an admin-set name that shows nothing is stored as no name, as a blank one is', () => {
    const created = CreateUserInputSchema.parse({
      email: 'x@example.org',
      firstName: '\u200B\u200B',
      lastName: '\u200E',
    });
    expect([created.firstName, created.lastName]).toEqual([null, null]);
    expect(AdminUpdateUserInputSchema.parse({ firstName: '\uFEFF', lastName: 'Kept' })).toEqual({
      firstName: null,
      lastName: 'Kept',
    });
  });

  it('display names and profile completeness do not count invisible names', () => {
    expect(displayName({ firstName: '\u200B', lastName: '\u200F' })).toBe('');
    expect(personName({ firstName: '\u200B', lastName: null, email: 'ada@example.org' })).toBe(
      'ada@example.org',
    );
    expect(greetingName({ playaName: '\u2060', firstName: 'Ada', lastName: '\u200B' })).toBe('Ada');
    expect(isProfileComplete({ ...profile, firstName: '\u200B', email: 'ada@example.org' })).toBe(false);
    expect(showsNothing('\u200B\u00A0\u200E')).toBe(true);
    expect(showsNothing('a\u200B')).toBe(false);
  });
});
