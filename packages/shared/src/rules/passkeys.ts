// Passkeys (docs/product.md §12 Passkeys, decision 061): a second way to sign in, beside the e-mail code. The rules
// and the texts people see, in one place; the server and the screens both use them.

/** A passkey's name: 1 to 60 characters after trimming. */
export const PASSKEY_NAME_MAX = 60;
/** The name the profile offers for a new passkey. */
export const PASSKEY_DEFAULT_NAME = 'Passkey';
/** Minutes a WebAuthn challenge (adding a passkey, or signing in with one) stays valid. */
export const PASSKEY_CHALLENGE_TTL_MINUTES = 5;

/** A passkey as its owner sees it (GET /passkeys): never its key material. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** 'multiDevice': a synced passkey; 'singleDevice': on this device only. */
  deviceType: string;
  backedUp: boolean;
}

/** The API's answers about passkeys (docs/product.md §12 Passkeys). */
export const PASSKEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameNotText: 'Name must be text',
  nameTooLong: `Name must be at most ${PASSKEY_NAME_MAX} characters`,
  responseRequired: 'The passkey answer is missing or malformed',
  invalidId: 'Invalid passkey id',
  notFound: 'Passkey not found',
  /** Adding a passkey failed: the browser's answer did not check out (expired, replayed, wrong site). */
  notAdded: 'That passkey could not be added. Try again.',
  /** Every failed passkey sign-in, whatever went wrong: one message, so it tells an attacker nothing. */
  signInFailed: 'That passkey could not sign you in. Try again or use the e-mail code.',
  /** An admin without a passkey, from the configured day on, on admin-only routes. */
  adminPasskeyRequired:
    'The admin area needs a passkey from now on. Add one on your profile, then try again.',
} as const;

/** The texts of the Passkeys card (profile) and of the sign-in page's passkey button. */
export const PASSKEY_TEXTS = {
  title: 'Passkeys',
  intro: 'Sign in with your fingerprint, face or screen lock instead of an e-mail code.',
  empty: 'No passkeys yet. Add one to sign in without waiting for an e-mail code.',
  loading: 'Loading passkeys...',
  add: 'Add a passkey',
  nameLabel: 'Passkey name',
  save: 'Save',
  cancel: 'Cancel',
  rename: 'Rename',
  remove: 'Remove',
  removeTitle: 'Remove this passkey?',
  removeMessage: 'You can no longer sign in with it. Remove it from your device or password manager too.',
  removeConfirm: 'Remove passkey',
  added: (date: string) => `Added ${date}`,
  lastUsed: (date: string) => `Last used ${date}`,
  neverUsed: 'Never used',
  synced: 'Synced',
  thisDevice: 'This device',
  unsupported: 'This browser cannot use passkeys.',
  loadFailed: 'An error occurred fetching the passkeys',
  addFailed: 'An error occurred adding the passkey',
  renameFailed: 'An error occurred renaming the passkey',
  removeFailed: 'An error occurred removing the passkey',
  /** The sign-in page. */
  signIn: 'Sign in with a passkey',
  /** Admins, before the configured day and after it. */
  adminNotice: (date: string) => `Add a passkey before ${date}: from then on the admin area needs one`,
  adminRequired: 'The admin area needs a passkey. Add one below to continue.',
} as const;

/** The Site Configuration field (docs/product.md §12 Passkeys). */
export const ADMIN_PASSKEY_CONFIG_TEXTS = {
  label: 'Admins need a passkey from',
  help: 'From this day (camp time zone) an admin without a passkey cannot use the admin area. Empty: never.',
  invalid: 'Admins need a passkey from must be a date (YYYY-MM-DD)',
} as const;

/** A passkey's day in the reader's zone: 'Nov 27, 2026'. Text that is no timestamp comes back as given. */
export function formatPasskeyDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** A configured day (YYYY-MM-DD) as people read it: 'Dec 1, 2026'. */
export function formatPasskeyDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(date);
}

/**
 * Whether an admin without a passkey is refused the admin area on this day (YYYY-MM-DD in the camp's zone):
 * from the configured day on. Null: never.
 */
export function adminPasskeyRequired(requiredFrom: string | null, today: string): boolean {
  return requiredFrom !== null && today >= requiredFrom;
}
