import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/test-utils';
import {
  blankUserValues,
  toCreateUserInput,
  toUpdateUserInput,
  userErrors,
  userServerErrors,
  userValuesOf,
} from './user-form';

describe('the user form values (docs/product.md §3 User)', () => {
  it('starts a new user as a participant allowed to register', () => {
    expect(blankUserValues()).toMatchObject({
      role: 'PARTICIPANT',
      allowRegistration: true,
      allowEarlyRegistration: false,
      allowDeferredDuesPayment: false,
      allowNoJob: false,
    });
  });

  it('sends trimmed text, blanks as null, and neither a password nor internal notes', () => {
    const input = toCreateUserInput({
      ...blankUserValues(),
      email: ' New@Example.org ',
      firstName: ' Sky ',
      city: ' ',
    });
    expect(input).toMatchObject({
      email: 'New@Example.org',
      firstName: 'Sky',
      city: null,
      role: 'PARTICIPANT',
    });
    expect(input).not.toHaveProperty('password');
    expect(input).not.toHaveProperty('internalNotes');
    const update = toUpdateUserInput({ ...userValuesOf(testUser()), allowNoJob: true, role: 'STAFF' });
    expect(update).toMatchObject({ allowNoJob: true, role: 'STAFF', email: 'dusty@example.org' });
  });
});

describe('userErrors (docs/product.md §5 User)', () => {
  it('needs a valid e-mail and names of at most 50 characters', () => {
    expect(userErrors({ ...blankUserValues(), email: 'nope', firstName: 'x'.repeat(51) })).toEqual({
      email: 'Please enter a valid email address',
      firstName: 'First name must be at most 50 characters',
    });
    expect(userErrors({ ...blankUserValues(), email: 'ok@example.org' })).toEqual({});
  });

  it('keeps the profile fields required on your own record', () => {
    const values = { ...blankUserValues(), email: 'me@example.org' };
    expect(userErrors(values, { self: true })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone is required',
      emergencyContact: 'Emergency contact is required',
    });
  });

  it('places server messages on their fields', () => {
    expect(
      userServerErrors({ ...blankUserValues(), email: 'dusty@example.org' }, [
        'A user with this email already exists',
        'Phone must be at most 50 characters',
      ]),
    ).toEqual({
      email: 'A user with this email already exists',
      phone: 'Phone must be at most 50 characters',
    });
  });

  it("refuses invisible names on your own record; sends another user's as no name", () => {
    const values = { ...userValuesOf(testUser()), firstName: '\u200B', lastName: '\uFEFF' };
    expect(userErrors(values, { self: true })).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(userErrors(values)).toEqual({});
  });
});
