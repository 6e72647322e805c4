import { describe, expect, it } from 'vitest';
import {
  AdminUpdateOwnUserInputSchema,
  AdminUpdateUserInputSchema,
  CreateUserInputSchema,
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

  it('gives the User messages of spec §5', () => {
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
