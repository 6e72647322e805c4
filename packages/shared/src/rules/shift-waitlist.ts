// The shift waitlist (docs/product.md §10, decision 052): a registered person waits in line for a full shift of a
// job whose waitlist is on, and is offered its freed places in turn. The texts people see, in one place.

import { isJobFull } from './places';

/**
 * A place in a shift's line (docs/product.md §10): WAITING in line, OFFERED (one place on the job is held for the
 * person until the offer's deadline), or ended: ACCEPTED (the shift is theirs), DECLINED, LEFT (the person left the
 * line), REMOVED (an admin removed them) or CANCELLED (their registration was cancelled). An offer that runs out or
 * that an admin skips puts the person back to WAITING at the end of the line, as for camping options.
 */
export const SHIFT_WAIT_STATES = [
  'WAITING',
  'OFFERED',
  'ACCEPTED',
  'DECLINED',
  'LEFT',
  'REMOVED',
  'CANCELLED',
] as const;
export type ShiftWaitState = (typeof SHIFT_WAIT_STATES)[number];

/** The states in which a person is still in a shift's line. */
export const SHIFT_WAIT_OPEN_STATES = ['WAITING', 'OFFERED'] as const satisfies readonly ShiftWaitState[];

/** How an offer that did not end the wait ended (shown to admins as "Last offer: …"). */
export const SHIFT_WAIT_LAST_OFFER_STATES = ['EXPIRED', 'SKIPPED'] as const;
export type ShiftWaitLastOfferState = (typeof SHIFT_WAIT_LAST_OFFER_STATES)[number];

/** At most this many shifts waited for at once by one registration. */
export const SHIFT_WAITS_MAX = 10;

/**
 * A job whose shift is full but may still be chosen to wait in line (docs/product.md §10): its waitlist is on (absent
 * reads as off) and every place is taken or held.
 */
export const canJoinShiftWaitlist = (job: {
  maxRegistrations: number;
  currentRegistrations: number;
  waitlistEnabled?: boolean;
}): boolean => job.waitlistEnabled === true && isJobFull(job);

export const SHIFT_WAITLIST_MESSAGES = {
  notFound: 'Shift waitlist entry not found',
  jobNotFound: 'Job not found',
  /** POST /shift-waits or a submission's waitJobs naming a job whose waitlist is off. */
  waitlistOff: (job: string) => `"${job}" has no waitlist`,
  /** POST /shift-waits for a job with free places: the person takes it instead of waiting. */
  notFull: (job: string) => `"${job}" has free places. Choose it instead of waiting.`,
  alreadyAssigned: (job: string) => `You already have a place on "${job}"`,
  alreadyWaiting: (job: string) => `You are already in line for "${job}"`,
  /** A submission that both chooses and waits for one job. */
  chosenAndWaiting: (job: string) => `"${job}" cannot be both chosen and waited for`,
  tooMany: `You can wait for at most ${SHIFT_WAITS_MAX} shifts at once`,
  /** POST /shift-waits without a registration of the registration year (not cancelled). */
  noRegistration: 'Register for this year before joining the waitlist of a shift.',
  notWaiting: 'You are no longer in line for this shift.',
  /** Accept or decline of an entry that has no open offer, or whose offer ran out. */
  offerClosed: 'This offer is no longer open.',
  offerExpired: 'This offer has expired.',
  /** Accept while the registration holds no place in camp (waitlisted or cancelled). */
  registrationNotActive: 'Your registration holds no place in camp, so it cannot take a shift.',
  /** Admin actions. */
  noPlaceFree: (job: string) => `No place is free on "${job}"`,
  alreadyOffered: 'This person already has an open offer for this shift.',
  noOpenOffer: 'This person has no open offer for this shift.',
  atTop: 'This person is already first in line.',
  atBottom: 'This person is already last in line.',
  /** An admin's Offer now for an entry whose registration holds no place in camp (WAITLISTED): it stays dormant. */
  adminNotActive:
    "This person's registration holds no place in camp (it is waitlisted), so they cannot be offered a shift yet.",
  shiftWaitId: 'Invalid shift waitlist entry id',
  jobId: 'Invalid job id',
  waitJobs: 'Shifts to wait for must be a list of job ids',
} as const;

export const SHIFT_WAITLIST_TEXTS = {
  /** Wizard step 4 and /shifts, on a full shift of a job whose waitlist is on. */
  join: 'Join the waitlist',
  fullJoin: 'Full — join the waitlist',
  waiting: 'On the waitlist',
  joined: (job: string) => `You joined the waitlist for ${job}.`,
  /** Wizard step 4: the shifts waited for do not count towards the shifts needed. */
  waitNote: 'Shifts you wait for do not count towards the shifts you need; choose those from the free ones.',
  /** Wizard step 4: a category's count of shifts waited for, and the summary's line ("On the waitlist for 2 shifts"). */
  waitingCount: (count: number) => `${count} on the waitlist`,
  summaryWaiting: (shifts: string) => `On the waitlist for ${shifts} (not counted)`,
  /** Wizard review step: the list of shifts waited for. */
  reviewTitle: 'Shifts you will wait for',
  /** Dashboard and /shifts. */
  title: 'Shift waitlist',
  position: (position: number, job: string) => `You are number ${position} in line for ${job}.`,
  /** /shifts, on the row of the shift itself. */
  positionShort: (position: number) => `Number ${position} in line`,
  offeredShort: 'A place is held for you',
  offeredUntil: (deadline: string) => `Until ${deadline}`,
  fetchFailed: 'Failed to load your shift waitlist',
  dormant: 'You will be offered a place once your registration holds a place in camp.',
  offerTitle: (job: string) => `A place on ${job} is free for you`,
  offerBody: (deadline: string) =>
    `We are holding it for you until ${deadline}. Accept to take the shift, or decline to pass it on.`,
  accept: 'Take the shift',
  decline: 'Decline',
  leave: 'Leave this line',
  leaveConfirm: (job: string) => `Leave the waitlist for ${job}? You lose your place in line.`,
  declineConfirm: (job: string) =>
    `Decline the place on ${job}? It goes to the next person in line, and you leave this line.`,
  accepted: (job: string) => `${job} is now one of your shifts.`,
  declined: (job: string) => `You declined the place on ${job}.`,
  left: (job: string) => `You left the waitlist for ${job}.`,
  joinFailed: 'You could not join the waitlist',
  acceptFailed: 'The shift could not be taken',
  declineFailed: 'The offer could not be declined',
  leaveFailed: 'You could not leave the line',
  /** Admin Jobs form: the switch (off by default). */
  jobSwitch: 'Waitlist when full',
  jobSwitchHelp:
    'When this job is full, registered campers can join its waitlist and are offered freed places in turn.',
  /** Admin Waitlist screen: the section of shift lines. */
  adminTitle: 'Shifts',
  adminIntro: 'Who is waiting for each full shift, in line order, and their offers.',
  adminEmpty: (job: string) => `Nobody is waiting for ${job}.`,
  adminNoJobs: 'No job has its waitlist on.',
  adminOffered: (name: string, job: string) => `${name} has been offered a place on ${job}.`,
  adminSkipped: (name: string, job: string) => `The offer of ${name} for ${job} was skipped.`,
  adminRemoved: (name: string, job: string) => `${name} was removed from the waitlist for ${job}.`,
  adminSkipConfirm: (name: string, job: string) =>
    `End the open offer of ${name} for ${job}? The place goes to the next in line, and ${name} stays in this line at its end.`,
  adminRemoveTitle: 'Remove from the shift waitlist',
  adminRemoveConfirm: (name: string, job: string) =>
    `Remove ${name} from the waitlist for ${job}? Any open offer is withdrawn, ${name} gets an e-mail, and their registration and other shifts stay as they are.`,
  /** A WAITING entry of a registration that holds no place in camp: kept in line, offered nothing yet. */
  adminDormant: 'Holds no place in camp yet',
  adminLine: (job: string) => `Line for ${job}`,
  /** The Waitlist screen's count card of people in shift lines. */
  adminWaitingCount: 'Waiting for shifts',
} as const;

/** The shift waitlist's mails (docs/product.md §10): subjects and lines; greeting and dashboard link are added around. */
export const SHIFT_WAITLIST_MAILS = {
  offerSubject: (campName: string, job: string) => `${campName}: a place on ${job} is free for you`,
  offerLines: (job: string, deadline: string) => [
    `A place on ${job} is free for you.`,
    SHIFT_WAITLIST_TEXTS.offerBody(deadline),
    'Take it or decline it on your dashboard.',
  ],
  warningSubject: (campName: string, job: string) => `${campName}: your offer for ${job} runs out soon`,
  warningLines: (job: string, deadline: string) => [
    `The place on ${job} we are holding for you runs out at ${deadline}.`,
    'Take it on your dashboard before then, or decline it to pass it to the next person.',
  ],
  expiredSubject: (campName: string, job: string) => `${campName}: your offer for ${job} has run out`,
  expiredLines: (job: string) => [
    `The place on ${job} we held for you has run out and goes to the next person in line.`,
    'You are still on the waitlist for this shift, now at the end of the line.',
  ],
  skippedSubject: (campName: string, job: string) => `${campName}: your offer for ${job} was withdrawn`,
  skippedLines: (job: string) => [
    `The camp administrators withdrew the place on ${job} we were holding for you; it goes to the next person in line.`,
    'You are still on the waitlist for this shift, now at the end of the line.',
  ],
  removedSubject: (campName: string, job: string) =>
    `${campName}: you were removed from the waitlist for ${job}`,
  removedLines: (job: string, reason: string) => [
    `The camp administrators removed you from the waitlist for ${job}. Your registration and other shifts stay as they are.`,
    `Reason: ${reason}`,
  ],
  acceptedSubject: (campName: string, job: string) => `${campName}: ${job} is one of your shifts`,
  acceptedLines: (job: string) => [`You took the place on ${job}. It is now one of your shifts.`],
} as const;
