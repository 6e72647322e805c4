import { ROLE_LABELS, ROLES, USER_ADMIN_MESSAGES, type Role } from '@camp/shared/rules';
import {
  AdminUpdateOwnUserInputSchema,
  AdminUpdateUserInputSchema,
  type AdminUpdateUserInput,
  type CreateUserInput,
  type User,
} from '@camp/shared/users';
import { errorsOf, serverFieldErrors, type FieldErrors } from '../../lib/schema-form';
import {
  blankProfileValues,
  PROFILE_FIELD_KEYS,
  PROFILE_FIELDS,
  profileValuesOf,
  type ProfileFormValues,
} from './profile-values';

export type UserFlag =
  'allowRegistration' | 'allowEarlyRegistration' | 'allowDeferredDuesPayment' | 'allowNoJob';

/**
 * The user form's state (docs/product.md §3 User): the profile's fields, the address, the role and the flags (the
 * password is not shown; internal notes are a part of their own, docs/product.md §12).
 */
export interface UserFormValues extends ProfileFormValues, Record<UserFlag, boolean> {
  email: string;
  role: Role;
}

export type UserTextField = 'email' | keyof ProfileFormValues;
export type UserField = keyof UserFormValues;
export type UserErrors = FieldErrors<UserField>;

/** Labels and input lengths as the profile screen uses them; the rules are the shared schema's (userErrors). */
export const USER_TEXT_FIELDS: Record<UserTextField, { label: string; max: number }> = {
  email: { label: 'Email', max: 254 },
  ...PROFILE_FIELDS,
};

export const USER_FLAGS: Record<UserFlag, { label: string; description: string }> = {
  allowRegistration: {
    label: 'Allow registration',
    description: 'May register for the camp while registration is open.',
  },
  allowEarlyRegistration: {
    label: 'Allow early registration',
    description: 'May register while only early registration is open.',
  },
  allowDeferredDuesPayment: {
    label: 'Allow deferred dues payment',
    description: 'May pay dues later, when the configuration allows deferred payment too.',
  },
  allowNoJob: {
    label: 'No job requirement',
    description: 'May register without signing up for work shifts.',
  },
};

/** docs/product.md §3: the role as the UI shows it, lower-cased, PARTICIPANT as 'user'. */
export const ROLE_OPTIONS: { value: Role; label: string }[] = [...ROLES]
  .reverse()
  .map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** docs/product.md §3: new users are PARTICIPANTs allowed to register. */
export function blankUserValues(): UserFormValues {
  return {
    email: '',
    ...blankProfileValues(),
    role: 'PARTICIPANT',
    allowRegistration: true,
    allowEarlyRegistration: false,
    allowDeferredDuesPayment: false,
    allowNoJob: false,
  };
}

export function userValuesOf(user: User): UserFormValues {
  return {
    email: user.email,
    ...profileValuesOf(user),
    role: user.role,
    ...flagsOf(user),
  };
}

/** The flags of a user or of the form, and nothing else. */
function flagsOf(from: Record<UserFlag, boolean>): Record<UserFlag, boolean> {
  return {
    allowRegistration: from.allowRegistration,
    allowEarlyRegistration: from.allowEarlyRegistration,
    allowDeferredDuesPayment: from.allowDeferredDuesPayment,
    allowNoJob: from.allowNoJob,
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

function payloadOf(values: UserFormValues) {
  const profile = {} as Record<keyof ProfileFormValues, string | null>;
  for (const field of PROFILE_FIELD_KEYS) profile[field] = textOrNull(values[field]);
  return { email: values.email.trim(), ...profile, role: values.role, ...flagsOf(values) };
}

/** POST /users body: no password (the form does not show one, docs/product.md §3), no internal notes. */
export function toCreateUserInput(values: UserFormValues): CreateUserInput {
  return payloadOf(values);
}

/** PUT /users/{id} body for an admin. */
export function toUpdateUserInput(values: UserFormValues): AdminUpdateUserInput {
  return payloadOf(values);
}

/**
 * The schema the body is checked with: an admin's own record keeps the profile rules (first and last name,
 * phone and emergency contact required). A new user's body is checked the same way: POST /users has the same
 * field rules, only defaults for what the form always sends.
 */
const schemaFor = (self: boolean) => (self ? AdminUpdateOwnUserInputSchema : AdminUpdateUserInputSchema);

/** docs/product.md §5 User: the values' request body checked with the shared schema, the server's own check. */
export function userErrors(values: UserFormValues, { self = false }: { self?: boolean } = {}): UserErrors {
  return errorsOf(schemaFor(self), toUpdateUserInput(values));
}

/**
 * The server's messages on the fields whose rules (in the same schema) say them; a taken address (409) is
 * the e-mail field's, the one refusal no schema can make.
 */
export function userServerErrors(
  values: UserFormValues,
  messages: readonly string[],
  { self = false }: { self?: boolean } = {},
): UserErrors {
  const errors: UserErrors = messages.includes(USER_ADMIN_MESSAGES.emailTaken)
    ? { email: USER_ADMIN_MESSAGES.emailTaken }
    : {};
  return { ...serverFieldErrors(schemaFor(self), toUpdateUserInput(values), messages), ...errors };
}

/** Field order on screen, to focus the first one with an error. */
export const USER_FIELD_ORDER: readonly UserField[] = ['email', ...PROFILE_FIELD_KEYS, 'role'];
