import { z } from 'zod';
import { ROLES } from './enums';
import { EMERGENCY_CONTACT_MAX, EmailSchema, NAME_MAX, profileFields } from './users';

/** Texts of the user-management API (spec §5 User; the refusals are ours: the spec does not show them). */
export const USER_ADMIN_MESSAGES = {
  emailTaken: 'A user with this email already exists',
  passwordTooShort: 'Password must be at least 8 characters',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeleteLastAdmin: 'You cannot delete the last admin. Make another user an admin first.',
  cannotDemoteLastAdmin:
    'You cannot remove the admin role from the last admin. Make another user an admin first.',
  hasRegistrationsOrPayments: 'This user has registrations or payments and cannot be deleted.',
  internalNotesDisabled: 'Internal notes are not yet implemented',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const USER_SEARCH_MAX = 100;

/** Optional text: trimmed, blank or null becomes null (same labels as the profile rules). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** Fields an admin may set on any user (spec §3 User, §6 per-user flags). */
const adminUserFields = {
  email: EmailSchema,
  firstName: optionalText('First name', NAME_MAX),
  lastName: optionalText('Last name', NAME_MAX),
  playaName: optionalText('Playa name', NAME_MAX),
  phone: optionalText('Phone', NAME_MAX),
  city: optionalText('City', NAME_MAX),
  stateProvince: optionalText('State/Province', NAME_MAX),
  country: optionalText('Country', NAME_MAX),
  emergencyContact: optionalText('Emergency contact', EMERGENCY_CONTACT_MAX),
  role: z.enum(ROLES, { error: 'Role must be ADMIN, STAFF or PARTICIPANT' }),
  allowRegistration: flag('Allow registration'),
  allowEarlyRegistration: flag('Allow early registration'),
  allowDeferredDuesPayment: flag('Allow deferred dues payment'),
  allowNoJob: flag('Allow no job'),
  // Spec §3: "admin-only, not yet implemented, disabled". The form may send its empty value; nothing is stored.
  internalNotes: z.null({ error: USER_ADMIN_MESSAGES.internalNotesDisabled }).optional(),
};

/** POST /users (admin). New users are PARTICIPANTs allowed to register unless the admin says otherwise. */
export const CreateUserInputSchema = z.strictObject({
  ...adminUserFields,
  role: adminUserFields.role.default('PARTICIPANT'),
  allowRegistration: adminUserFields.allowRegistration.default(true),
  allowEarlyRegistration: adminUserFields.allowEarlyRegistration.default(false),
  allowDeferredDuesPayment: adminUserFields.allowDeferredDuesPayment.default(false),
  allowNoJob: adminUserFields.allowNoJob.default(false),
  // Optional (the form does not show it); blank means none. Stored only as a salted hash.
  password: z
    .string({ error: 'Password must be text' })
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .nullish()
    .refine((value) => !value || value.length >= PASSWORD_MIN, USER_ADMIN_MESSAGES.passwordTooShort)
    .transform((value) => (value ? value : null)),
});
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;
export type CreateUserValues = z.output<typeof CreateUserInputSchema>;

/** PUT /users/{id} by an admin for another user: any subset of the admin fields. */
export const AdminUpdateUserInputSchema = z.strictObject(adminUserFields).partial();
export type AdminUpdateUserInput = z.input<typeof AdminUpdateUserInputSchema>;
export type AdminUpdateUserValues = z.output<typeof AdminUpdateUserInputSchema>;

/**
 * PUT /users/{id} by an admin for their own record: the admin fields, and the profile rules still hold
 * (first and last name, phone and emergency contact required).
 */
export const AdminUpdateOwnUserInputSchema = AdminUpdateUserInputSchema.extend(profileFields);

/** GET /users?search= : matches first, last, full and playa name and e-mail, ignoring case. */
export const UserListQuerySchema = z.strictObject({
  search: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(USER_SEARCH_MAX, `Search must be at most ${USER_SEARCH_MAX} characters`)
    .optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;
