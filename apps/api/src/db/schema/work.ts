import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, time, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { dayOfWeek } from './enums';

export const jobCategories = pgTable(
  'job_categories',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    staffOnly: boolean('staff_only').notNull().default(false),
    alwaysRequired: boolean('always_required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_categories_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('job_categories_description_length', sql`char_length(${t.description}) between 1 and 500`),
  ],
);

export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    dayOfWeek: dayOfWeek('day_of_week').notNull(),
    /**
     * For a Pre-Opening shift, the days before Opening Sunday; for a Post-Event one, the days after Closing Sunday
     * (1 is the day next to the event). Ignored on the other days (docs/product.md §11, decision 053).
     */
    dayOffset: smallint('day_offset').notNull().default(1),
    /**
     * A retired shift (false) is hidden from the wizard, /shifts and new assignments, and kept with its jobs and
     * people in history, reports and exports (docs/product.md §11).
     */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shifts_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('shifts_description_length', sql`coalesce(char_length(${t.description}), 0) <= 500`),
    check('shifts_day_offset_range', sql`${t.dayOffset} between 1 and 14`),
    index('shifts_day_idx').on(t.dayOfWeek),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => jobCategories.id, { onDelete: 'restrict' }),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'restrict' }),
    maxRegistrations: integer('max_registrations').notNull().default(5),
    /** Whether people may join its line when it is full (docs/product.md §10, decision 052); off by default. */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(false),
    /** A retired job (false): hidden from the wizard, /shifts and new assignments, kept in history (docs/product.md §11). */
    active: boolean('active').notNull().default(true),
    /**
     * Places taken in `countedYear` by registrations that are not cancelled. Changed only under the row lock by
     * the registration module's capacity helpers (modules/registrations/capacity.ts).
     */
    currentRegistrations: integer('current_registrations').notNull().default(0),
    /** The registration year currentRegistrations counts; null until first counted (then recounted from rows). */
    countedYear: integer('counted_year'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('jobs_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('jobs_location_length', sql`char_length(${t.location}) between 1 and 100`),
    check('jobs_max_registrations_positive', sql`${t.maxRegistrations} >= 1`),
    check('jobs_current_registrations_non_negative', sql`${t.currentRegistrations} >= 0`),
    /** Backstop for capacity.ts: the database itself refuses an oversold job (decision 022). */
    check('jobs_capacity_not_exceeded', sql`${t.currentRegistrations} <= ${t.maxRegistrations}`),
    index('jobs_category_idx').on(t.categoryId),
    index('jobs_shift_idx').on(t.shiftId),
  ],
);
