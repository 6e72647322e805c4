// The admin's registration desk: texts and limits of the cancel (spec §5 Admin cancel). Plain values, no zod.

/** A cancellation's reason: required, at least 10 characters after trimming (spec §5), at most 1000. */
export const CANCEL_REASON_MIN = 10;
export const CANCEL_REASON_MAX = 1000;

export const ADMIN_CANCEL_MESSAGES = {
  reasonRequired: 'Please provide a reason for cancellation.',
  reasonShort: `Reason must be at least ${CANCEL_REASON_MIN} characters long.`,
  reasonLong: `Reason must be at most ${CANCEL_REASON_MAX} characters`,
  sendNotification: 'sendNotification must be true or false',
  processRefund: 'processRefund must be true or false',
  alreadyCancelled: 'This registration is already cancelled.',
} as const;
