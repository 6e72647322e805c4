import { EMERGENCY_CONTACT_MAX, NAME_MAX } from '@camp/shared/rules';
import { UpdateProfileInputSchema, type UpdateProfileInput } from '@camp/shared/users';
import { errorsOf, serverFieldErrors, type FieldErrors } from '../../lib/schema-form';

/** The editable profile fields as the form holds them (docs/product.md §2 Profile, §5). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  playaName: string;
  phone: string;
  city: string;
  stateProvince: string;
  country: string;
  emergencyContact: string;
}

export type ProfileField = keyof ProfileFormValues;
export type ProfileErrors = FieldErrors<ProfileField>;

/**
 * Label, required mark and input length of each field, as the form shows them. The rules and their messages
 * ('First name is required') are the shared UpdateProfileInputSchema's: see profileErrors.
 */
export const PROFILE_FIELDS: Record<ProfileField, { label: string; required: boolean; max: number }> = {
  firstName: { label: 'First name', required: true, max: NAME_MAX },
  lastName: { label: 'Last name', required: true, max: NAME_MAX },
  playaName: { label: 'Playa name', required: false, max: NAME_MAX },
  phone: { label: 'Phone', required: true, max: NAME_MAX },
  city: { label: 'City', required: false, max: NAME_MAX },
  stateProvince: { label: 'State/Province', required: false, max: NAME_MAX },
  country: { label: 'Country', required: false, max: NAME_MAX },
  emergencyContact: { label: 'Emergency contact', required: true, max: EMERGENCY_CONTACT_MAX },
};

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
  for (const field of Object.keys(PROFILE_FIELDS) as ProfileField[]) values[field] = user[field] ?? '';
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
