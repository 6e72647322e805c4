// Places on camping options and jobs (docs/product.md §3, §5, §9): the one rule for "full" and "places left",
// used by every screen, the server's place counters and the scripts.

import type { RegistrationStatus } from './enums';

/**
 * Registrations in these statuses hold a place on each of their camping options and jobs (docs/product.md §10). A
 * WAITLISTED one holds none, except that an open waitlist offer holds its camping options; a CANCELLED one none.
 */
export const PLACE_HOLDING_STATUSES = [
  'PENDING',
  'CONFIRMED',
] as const satisfies readonly RegistrationStatus[];

/** Whether a registration in this status holds its places (its open offer aside). */
export const holdsPlaces = (status: RegistrationStatus): boolean =>
  (PLACE_HOLDING_STATUSES as readonly RegistrationStatus[]).includes(status);

/** Places in all, or null when unlimited. */
export type Capacity = number | null;

/** A camping option's capacity: maxSignups 0 (never negative) means unlimited (docs/product.md §3). */
export const optionCapacity = (maxSignups: number): Capacity => (maxSignups > 0 ? maxSignups : null);

/** A job's capacity: maxRegistrations, at least 1 (a job is never unlimited). */
export const jobCapacity = (maxRegistrations: number): Capacity => maxRegistrations;

/** Places still free, never below 0; null when unlimited. */
export const placesLeft = (capacity: Capacity, taken: number): number | null =>
  capacity === null ? null : Math.max(0, capacity - taken);

/** Full: every place taken (an unlimited capacity is never full). */
export const isFull = (capacity: Capacity, taken: number): boolean => capacity !== null && taken >= capacity;

/** More places taken than there are (what the database's capacity checks refuse). */
export const isOverCapacity = (capacity: Capacity, taken: number): boolean =>
  capacity !== null && taken > capacity;

/** Places left on a job (docs/product.md §9): maxRegistrations minus currentRegistrations, never below 0. */
export const jobSpots = (job: { maxRegistrations: number; currentRegistrations: number }): number =>
  placesLeft(jobCapacity(job.maxRegistrations), job.currentRegistrations) ?? 0;

/** A job is full at 0 places left. */
export const isJobFull = (job: { maxRegistrations: number; currentRegistrations: number }): boolean =>
  isFull(jobCapacity(job.maxRegistrations), job.currentRegistrations);

/** maxSignups 0 means unlimited. */
export const isOptionFull = (option: { maxSignups: number; currentRegistrations: number }): boolean =>
  isFull(optionCapacity(option.maxSignups), option.currentRegistrations);

/** Places left on a camping option; null when unlimited (maxSignups 0). */
export const optionPlacesLeft = (option: {
  maxSignups: number;
  currentRegistrations: number;
}): number | null => placesLeft(optionCapacity(option.maxSignups), option.currentRegistrations);

/** Only enabled options with free places can be chosen (docs/product.md §5 step 2). */
export const isOptionSelectable = (option: {
  enabled: boolean;
  maxSignups: number;
  currentRegistrations: number;
}): boolean => option.enabled && !isOptionFull(option);
