import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { campingOptionFields, campingOptions } from './camping-options';
import { createdAt, id, updatedAt } from './columns';
import { registrationStatus } from './enums';
import { users } from './users';
import { jobs } from './work';

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
    index('registrations_year_status_idx').on(t.year, t.status),
    index('registrations_created_idx').on(t.createdAt),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registration_jobs_pair_key').on(t.registrationId, t.jobId),
    index('registration_jobs_job_idx').on(t.jobId),
  ],
);
