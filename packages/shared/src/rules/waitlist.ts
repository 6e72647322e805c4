// The waitlist and its offers (docs/product.md §10, decision 048): the texts people see, in one place for the
// wizard, the dashboard, the admin screens and the server's messages.

import { isOptionFull } from './places';

/**
 * A waitlist offer's state (docs/product.md §10): OPEN holds the places until it is accepted, declined, runs out
 * (EXPIRED), is passed over by an admin (SKIPPED) or ends because the registration left the line (WITHDRAWN).
 */
export const OFFER_STATES = ['OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'SKIPPED', 'WITHDRAWN'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  OPEN: 'Offered',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  EXPIRED: 'Expired',
  SKIPPED: 'Skipped',
  WITHDRAWN: 'Withdrawn',
};

/**
 * Work that happens later (docs/architecture.md §9), kept as rows with a due time. WAITLIST_FILL offers the free
 * places of a year to the people in line; DRAW runs the year's draw when its application window closes (decision 049).
 */
export const TIMED_TASK_KINDS = ['WAITLIST_FILL', 'DRAW'] as const;
export type TimedTaskKind = (typeof TIMED_TASK_KINDS)[number];
export const TIMED_TASK_STATES = ['PENDING', 'DONE', 'FAILED'] as const;
export type TimedTaskState = (typeof TIMED_TASK_STATES)[number];

/** Hours an offer holds its places by default, and the range Site Configuration accepts. */
export const OFFER_HOLD_HOURS_DEFAULT = 48;
export const OFFER_HOLD_HOURS_MIN = 1;
export const OFFER_HOLD_HOURS_MAX = 720;

/** The "expires soon" mail goes this long before an offer runs out. */
export const OFFER_WARNING_HOURS = 12;

export const WAITLIST_MESSAGES = {
  /** POST /registrations/camp with a full option whose waitlist is off, or without joinWaitlist. */
  optionFullNoWaitlist: (name: string) => `"${name}" is full and has no waitlist`,
  offerClosed: 'This offer is no longer open.',
  offerExpired: 'This offer has expired.',
  notWaitlisted: 'This registration is not on the waitlist.',
  /** POST /waitlist-offers/:id/accept or /decline for an offer that is not the caller's, or no offer at all. */
  offerNotFound: 'Offer not found',
  /** Why a registration was cancelled when its person declined an offer. */
  declinedReason: 'Declined a waitlist offer',
  /** Accepting when a chosen shift filled up meanwhile (409, code SHIFTS_FULL): the wizard's shift step follows. */
  shiftsFullOnAccept: 'Some of your shifts are full now. Choose other shifts to accept the offer.',
  offerHoldHours: `Offer hold time must be a whole number of hours from ${OFFER_HOLD_HOURS_MIN} to ${OFFER_HOLD_HOURS_MAX}`,
  /** An admin's "Offer now" when every place of an option is taken or held. */
  noPlaceFree: (name: string) => `No place is free on "${name}"`,
  /** Admin edits of a registration that has an open offer. */
  offerOpen: 'This registration has an open offer. Withdraw it (Skip) before editing its camping options.',
} as const;

/**
 * A camping option that is full but may still be chosen, to join its waitlist (docs/product.md §10): enabled, with
 * its waitlist on (absent reads as off). A full option without a waitlist stays unavailable.
 */
export const canJoinOptionWaitlist = (option: {
  enabled: boolean;
  maxSignups: number;
  currentRegistrations: number;
  waitlistEnabled?: boolean;
}): boolean => option.enabled && option.waitlistEnabled === true && isOptionFull(option);

export const WAITLIST_TEXTS = {
  joinWaitlist: 'Join the waitlist',
  fullJoinWaitlist: 'Full — join the waitlist',
  /** Step 6 (review) and the submit button when a chosen option is full. */
  willJoinWaitlist:
    'One or more of your camping options is full. You will join the waitlist and hold no place until one is offered to you.',
  /** The wizard's success note when the server stored the registration as WAITLISTED. */
  joinedTitle: 'You are on the waitlist',
  joined: (year: number) =>
    `Your registration for ${year} is on the waitlist. We will e-mail you when a place is free for you.`,
  statusWaitlisted: 'Waitlisted',
  position: (position: number, option: string) => `You are number ${position} in line for "${option}".`,
  offerTitle: 'A place is free for you',
  offerBody: (deadline: string) =>
    `We are holding it for you until ${deadline}. Accept to take it, or decline to pass it to the next person.`,
  accept: 'Accept',
  decline: 'Decline',
  declineConfirm: 'Decline this place? It goes to the next person in line, and you leave the waitlist.',
  leave: 'Leave the waitlist',
  leaveConfirm: 'Leave the waitlist? You lose your place in line.',
  left: 'You left the waitlist.',
  accepted: 'The place is yours.',
  /** With dues owed after accepting: the payment follows as for any PENDING registration. */
  acceptedPay: 'Your registration is now pending until your dues are paid.',
  declined: 'You declined the offer and left the waitlist.',
  acceptFailed: 'The offer could not be accepted',
  declineFailed: 'The offer could not be declined',
  leaveFailed: 'You could not leave the waitlist',
  /** The dashboard's heading over a waitlisted registration's positions. */
  positionsTitle: 'Your place in line',
  /** The dashboard's offer panel once its offer has run out (the server's offerExpired said it, or the clock did). */
  offerExpiredNote: 'This offer has expired. The place went to the next person in line.',
  /** The shift picker after a 409 SHIFTS_FULL on accept. */
  chooseShiftsAgain: 'Choose your shifts again',
  acceptWithShifts: 'Accept with these shifts',
  leaveTitle: 'Leave the waitlist',
  declineTitle: 'Decline the offer',
  /** Admin camping option form: the waitlist switch. */
  optionSwitch: 'Waitlist when full',
  optionSwitchHelp:
    'When the option is full, campers can join its waitlist and are offered freed places in turn.',
  /** Site Configuration: the offer hold time. */
  offerHoldHoursLabel: 'Offer hold time (hours)',
  offerHoldHoursHelp: 'How long a waitlist offer holds its places before they go to the next person in line.',
  /** Admin edit to WAITLISTED: the checkbox that confirms it. */
  editToWaitlistCheck: 'I understand: move this registration to the waitlist',
  /** Save's hint until that box is ticked. */
  editToWaitlistHint: 'Confirm the move to the waitlist to save.',
  /** Admin edit to WAITLISTED: the confirmation the admin must give (decision 048). */
  editToWaitlistConfirm:
    'Moving this registration to the waitlist gives back its camping options and shifts and puts it at the end of the line.',
} as const;

/** The waitlist's mails (docs/product.md §10): subjects and lines; the greeting and dashboard link are added around them. */
export const WAITLIST_MAILS = {
  offerSubject: (campName: string) => `${campName}: ${WAITLIST_TEXTS.offerTitle.toLowerCase()}`,
  offerLines: (options: readonly string[], deadline: string) => [
    `${WAITLIST_TEXTS.offerTitle}: ${options.join(', ')}.`,
    WAITLIST_TEXTS.offerBody(deadline),
    'Accept or decline it on your dashboard.',
  ],
  warningSubject: (campName: string) =>
    `${campName}: your waitlist offer runs out in ${OFFER_WARNING_HOURS} hours`,
  warningLines: (deadline: string) => [
    `The place we are holding for you runs out at ${deadline}.`,
    'Accept it on your dashboard before then, or decline it to pass it to the next person.',
  ],
  expiredSubject: (campName: string) => `${campName}: your waitlist offer has run out`,
  expiredLines: [
    'The place we held for you has run out and goes to the next person in line.',
    'You are still on the waitlist, now at the end of the line.',
  ],
} as const;

/** Joining and leaving the waitlist (docs/product.md §10): the reason a leave is stored with, and the mails. */
export const WAITLIST_JOIN_TEXTS = {
  /** The cancellation reason of a registration whose person left the waitlist. */
  leftReason: 'Left the waitlist',
  joinedSubject: (campName: string, forYear: string) => `${campName}: you joined the waitlist${forYear}`,
  joinedIntro: (campName: string, forYear: string) =>
    `You joined the waitlist${forYear} at ${campName}. You hold no place until one is offered to you; we will write when it is.`,
  leftSubject: (campName: string, forYear: string) => `${campName}: you left the waitlist${forYear}`,
  leftIntro: (campName: string, forYear: string) =>
    `You left the waitlist${forYear} at ${campName}. Your registration is cancelled.`,
} as const;

/** A reason an admin gives when removing someone from the waitlist: its length limits. */
export const WAITLIST_REMOVE_REASON_MIN = 3;
export const WAITLIST_REMOVE_REASON_MAX = 500;

/**
 * The admin Waitlist screen (docs/product.md §10, `/admin/waitlist`) and its actions' messages and mails: Offer now,
 * Skip, Remove, Move up / Move down.
 */
export const WAITLIST_ADMIN_TEXTS = {
  title: 'Waitlist',
  intro: 'Who is waiting for each camping option, in line order, and their offers.',
  year: 'Year',
  places: (taken: number, held: number, max: number) =>
    `${taken} taken / ${held} held / ${max === 0 ? 'unlimited' : max}`,
  waitlistOn: 'Waitlist on',
  waitlistOff: 'Waitlist off',
  empty: (option: string) => `Nobody is waiting for ${option}.`,
  noOptions: 'There are no camping options yet.',
  loadFailed: 'The waitlist could not be loaded',
  position: 'Position',
  name: 'Name',
  joined: 'Joined',
  offer: 'Offer',
  actions: 'Actions',
  noOffer: 'Waiting',
  offerUntil: (deadline: string) => `Offered until ${deadline}`,
  lastOffer: (state: string) => `Last offer: ${state}`,
  offerNow: 'Offer now',
  skip: 'Skip',
  remove: 'Remove',
  moveUp: 'Move up',
  moveDown: 'Move down',
  rowActions: (name: string) => `Actions for ${name}`,
  skipTitle: 'Skip this offer',
  skipConfirm: (name: string) =>
    `End the open offer of ${name}? The places go to the next in line, and ${name} stays on the waitlist at the end of the line.`,
  removeTitle: 'Remove from the waitlist',
  removeConfirm: (name: string) =>
    `Remove ${name} from the waitlist? The registration is cancelled, any open offer is withdrawn, and ${name} gets an e-mail.`,
  reasonLabel: 'Reason',
  cancel: 'Cancel',
  offered: (name: string) => `${name} has been offered the places.`,
  skipped: (name: string) => `The offer of ${name} was skipped.`,
  removed: (name: string) => `${name} was removed from the waitlist.`,
  moved: (name: string) => `${name} was moved.`,
  actionFailed: 'The waitlist could not be changed',
  waitlistedCount: 'Waitlisted people',
  openOffersCount: 'Open offers',
  /** The reason a skipped offer is stored with when the admin gives none. */
  skippedReason: 'Skipped by an admin',
} as const;

export const WAITLIST_ADMIN_MESSAGES = {
  notFound: 'Registration not found on the waitlist',
  noOpenOffer: 'This registration has no open offer.',
  alreadyOffered: 'This registration already has an open offer.',
  notInLine: 'This registration is not waiting for that camping option.',
  atTop: 'This registration is already first in line.',
  atBottom: 'This registration is already last in line.',
  direction: 'Direction must be up or down',
  campingOptionId: 'Invalid camping option id',
  registrationId: 'Invalid registration id',
  reason: `Reason must be ${WAITLIST_REMOVE_REASON_MIN} to ${WAITLIST_REMOVE_REASON_MAX} characters`,
  year: 'Year must be a whole number between 2000 and 2100',
} as const;

/** The mails of an admin's Skip and Remove (docs/product.md §10). */
export const WAITLIST_ADMIN_MAILS = {
  skippedSubject: (campName: string) => `${campName}: your waitlist offer was withdrawn`,
  skippedLines: [
    'The camp administrators withdrew the place we were holding for you; it goes to the next person in line.',
    'You are still on the waitlist, now at the end of the line.',
  ],
  removedSubject: (campName: string, forYear: string) =>
    `${campName}: you were removed from the waitlist${forYear}`,
  removedLines: (campName: string, forYear: string, reason: string) => [
    `The camp administrators removed you from the waitlist${forYear} at ${campName}. Your registration is cancelled.`,
    `Reason: ${reason}`,
  ],
} as const;
