import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campingOptionFields, campingOptions } from './camping-options';
import { createdAt, id, updatedAt } from './columns';
import { attendance, registrationStatus, shiftReminderKind } from './enums';
import { users } from './users';
import { jobs } from './work';

/** Gives each registration that joins the waitlist its place in the line (docs/product.md §10). */
export const waitlistLineSeq = pgSequence('waitlist_line_seq');

export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    status: registrationStatus('status').notNull().default('PENDING'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /**
     * Its place in the waitlist: smaller is earlier (from waitlist_line_seq, or the draw's order). Set exactly
     * while the status is WAITLISTED; the line for an option is its WAITLISTED registrations in this order.
     */
    lineKey: bigint('line_key', { mode: 'number' }),
    /** When it joined the waitlist (shown to admins); set with lineKey. */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    /**
     * When its dues must be paid (set when an offer is accepted or a place is won with dues owed, and the camp
     * has a payment deadline; docs/product.md §10). Past it, the place may be released back to the line.
     */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** When the payment reminder was written to the outbox: set once, so it goes exactly once. */
    payRemindedAt: timestamp('pay_reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One registration per user and year while it is not cancelled: stops double submission.
    uniqueIndex('registrations_one_active_per_user_year')
      .on(t.userId, t.year)
      .where(sql`${t.status} <> 'CANCELLED'`),
    check('registrations_year_range', sql`${t.year} between 2000 and 2100`),
    check(
      'registrations_cancel_consistent',
      sql`(${t.status} = 'CANCELLED') = (${t.cancelledAt} is not null)`,
    ),
    check(
      'registrations_line_consistent',
      sql`(${t.status} = 'WAITLISTED') = (${t.lineKey} is not null and ${t.waitlistedAt} is not null)`,
    ),
    index('registrations_year_status_idx').on(t.year, t.status),
    index('registrations_line_idx')
      .on(t.year, t.lineKey)
      .where(sql`${t.lineKey} is not null`),
    index('registrations_created_idx').on(t.createdAt),
    index('registrations_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.payBy} is not null`),
  ],
);

export const registrationCampingOptions = pgTable(
  'registration_camping_options',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    campingOptionId: uuid('camping_option_id')
      .notNull()
      .references(() => campingOptions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registration_camping_options_pair_key').on(t.registrationId, t.campingOptionId),
    index('registration_camping_options_option_idx').on(t.campingOptionId),
  ],
);

export const registrationFieldValues = pgTable(
  'registration_field_values',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => campingOptionFields.id, { onDelete: 'restrict' }),
    value: text('value'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('registration_field_values_pair_key').on(t.registrationId, t.fieldId),
    index('registration_field_values_field_idx').on(t.fieldId),
  ],
);

export const registrationJobs = pgTable(
  'registration_jobs',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    /** Check-in (docs/product.md §11): null until staff mark it; who marked it and when. */
    attendance: attendance('attendance'),
    attendanceAt: timestamp('attendance_at', { withTimezone: true }),
    attendanceBy: uuid('attendance_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registration_jobs_pair_key').on(t.registrationId, t.jobId),
    index('registration_jobs_job_idx').on(t.jobId),
  ],
);

/**
 * A shift reminder that went out (docs/product.md §11, decision 055): one row per registration, job and the shift's
 * start the mail named, written in the transaction that writes its mail to the outbox. The unique index makes
 * "exactly once" hold with several processes: a second writer's insert does nothing. A row for a start that is no
 * longer the shift's start means the time changed after the mail: a CORRECTION row for the new start follows.
 */
export const shiftReminders = pgTable(
  'shift_reminders',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The shift's start (a moment) this mail named. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    kind: shiftReminderKind('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shift_reminders_once').on(t.registrationId, t.jobId, t.startsAt)],
);
