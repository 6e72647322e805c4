// The waitlist and its offers (docs/product.md §10, decision 048): the texts people see, in one place for the
// wizard, the dashboard, the admin screens and the server's messages.

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
  /** Accepting when a chosen shift filled up meanwhile (409, code SHIFTS_FULL): the wizard's shift step follows. */
  shiftsFullOnAccept: 'Some of your shifts are full now. Choose other shifts to accept the offer.',
  offerHoldHours: `Offer hold time must be a whole number of hours from ${OFFER_HOLD_HOURS_MIN} to ${OFFER_HOLD_HOURS_MAX}`,
  /** An admin's "Offer now" when every place of an option is taken or held. */
  noPlaceFree: (name: string) => `No place is free on "${name}"`,
  /** Admin edits of a registration that has an open offer. */
  offerOpen: 'This registration has an open offer. Withdraw it (Skip) before editing its camping options.',
} as const;

export const WAITLIST_TEXTS = {
  joinWaitlist: 'Join the waitlist',
  fullJoinWaitlist: 'Full — join the waitlist',
  /** Step 6 (review) and the submit button when a chosen option is full. */
  willJoinWaitlist:
    'One or more of your camping options is full. You will join the waitlist and hold no place until one is offered to you.',
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
  /** Admin edit to WAITLISTED: the confirmation the admin must give (decision 048). */
  editToWaitlistConfirm:
    'Moving this registration to the waitlist gives back its camping options and shifts and puts it at the end of the line.',
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
