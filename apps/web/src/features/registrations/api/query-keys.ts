/** Query keys of the registrations area (the signed-in person's own registration); all start with 'registrations'. */
export const registrationKeys = {
  all: () => ['registrations'] as const,
  mine: () => ['registrations', 'me'] as const,
  campMine: () => ['registrations', 'camp', 'me'] as const,
  /** The person's draw entry of the year (docs/product.md §10). */
  drawEntryMine: () => ['registrations', 'draw-entry', 'me'] as const,
  /** The person's places in shift lines of the year (docs/product.md §10, decision 052). */
  shiftWaitsMine: () => ['registrations', 'shift-waits', 'me'] as const,
  /** The person's calendar feed links (docs/product.md §11 Calendar feed). */
  calendarMine: () => ['registrations', 'calendar', 'me'] as const,
};
