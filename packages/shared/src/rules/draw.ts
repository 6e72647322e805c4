// The fair start's draw (decision 049): the limits the entry form and the draw share. The draw's entries are
// not the membership applications of the camp: the words "draw entry" name them.

/** The most people drawn together as one group: a person's "camp with" list names at most this many minus one. */
export const DRAW_GROUP_MAX_SIZE = 8;

/** The most e-mail addresses a draw entry's "camp with" list may name. */
export const DRAW_CAMP_WITH_MAX = DRAW_GROUP_MAX_SIZE - 1;

/**
 * A draw entry's state: ENTERED until the draw, then WON (its registration took places) or WAITLISTED (its
 * registration joined the line in drawn order); WITHDRAWN when the person left before the draw.
 */
export const DRAW_ENTRY_STATES = ['ENTERED', 'WON', 'WAITLISTED', 'WITHDRAWN'] as const;
export type DrawEntryState = (typeof DRAW_ENTRY_STATES)[number];

/** The application window as the configuration holds it (ISO date-times; both null: no draw this year). */
export interface DrawWindowValues {
  drawOpensAt: string | null;
  drawClosesAt: string | null;
}

/** docs/product.md §10: the messages of the application window and the draw entries, word for word. */
export const DRAW_MESSAGES = {
  windowBoth: 'Set both when the application window opens and when it closes, or neither',
  windowOrder: 'The application window must close after it opens',
  windowDate: (label: string) => `${label} must be a date and time`,
  campWithEmail: 'Each person to camp with must be a valid email address',
  campWithMax: `Name at most ${DRAW_CAMP_WITH_MAX} people to camp with`,
  campWithList: 'Camp with must be a list of email addresses',
  notOpenYet: (opensAt: string) => `Applications for the draw open on ${opensAt}`,
  drawPending: (year: number) =>
    `Applications for ${year} are closed and the draw is about to be run. Please check back shortly.`,
  alreadyEntered: (year: number) => `You have already entered the ${year} draw`,
  entryNotFound: 'Draw entry not found',
  notWithdrawable: 'Only an entry that has not been drawn yet can be withdrawn',
  alreadyDrawn: (year: number) => `The ${year} draw has already been run`,
  noWindow: (year: number) => `No application window is set for ${year}`,
} as const;

/** Labels and texts of the draw's screens and mails (docs/product.md §10). */
export const DRAW_TEXTS = {
  opensLabel: 'Application window opens',
  closesLabel: 'Application window closes',
  windowHelp:
    "In the camp's time zone. While the window is open, submissions are draw entries that take no place; when it closes, places are drawn at random. Leave both empty for first come, first served.",
  campWithLabel: 'Camp with (optional)',
  campWithHelp: `E-mail addresses (one per line) of up to ${DRAW_CAMP_WITH_MAX} people you want to camp with. You are drawn together only with people who name you too, and then all of you get a place or none of you does.`,
  entryModeNotice: (closesAt: string) =>
    `Applications are open until ${closesAt}. Submitting enters you into the draw: no place is taken and nothing is owed until the draw.`,
  submitEntry: 'Enter the draw',
  enteredTitle: "You're in the draw",
  enteredBody: (closesAt: string) => `The places are drawn when applications close on ${closesAt}.`,
  withdraw: 'Withdraw from the draw',
  withdrawConfirm: 'Withdraw your entry? You can enter again while applications are open.',
  withdrawn: 'Your draw entry was withdrawn',
  withdrawnBody: 'You can enter again while applications are open.',
  adminTitle: 'The draw',
  drawNow: 'Draw now',
  drawNowConfirm:
    'Draw the places now? This cannot be undone: winners get their places and everyone else joins the waitlist in drawn order.',
  wonSubject: (campName: string, year: string) => `You won a place at ${campName}${year}`,
  wonIntro: (campName: string, year: string) =>
    `Good news: you were drawn for a place at ${campName}${year}.`,
  /** The payment deadline of a won place that owes dues (docs/product.md §10), in the camp's time zone. */
  wonPayBy: (deadline: string) =>
    `Please pay your dues by ${deadline}, or your place may go to the next person in line.`,
  waitlistedSubject: (campName: string, year: string) =>
    `${campName}${year}: you are on the waitlist after the draw`,
  waitlistedIntro: (campName: string, year: string) =>
    `The places at ${campName}${year} have been drawn and you were not drawn for one this time. You are on the waitlist, and we will offer you a place as soon as one is free.`,
  waitlistPosition: (position: number, name: string) => `You are number ${position} for ${name}.`,
} as const;

/** Admin → The Draw (docs/product.md §2, §10): the screen's own texts. */
export const DRAW_ADMIN_TEXTS = {
  windowTitle: (year: number) => `Application window ${year}`,
  windowSet: (opensAt: string, closesAt: string) => `Opens ${opensAt}, closes ${closesAt}.`,
  noWindow: 'No application window is set: registration is first come, first served.',
  waiting: (entered: number, groups: number, withdrawn: number) =>
    `${entered} ${entered === 1 ? 'entry' : 'entries'} waiting in ${groups} ${groups === 1 ? 'group' : 'groups'}; ${withdrawn} withdrawn.`,
  recordTitle: (ranAt: string) => `The draw of ${ranAt}`,
  outcome: (summary: {
    winners: number;
    waitlisted: number;
    entries: number;
    groups: number;
    groupsOfSeveral: number;
  }) =>
    `${summary.winners} won a place, ${summary.waitlisted} joined the waitlist (${summary.entries} entries in ${summary.groups} groups, ${summary.groupsOfSeveral} of several people).`,
  placesUsed: 'Places used',
  splitCircles: `Circles split into groups of at most ${DRAW_GROUP_MAX_SIZE}`,
  seed: 'Seed',
  algorithm: 'Algorithm',
  digest: 'Outcome digest',
  entriesTitle: (ran: boolean) => (ran ? 'Entries in drawn order' : 'Entries'),
  noEntries: 'No entries yet.',
  entriesList: 'Draw entries',
  campWith: 'Camp with',
} as const;

/** Where the year stands with its application window (docs/product.md §10). */
export type DrawPhase = 'none' | 'before' | 'open' | 'closed';

/** The window's phase at `now`: none without a window, before it opens, open, closed (drawn or about to be). */
export function drawPhase(window: DrawWindowValues, now: Date): DrawPhase {
  if (!window.drawOpensAt || !window.drawClosesAt) return 'none';
  const at = now.getTime();
  if (at < Date.parse(window.drawOpensAt)) return 'before';
  if (at < Date.parse(window.drawClosesAt)) return 'open';
  return 'closed';
}

/** The window's cross-field rules: both or neither, and it closes after it opens (each with its field). */
export function drawWindowProblems(
  window: DrawWindowValues,
): { field: keyof DrawWindowValues; message: string }[] {
  const { drawOpensAt, drawClosesAt } = window;
  if ((drawOpensAt === null) !== (drawClosesAt === null)) {
    return [
      { field: drawOpensAt === null ? 'drawOpensAt' : 'drawClosesAt', message: DRAW_MESSAGES.windowBoth },
    ];
  }
  if (drawOpensAt !== null && drawClosesAt !== null && Date.parse(drawClosesAt) <= Date.parse(drawOpensAt)) {
    return [{ field: 'drawClosesAt', message: DRAW_MESSAGES.windowOrder }];
  }
  return [];
}

/** The offset (ms) of `timeZone` from UTC at the moment `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A wall-clock time as a datetime-local input holds it ("2027-03-01T09:00") in the camp's time zone, as an ISO
 * moment; null when it is not such a time.
 */
export function wallTimeToIso(wall: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wall.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(guess)) return null;
  const first = guess - zoneOffsetMs(guess, timeZone);
  return new Date(guess - zoneOffsetMs(first, timeZone)).toISOString();
}

/** An ISO moment as the wall-clock time of the camp's time zone, for a datetime-local input. */
export function isoToWallTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 16);
}
