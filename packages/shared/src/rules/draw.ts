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
