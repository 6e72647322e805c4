import { z } from 'zod';
import { RoleSchema } from './enums';

/** A user as the API answers it (spec §3). internalNotes is null for anyone but an admin. */
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
export type User = z.infer<typeof UserSchema>;

export const NAME_MAX = 50;
export const EMERGENCY_CONTACT_MAX = 1024;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: blank becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** The profile fields a person edits (spec §5 Profile / wizard step 1). */
export const profileFields = {
  firstName: requiredText('First name', NAME_MAX),
  lastName: requiredText('Last name', NAME_MAX),
  playaName: optionalText('Playa name', NAME_MAX),
  phone: requiredText('Phone', NAME_MAX),
  city: optionalText('City', NAME_MAX),
  stateProvince: optionalText('State/Province', NAME_MAX),
  country: optionalText('Country', NAME_MAX),
  emergencyContact: requiredText('Emergency contact', EMERGENCY_CONTACT_MAX),
};

/** PUT /users/{id}: a person's own profile. The e-mail cannot be changed (yet). */
export const UpdateProfileInputSchema = z.strictObject(profileFields);
export type UpdateProfileInput = z.input<typeof UpdateProfileInputSchema>;

export const EmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

/**
 * POST /auth/register: the profile-completion call of spec §7 (form data plus e-mail and a placeholder
 * password). Only a signed-in caller may use it, for their own address; the password is never stored.
 */
export const RegisterInputSchema = z.strictObject({
  ...profileFields,
  email: EmailSchema,
  password: z.string().max(200).optional(),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/** Profile complete only if firstName, lastName, email, phone and emergencyContact are present (spec §4). */
export function isProfileComplete(
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'phone' | 'emergencyContact'> | null | undefined,
): boolean {
  if (!user) return false;
  return [user.firstName, user.lastName, user.email, user.phone, user.emergencyContact].every(
    (value) => typeof value === 'string' && value.trim() !== '',
  );
}

/** The display name of spec §3: first and last name combined. */
export function displayName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
}

/** The dashboard greeting name: playa name, else name, else 'Camper' (spec §2). */
export function greetingName(
  user: Pick<User, 'playaName' | 'firstName' | 'lastName'> | null | undefined,
): string {
  if (!user) return 'Camper';
  if (user.playaName?.trim()) return user.playaName.trim();
  return displayName(user) || 'Camper';
}
