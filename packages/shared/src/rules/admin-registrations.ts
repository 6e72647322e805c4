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
  acknowledgeOverlap: 'acknowledgeOverlap must be true or false',
} as const;

/** What an audit entry records (docs/product.md §4, §10). Kept out of enums.ts: only admin screens need it. */
export const AUDIT_ACTION_TYPES = [
  'REGISTRATION_EDIT',
  'REGISTRATION_CANCEL',
  'PAYMENT_REFUND',
  'WORK_SHIFT_ADD',
  'WORK_SHIFT_REMOVE',
  'WORK_SHIFT_MODIFY',
  'CAMPING_OPTION_ADD',
  'CAMPING_OPTION_REMOVE',
  'CAMPING_OPTION_MODIFY',
  'PAYMENT_MANUAL',
  // The waitlist (docs/product.md §10); adminUserId is null where the person or the app acted.
  'WAITLIST_JOIN',
  'WAITLIST_LEAVE',
  'WAITLIST_OFFER',
  'WAITLIST_ACCEPT',
  'WAITLIST_DECLINE',
  'WAITLIST_EXPIRE',
  'WAITLIST_SKIP',
  'WAITLIST_REMOVE',
  'WAITLIST_MOVE',
  // The draw (decision 049): DRAW_RUN has no registration; DRAW_ENTRY records one entry's outcome.
  'DRAW_RUN',
  'DRAW_ENTRY',
  // An unpaid place given back after its payment deadline (docs/product.md §10).
  'PLACE_RELEASE',
  // Shifts (docs/product.md §11): an admin's edit saved over overlapping shifts (decision 056), and a check-in mark.
  'SHIFT_OVERLAP_ACK',
  'SHIFT_ATTENDANCE',
] as const;
export type AuditActionType = (typeof AUDIT_ACTION_TYPES)[number];
