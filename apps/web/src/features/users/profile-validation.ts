import { EMERGENCY_CONTACT_MAX, NAME_MAX } from '@camp/shared/rules';
import type { UpdateProfileInput } from '@camp/shared/users';

/** The editable profile fields as the form holds them (spec §2 Profile, §5). */
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
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/**
 * Label, requiredness and maximum of each field. The labels are those of the shared UpdateProfileInputSchema
 * messages ('First name is required'), which the server answers with too; a test keeps the two in step.
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

export const PROFILE_FIELD_ORDER = Object.keys(PROFILE_FIELDS) as ProfileField[];

/** Spec §5 Profile rules, with the shared schema's messages. Empty result: valid. */
export function validateProfile(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of PROFILE_FIELD_ORDER) {
    const { label, required, max } = PROFILE_FIELDS[field];
    const value = values[field].trim();
    if (required && value === '') errors[field] = `${label} is required`;
    else if (value.length > max) errors[field] = `${label} must be at most ${max} characters`;
  }
  return errors;
}

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
  for (const field of PROFILE_FIELD_ORDER) values[field] = user[field] ?? '';
  return values;
}

/** Server messages ('Phone is required') matched to the field they are about, by the field's label. */
export function serverErrorsByField(messages: string[]): ProfileErrors {
  const errors: ProfileErrors = {};
  // Longest labels first, so 'Emergency contact' is never mistaken for a shorter label that prefixes it.
  const fields = [...PROFILE_FIELD_ORDER].sort(
    (a, b) => PROFILE_FIELDS[b].label.length - PROFILE_FIELDS[a].label.length,
  );
  for (const message of messages) {
    const field = fields.find((name) => message.startsWith(`${PROFILE_FIELDS[name].label} `));
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
