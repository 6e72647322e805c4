import { UpdateProfileInputSchema } from '@camp/shared/users';
import { describe, expect, it } from 'vitest';
import {
  profileErrors,
  profileServerErrors,
  profileValuesOf,
  toProfileInput,
  type ProfileFormValues,
} from './profile-values';

const valid: ProfileFormValues = {
  firstName: 'Dusty',
  lastName: 'Rhodes',
  playaName: '',
  phone: '555-0100',
  city: '',
  stateProvince: '',
  country: '',
  emergencyContact: 'Sandy, 555-0101, sister',
};

describe('profile rules (docs/product.md §5)', () => {
  it('requires first name, last name, phone and emergency contact', () => {
    expect(
      profileErrors({ ...valid, firstName: ' ', lastName: '', phone: '', emergencyContact: '\n' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone is required',
      emergencyContact: 'Emergency contact is required',
    });
    expect(profileErrors(valid)).toEqual({});
  });

  it('allows 50 characters for names, phone, playa name and places, 1024 for the emergency contact', () => {
    const at = (n: number) => 'x'.repeat(n);
    expect(
      profileErrors({
        ...valid,
        firstName: at(50),
        lastName: at(50),
        playaName: at(50),
        phone: at(50),
        city: at(50),
        stateProvince: at(50),
        country: at(50),
        emergencyContact: at(1024),
      }),
    ).toEqual({});
    expect(
      profileErrors({
        ...valid,
        firstName: at(51),
        playaName: at(51),
        city: at(51),
        stateProvince: at(51),
        country: at(51),
        phone: at(51),
        emergencyContact: at(1025),
      }),
    ).toEqual({
      firstName: 'First name must be at most 50 characters',
      playaName: 'Playa name must be at most 50 characters',
      phone: 'Phone must be at most 50 characters',
      city: 'City must be at most 50 characters',
      stateProvince: 'State/Province must be at most 50 characters',
      country: 'Country must be at most 50 characters',
      emergencyContact: 'Emergency contact must be at most 1024 characters',
    });
  });

  it.each([
    valid,
    { ...valid, firstName: '', phone: ' ' },
    { ...valid, lastName: 'y'.repeat(51), city: 'c'.repeat(51) },
    { ...valid, emergencyContact: 'e'.repeat(1025), playaName: 'p'.repeat(51) },
  ])('agrees with the shared schema the server uses (%#)', (values) => {
    const ours = Object.values(profileErrors(values)).sort();
    const result = UpdateProfileInputSchema.safeParse(values);
    const theirs = result.success ? [] : result.error.issues.map((issue) => issue.message).sort();
    expect(ours).toEqual(theirs);
  });

  it('sends trimmed values, blank optional fields as null, and nothing else', () => {
    const input = toProfileInput({ ...valid, firstName: ' Dusty ', city: '  ', country: ' NZ ' });
    expect(input).toEqual({
      firstName: 'Dusty',
      lastName: 'Rhodes',
      playaName: null,
      phone: '555-0100',
      city: null,
      stateProvince: null,
      country: 'NZ',
      emergencyContact: 'Sandy, 555-0101, sister',
    });
    expect(UpdateProfileInputSchema.safeParse(input).success).toBe(true);
  });

  it('fills the form from a stored user, nulls as empty fields', () => {
    expect(
      profileValuesOf({ ...valid, playaName: null, city: null, stateProvince: null, country: null }),
    ).toEqual(valid);
  });

  it('matches server messages to their fields', () => {
    expect(
      profileServerErrors(valid, [
        'First name is required',
        'Emergency contact is required',
        'Something else',
      ]),
    ).toEqual({ firstName: 'First name is required', emergencyContact: 'Emergency contact is required' });
  });

  it('refuses names made only of invisible characters as required (the shared rule)', () => {
    expect(profileErrors({ ...valid, firstName: '\u200B', lastName: ' \u200E\u200F ' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
});
