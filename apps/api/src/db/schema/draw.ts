import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { drawEntryState } from './enums';
import { registrations } from './registrations';
import { users } from './users';

/**
 * A year's draw (decision 049). The row is written when the draw is scheduled (the application window is set or
 * "Draw now" is pressed), with its seed: a process killed mid-draw leaves ranAt null and the next run draws the
 * same result again. ranAt and summary are set in the transaction that hands out the places.
 */
export const draws = pgTable(
  'draws',
  {
    id: id(),
    year: integer('year').notNull(),
    /** 32 lower-case hex characters (newDrawSeed): with the algorithm, anyone can re-run the draw. */
    seed: text('seed').notNull(),
    /** DRAW_ALGORITHM of the code that ran it. */
    algorithm: text('algorithm').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }),
    /** The admin who pressed "Draw now"; null when the window's close ran it. */
    ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the admins' summary shows: counts, places used, split circles, a digest of the outcome. */
    summary: jsonb('summary'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('draws_one_per_year').on(t.year),
    check('draws_seed_shape', sql`${t.seed} ~ '^[0-9a-f]{32}$'`),
    check('draws_ran_consistent', sql`(${t.ranAt} is null) = (${t.summary} is null)`),
  ],
);

/**
 * A person's entry into the year's draw (decision 049): the wizard's choices, kept until the draw makes a
 * registration from them. Not a membership application. The choices are stored as they were submitted
 * (ids, not links): the draw skips an option or job that no longer exists.
 */
export const drawEntries = pgTable(
  'draw_entries',
  {
    id: id(),
    year: integer('year').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: drawEntryState('state').notNull().default('ENTERED'),
    /** E-mail addresses (trimmed, lower case) of the people this person wants to camp with. */
    campWith: text('camp_with')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    campingOptionIds: uuid('camping_option_ids').array().notNull(),
    jobIds: uuid('job_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The custom field answers, { fieldId: value } as the wizard sent them. */
    fieldValues: jsonb('field_values')
      .notNull()
      .default(sql`'{}'::jsonb`),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }).notNull(),
    /** Its place in the drawn order (0 first), set by the draw. */
    drawnPosition: integer('drawn_position'),
    /** The registration the draw made from it (WON: PENDING or CONFIRMED; WAITLISTED: in the line). */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live entry per person and year.
    uniqueIndex('draw_entries_one_per_user_year')
      .on(t.userId, t.year)
      .where(sql`${t.state} <> 'WITHDRAWN'`),
    index('draw_entries_year_state_idx').on(t.year, t.state),
    check('draw_entries_year_range', sql`${t.year} between 2000 and 2100`),
    check(
      'draw_entries_drawn_consistent',
      sql`(${t.state} in ('WON', 'WAITLISTED')) = (${t.drawnPosition} is not null)`,
    ),
  ],
);
