import { EMERGENCY_CONTACT_MAX, NAME_MAX } from '@camp/shared/rules';
import { UpdateProfileInputSchema, type UpdateProfileInput } from '@camp/shared/users';
import { errorsOf, serverFieldErrors, type FieldErrors } from '../../lib/schema-form';

interface ProfileFieldShown {
  label: string;
  required: boolean;
  max: number;
}

/**
 * The editable profile fields (docs/product.md §2 Profile, §5) in the form's order, with the label, required
 * mark and input length the form shows. The rules and their messages ('First name is required') are the
 * shared UpdateProfileInputSchema's: see profileErrors.
 */
export const PROFILE_FIELDS = {
  firstName: { label: 'First name', required: true, max: NAME_MAX },
  lastName: { label: 'Last name', required: true, max: NAME_MAX },
  playaName: { label: 'Playa name', required: false, max: NAME_MAX },
  phone: { label: 'Phone', required: true, max: NAME_MAX },
  city: { label: 'City', required: false, max: NAME_MAX },
  stateProvince: { label: 'State/Province', required: false, max: NAME_MAX },
  country: { label: 'Country', required: false, max: NAME_MAX },
  emergencyContact: { label: 'Emergency contact', required: true, max: EMERGENCY_CONTACT_MAX },
} as const satisfies Record<string, ProfileFieldShown>;

export type ProfileField = keyof typeof PROFILE_FIELDS;
/** The profile fields as the form holds them: text, blank for none. */
export type ProfileFormValues = Record<ProfileField, string>;
export type ProfileErrors = FieldErrors<ProfileField>;

/** The profile fields, in the form's order. */
export const PROFILE_FIELD_KEYS = Object.keys(PROFILE_FIELDS) as ProfileField[];

/** The request body: trimmed, blank optional fields as null (exactly the keys the server accepts). */
export function toProfileInput(values: ProfileFormValues): UpdateProfileInput {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    playaName: optional(values.playaName),
    phone: values.phone.trim(),
    city: optional(values.city),
    stateProvince: optional(values.stateProvince),
    country: optional(values.country),
    emergencyContact: values.emergencyContact.trim(),
  };
}

/** The form's starting values from a stored user (nulls as empty fields). */
export function profileValuesOf(user: { [K in ProfileField]: string | null }): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of PROFILE_FIELD_KEYS) values[field] = user[field] ?? '';
  return values;
}

/** The form of a new person: every profile field blank. */
export function blankProfileValues(): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of PROFILE_FIELD_KEYS) values[field] = '';
  return values;
}

/** docs/product.md §5 Profile: the values' request body checked with the shared schema, the server's own check. */
export function profileErrors(values: ProfileFormValues): ProfileErrors {
  return errorsOf(UpdateProfileInputSchema, toProfileInput(values));
}

/** The server's validation messages on the fields whose rules (in the same schema) say them. */
export function profileServerErrors(values: ProfileFormValues, messages: readonly string[]): ProfileErrors {
  return serverFieldErrors(UpdateProfileInputSchema, toProfileInput(values), messages);
}
