import type { Role } from './enums';
import { showsNothing } from './text';
import { DELETED_PERSON_NAME, isDeletedEmail } from './erased-person';

/**
 * A user as the API answers it (docs/product.md §3). internalNotes is null for anyone but an admin. The plain type
 * the rules work on; UserSchema (@camp/shared/users) is checked to produce exactly it.
 */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  playaName: string | null;
  profilePicture: string | null;
  role: Role;
  isEmailVerified: boolean;
  createdAt: string;
  updatedAt: string;
  phone: string | null;
  city: string | null;
  stateProvince: string | null;
  country: string | null;
  emergencyContact: string | null;
  allowRegistration: boolean;
  allowEarlyRegistration: boolean;
  allowDeferredDuesPayment: boolean;
  allowNoJob: boolean;
  internalNotes: string | null;
}

export const NAME_MAX = 50;
export const EMERGENCY_CONTACT_MAX = 1024;

/** Texts of the user-management API (docs/product.md §5 User; the refusals are ours). */
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

type ProfileDetails = Pick<User, 'firstName' | 'lastName' | 'email' | 'phone' | 'emergencyContact'>;

const blank = (value: unknown) => typeof value !== 'string' || showsNothing(value);

/** The details docs/product.md §4 requires of a profile, each with how the dashboard asks for it. */
const REQUIRED_PROFILE_DETAILS: { words: string; missing: (user: ProfileDetails) => boolean }[] = [
  { words: 'your name', missing: (user) => blank(user.firstName) || blank(user.lastName) },
  { words: 'your e-mail address', missing: (user) => blank(user.email) },
  { words: 'your phone number', missing: (user) => blank(user.phone) },
  { words: 'an emergency contact', missing: (user) => blank(user.emergencyContact) },
];

/** What the profile still lacks, in words: 'your name, your phone number and an emergency contact'; '' if nothing. */
export function missingProfileDetails(user: ProfileDetails): string {
  const missing = REQUIRED_PROFILE_DETAILS.filter((detail) => detail.missing(user)).map(({ words }) => words);
  if (missing.length <= 1) return missing.join('');
  return `${missing.slice(0, -1).join(', ')} and ${missing.at(-1) ?? ''}`;
}

/** Profile complete only if firstName, lastName, email, phone and emergencyContact are present (docs/product.md §4). */
export function isProfileComplete(user: ProfileDetails | null | undefined): boolean {
  return !!user && REQUIRED_PROFILE_DETAILS.every((detail) => !detail.missing(user));
}

/** The display name of docs/product.md §3: first and last name combined. */
export function displayName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter((part) => !showsNothing(part)).join(' ');
}

/**
 * How lists, reports and messages name a person: first and last name, else the e-mail; an erased account
 * (docs/product.md §12 My data) is "Deleted person", never its placeholder address.
 */
export function personName(person: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  if (isDeletedEmail(person.email)) return DELETED_PERSON_NAME;
  return displayName(person) || person.email;
}

/** The dashboard greeting name: playa name, else name, else 'Camper' (docs/product.md §2). */
export function greetingName(
  user: Pick<User, 'playaName' | 'firstName' | 'lastName'> | null | undefined,
): string {
  if (!user) return 'Camper';
  if (!showsNothing(user.playaName)) return (user.playaName ?? '').trim();
  return displayName(user) || 'Camper';
}
