// The admin's registration desk: texts and limits of the edit and the cancel (docs/product.md §5 Admin edit, Admin
// cancel). Plain values, no zod.

/** A cancellation's reason: required, at least 10 characters after trimming (docs/product.md §5), at most 1000. */
export const CANCEL_REASON_MIN = 10;
export const CANCEL_REASON_MAX = 1000;

export const ADMIN_CANCEL_MESSAGES = {
  reasonRequired: 'Please provide a reason for cancellation.',
  reasonShort: `Reason must be at least ${CANCEL_REASON_MIN} characters long.`,
  reasonLong: `Reason must be at most ${CANCEL_REASON_MAX} characters`,
  sendNotification: 'sendNotification must be true or false',
  processRefund: 'processRefund must be true or false',
  alreadyCancelled: 'This registration is already cancelled.',
  /** processRefund with card payments while Stripe is not set up: nothing is cancelled or refunded. */
  cardRefundUnavailable:
    'Card payments cannot be refunded while Stripe payments are not configured. Cancel without the refund, ' +
    'or set up Stripe in Site Configuration first.',
} as const;

/** An edit's notes (kept as the audit records' reason): optional, at most 1000 characters. */
export const EDIT_NOTES_MAX = 1000;

export const ADMIN_EDIT_MESSAGES = {
  noChanges: 'No changes have been made to the registration.',
  useCancel: 'Use the cancel registration function to cancel registrations.',
  /** Our wording (docs/product.md §4: cancelled registrations cannot be edited). */
  cancelled: 'Cancelled registrations cannot be edited.',
  status: 'Status must be one of PENDING, CONFIRMED or WAITLISTED',
  notesLong: `Notes must be at most ${EDIT_NOTES_MAX} characters`,
  sendNotification: 'sendNotification must be true or false',
} as const;
