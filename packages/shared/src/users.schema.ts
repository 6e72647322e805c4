import { z } from 'zod';
import { EMAIL_MAX, INVALID_EMAIL, ROLES, showsNothing } from './rules';
import { RoleSchema } from './enums.schema';
import { flag, type Holds, optionalText, type SameType, textCharacters, type TextLines } from './schema-kit';
import {
  EMERGENCY_CONTACT_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_ADMIN_MESSAGES,
  USER_SEARCH_MAX,
  type User,
} from './rules';

/** A user as the API answers it: the plain User of rules/users.ts. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  playaName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  role: RoleSchema,
  isEmailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  stateProvince: z.string().nullable(),
  country: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  allowRegistration: z.boolean(),
  allowEarlyRegistration: z.boolean(),
  allowDeferredDuesPayment: z.boolean(),
  allowNoJob: z.boolean(),
  internalNotes: z.string().nullable(),
});
export type { User };
type _UserSchemaIsUser = Holds<SameType<z.output<typeof UserSchema>, User>>;

const requiredText = (label: string, max: number, lines: TextLines = 'single-line') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textCharacters(label, lines));

/**
 * A first or last name that must be given: one that shows nothing (only spaces or invisible characters such
 * as zero-width spaces and bidi marks) is no name, and gets the same 'is required' message as an empty one.
 */
const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    .superRefine((value, context) => {
      if (showsNothing(value)) context.addIssue({ code: 'custom', message: `${label} is required` });
      else textCharacters(label, 'single-line')(value, context);
    });

/** A name that may be left out: one that shows nothing counts as left out (stored as none, as a blank one). */
const optionalName = (label: string) =>
  optionalText(label, NAME_MAX).transform((value) => (showsNothing(value) ? null : value));

/** The profile fields a person edits (docs/product.md §5 Profile / wizard step 1). */
export const profileFields = {
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  playaName: optionalText('Playa name', NAME_MAX),
  phone: requiredText('Phone', NAME_MAX),
  city: optionalText('City', NAME_MAX),
  stateProvince: optionalText('State/Province', NAME_MAX),
  country: optionalText('Country', NAME_MAX),
  emergencyContact: requiredText('Emergency contact', EMERGENCY_CONTACT_MAX, 'multi-line'),
};

/** PUT /users/{id}: a person's own profile. The e-mail cannot be changed (yet). */
export const UpdateProfileInputSchema = z.strictObject(profileFields);
export type UpdateProfileInput = z.input<typeof UpdateProfileInputSchema>;

export const EmailSchema = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(EMAIL_MAX, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL))
  .transform((value) => value.toLowerCase());

/**
 * POST /auth/register: the profile-completion call of docs/product.md §7 (form data plus e-mail and a placeholder
 * password). Only a signed-in caller may use it, for their own address; the password is never stored.
 */
export const RegisterInputSchema = z.strictObject({
  ...profileFields,
  email: EmailSchema,
  password: z.string().max(200).optional(),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

// ---- Admin user management (docs/product.md §3 User, §6 flags) -------------------------------------------------

/** Fields an admin may set on any user (docs/product.md §3 User, §6 per-user flags). */
const adminUserFields = {
  email: EmailSchema,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  playaName: optionalText('Playa name', NAME_MAX),
  phone: optionalText('Phone', NAME_MAX),
  city: optionalText('City', NAME_MAX),
  stateProvince: optionalText('State/Province', NAME_MAX),
  country: optionalText('Country', NAME_MAX),
  emergencyContact: optionalText('Emergency contact', EMERGENCY_CONTACT_MAX, 'multi-line'),
  role: z.enum(ROLES, { error: 'Role must be ADMIN, STAFF or PARTICIPANT' }),
  allowRegistration: flag('Allow registration'),
  allowEarlyRegistration: flag('Allow early registration'),
  allowDeferredDuesPayment: flag('Allow deferred dues payment'),
  allowNoJob: flag('Allow no job'),
  // docs/product.md §3: "admin-only, not yet implemented, disabled". The form may send its empty value; nothing is stored.
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
    .superRefine(textCharacters('Search', 'single-line'))
    .optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;
