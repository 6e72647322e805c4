// An erased account (docs/product.md §12 My data, decision 063) as every screen names it. Apart from ./my-data.ts so
// that the first download, whose name formatting needs this, does not carry the export's and erasure's texts.

/** The domain every erased account's address is in: `.invalid` never receives mail (RFC 2606). */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** The address an erased account keeps: unique (its id), so the one-account-per-address rule still holds. */
export function deletedEmailOf(userId: string): string {
  return `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;
}

/** Whether an address is an erased account's. */
export function isDeletedEmail(email: string | null | undefined): boolean {
  return !!email && email.toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}

/** How screens name an erased account. */
export const DELETED_PERSON_NAME = 'Deleted person';

/**
 * What the home page says after an account was deleted. It lives here, not with the
 * texts of ./my-data.ts: the home page is in the first download, the profile's texts are not.
 */
export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted. Thank you for camping with us.';
