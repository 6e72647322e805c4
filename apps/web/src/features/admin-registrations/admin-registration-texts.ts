import {
  ATTENDANCE_LABELS,
  type AuditActionType,
  LIST_TEXTS,
  REGISTRATION_STATUS_LABELS,
  type RegistrationStatus,
} from '@camp/shared/rules';

// Manage Registrations' own texts. docs/product.md §8's messages are quoted word for word; the rules and the server's
// messages (ADMIN_EDIT_MESSAGES, ADMIN_CANCEL_MESSAGES, the schemas') come from @camp/shared.

export const MANAGE_REGISTRATIONS_TEXTS = {
  title: 'Manage Registrations',
  description:
    'Every registration, newest first unless you sort by a column: change its status, shifts and options, cancel it, or read its history.',
  fetchFailed: LIST_TEXTS.fetchRegistrationsData,
  empty: LIST_TEXTS.noRegistrations,
  loading: 'Loading registrations...',
  searchLabel: 'Search registrations',
  searchPlaceholder: 'Name or e-mail',
  noShifts: 'No shifts assigned',
  noPayments: 'No payments',
  updateFailed: 'Failed to update registration',
  cancelFailed: 'Failed to cancel registration',
  updated: 'Registration updated',
  cancelled: 'Registration cancelled',
  refundFailed: 'Refund failed: retry it from Admin → Payments',
  refundPending: 'Refund pending: see Admin → Payments',
  /** The cancel dialog's words on how each payment is given back. */
  refundByCard: (amount: string) =>
    `${amount} paid by card is refunded through Stripe. If Stripe refuses, the refund is kept in Admin → Payments to retry.`,
  refundByHand: (amount: string) =>
    `${amount} paid by cash, check or transfer is recorded as refunded: give it back yourself.`,
  refundUnavailable: (amount: string) =>
    `${amount} was paid by card, and card payments cannot be refunded while Stripe payments are not configured. Cancel without a refund and refund the payment from Admin → Payments once Stripe is set up.`,
  auditErrorTitle: 'Error Loading Audit Trail',
  auditError: 'Failed to load audit trail',
  auditEmptyTitle: 'No Audit Records',
  auditEmpty: 'This registration has no modification history.',
  deletedAdmin: 'Deleted admin',
  /** An admin whose profile has no name. */
  unnamedAdmin: 'an admin without a name',
  notify: 'Send notification e-mail to the participant',
  processRefund: 'Process refund',
  full: 'Full',
  disabled: 'Disabled',
  jobsFailed: 'The shifts could not be loaded: only the ones this registration holds are listed.',
  optionsFailed: 'The camping options could not be loaded: only the ones this registration holds are listed.',
  shiftsLegend: 'Work shifts',
  chooseShifts: 'Choose shifts',
  pickerTitle: (name: string) => `Work shifts of ${name}`,
  filterLabel: 'Filter shifts',
  filterDescription: 'Name, job type, location, day or time',
  noMatch: (query: string) => `No shifts match “${query.trim()}”.`,
  /** '12 of 72 shifts shown'. */
  shown: (shown: number, total: number) => `${shown} of ${total} ${total === 1 ? 'shift' : 'shifts'} shown`,
  /** '3 shifts selected'. */
  selectedCount: (count: number) => `${count} ${count === 1 ? 'shift' : 'shifts'} selected`,
  noJobs: 'There are no work shifts to choose from.',
  assignedHeading: 'Assigned to this registration',
  otherHeading: 'Other shifts',
  allHeading: 'All shifts',
  pickerDone: 'Done',
  cancelWarning:
    'Cancelling removes all work shifts and releases the camping options. It cannot be undone: the person must register again.',
} as const;

/** The count cards, in order, with the key of `counts` each shows: the total and every status, adding up. */
export const COUNT_CARDS = [
  { key: 'total', label: 'Total' },
  { key: 'confirmed', label: 'Confirmed' },
  { key: 'pending', label: 'Pending' },
  { key: 'waitlisted', label: 'Waitlisted' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'openOffers', label: 'Open offers' },
] as const;

/** The statuses in words: the one shared map every filter and select uses. */
export const STATUS_LABELS: Record<RegistrationStatus, string> = REGISTRATION_STATUS_LABELS;

/** The statuses an admin may set (docs/product.md §4: cancelling is its own action). */
export const EDITABLE_STATUSES = ['PENDING', 'CONFIRMED', 'WAITLISTED'] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

/** A refund's audit record before it gave the money back: asked for (pending), or refused. */
export const AUDIT_REFUND_LABELS = {
  PENDING: 'Refund requested',
  FAILED: 'Refund failed',
} as const;

/** Audit record keys with words of their own (the others are spelled out from the key). */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  refund: 'Refund amount',
  refundStatus: 'Refund',
  failureReason: 'Why it failed',
  source: 'Refunded from',
  /** SHIFT_OVERLAP_ACK (docs/product.md §11): the pairs the admin saved over. */
  pairs: 'Overlapping shifts',
  // A check-in mark (docs/product.md §11 Check-in).
  jobId: 'Job id',
  attendance: 'Check-in',
  previous: 'Before',
};

/** Codes of audit record values, as people read them. */
export const AUDIT_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  refundStatus: { PENDING: 'Pending', FAILED: 'Failed', SUCCEEDED: 'Made' },
  source: { ADMIN: 'This site', PROVIDER: 'Stripe dashboard' },
  attendance: ATTENDANCE_LABELS,
  previous: ATTENDANCE_LABELS,
};

/** Audit action types as people read them (docs/product.md §4 lists the types). */
export const AUDIT_ACTION_LABELS: Record<AuditActionType, string> = {
  REGISTRATION_EDIT: 'Registration edited',
  REGISTRATION_CANCEL: 'Registration cancelled',
  PAYMENT_REFUND: 'Payment refunded',
  WORK_SHIFT_ADD: 'Work shift added',
  WORK_SHIFT_REMOVE: 'Work shift removed',
  WORK_SHIFT_MODIFY: 'Work shift changed',
  CAMPING_OPTION_ADD: 'Camping option added',
  CAMPING_OPTION_REMOVE: 'Camping option removed',
  CAMPING_OPTION_MODIFY: 'Camping option changed',
  PAYMENT_MANUAL: 'Manual payment recorded',
  WAITLIST_JOIN: 'Joined the waitlist',
  WAITLIST_LEAVE: 'Left the waitlist',
  WAITLIST_OFFER: 'Place offered',
  WAITLIST_ACCEPT: 'Offer accepted',
  WAITLIST_DECLINE: 'Offer declined',
  WAITLIST_EXPIRE: 'Offer expired',
  WAITLIST_SKIP: 'Offer skipped by an admin',
  WAITLIST_REMOVE: 'Removed from the waitlist',
  WAITLIST_MOVE: 'Moved in the line',
  DRAW_RUN: 'Places drawn',
  DRAW_ENTRY: 'Drawn',
  PLACE_RELEASE: 'Unpaid place released',
  SHIFT_OVERLAP_ACK: 'Overlapping shifts acknowledged',
  SHIFT_ATTENDANCE: 'Shift attendance marked',
};
