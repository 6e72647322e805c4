// My data (docs/product.md §12 My data, decision 063): a person's export, the erasure of an account, and how long
// the sign-in leftovers and security events are kept (docs/security.md states the same periods).

/** Retention periods of the daily purge (docs/security.md "Retention"), in days. */
export const RETENTION_DAYS = {
  /** Sign-in codes (and their one-click links), counted from when they expired. */
  loginCodes: 1,
  /** Refresh tokens, counted from when they expired or were revoked. */
  refreshTokens: 30,
  /** WebAuthn challenges: as soon as they expire. */
  webauthnChallenges: 0,
  /** Security events, counted from when they were recorded. */
  securityEvents: 365,
} as const;

/** How often the purge runs: once a day, whatever the number of API processes. */
export const RETENTION_PURGE_INTERVAL_HOURS = 24;

/** The export's file name: `my-data-2026-11-27.json` (the UTC date of the download). */
export function myDataFileName(at: Date): string {
  return `my-data-${at.toISOString().slice(0, 10)}.json`;
}

export const MY_DATA_MESSAGES = {
  confirmEmailRequired: 'Type your e-mail address to confirm',
  confirmEmailMismatch: 'The e-mail address does not match your account',
  adminConfirmEmailRequired: "Type the person's e-mail address to confirm",
  adminConfirmEmailMismatch: "The e-mail address does not match this person's account",
  cannotEraseSelf: 'You cannot erase your own account here. Use "Delete my account" on your profile.',
  cannotEraseLastAdmin: 'You cannot erase the last admin. Make another user an admin first.',
  alreadyErased: 'This account has already been deleted',
} as const;

/** The texts of the "My data" card, the deletion modal and the admin drawer's part. */
export const MY_DATA_TEXTS = {
  cardTitle: 'My data',
  cardIntro:
    'Download everything the camp holds about you as one file, or delete your account and the personal details in it.',
  download: 'Download my data',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  deleteAccount: 'Delete my account',
  modalTitle: 'Delete your account?',
  modalWhat: [
    'Your name, contact details, answers, passkeys and sessions are erased, and you are signed out.',
    'Your registrations stay counted, so places already given out do not change.',
    "Payments are kept for the camp's accounts, without your name.",
    'This cannot be undone. Signing in again with the same address later starts a new, empty account.',
  ],
  confirmLabel: 'Type your e-mail address to confirm',
  cancel: 'Cancel',
  confirmDelete: 'Delete my account',
  deleteFailed: 'Your account could not be deleted',
  adminTitle: 'Personal data',
  adminDownload: 'Download data',
  adminErase: 'Erase account',
  adminModalTitle: 'Erase this account?',
  adminModalWhat:
    "The person's name, contact details, answers, passkeys and sessions are erased. Registrations stay counted and payments are kept without the name. This cannot be undone.",
  adminConfirmLabel: "Type the person's e-mail address to confirm",
  adminConfirmErase: 'Erase account',
  adminEraseFailed: 'The account could not be erased',
  adminErased: 'The account was erased.',
  adminDownloadFailed: "The person's data could not be downloaded. Please try again.",
} as const;
