import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { fieldDataType } from './enums';
import { jobCategories } from './work';

export const campingOptions = pgTable(
  'camping_options',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    workShiftsRequired: integer('work_shifts_required').notNull().default(0),
    participantDuesCents: integer('participant_dues_cents').notNull().default(0),
    staffDuesCents: integer('staff_dues_cents').notNull().default(0),
    /** 0 means unlimited. */
    maxSignups: integer('max_signups').notNull().default(0),
    /** Whether a full option may be chosen as "Join the waitlist" (docs/product.md §10). */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
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
    check('camping_options_name_present', sql`char_length(trim(${t.name})) > 0`),
    check('camping_options_work_shifts_non_negative', sql`${t.workShiftsRequired} >= 0`),
    check('camping_options_participant_dues_non_negative', sql`${t.participantDuesCents} >= 0`),
    check('camping_options_staff_dues_non_negative', sql`${t.staffDuesCents} >= 0`),
    check('camping_options_max_signups_non_negative', sql`${t.maxSignups} >= 0`),
    check('camping_options_current_non_negative', sql`${t.currentRegistrations} >= 0`),
    /** Backstop for capacity.ts: the database itself refuses an oversold option; 0 is unlimited (decision 022). */
    check(
      'camping_options_capacity_not_exceeded',
      sql`${t.maxSignups} <= 0 or ${t.currentRegistrations} <= ${t.maxSignups}`,
    ),
  ],
);

/** Which job categories an option draws its work shifts from. */
export const campingOptionJobCategories = pgTable(
  'camping_option_job_categories',
  {
    campingOptionId: uuid('camping_option_id')
      .notNull()
      .references(() => campingOptions.id, { onDelete: 'cascade' }),
    jobCategoryId: uuid('job_category_id')
      .notNull()
      .references(() => jobCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.campingOptionId, t.jobCategoryId] }),
    index('camping_option_job_categories_category_idx').on(t.jobCategoryId),
  ],
);

export const campingOptionFields = pgTable(
  'camping_option_fields',
  {
    id: id(),
    campingOptionId: uuid('camping_option_id')
      .notNull()
      .references(() => campingOptions.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    description: text('description'),
    dataType: fieldDataType('data_type').notNull().default('STRING'),
    required: boolean('required').notNull().default(false),
    maxLength: integer('max_length'),
    minLength: integer('min_length'),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('camping_option_fields_name_present', sql`char_length(trim(${t.displayName})) > 0`),
    check('camping_option_fields_max_length_positive', sql`${t.maxLength} is null or ${t.maxLength} >= 1`),
    check(
      'camping_option_fields_min_length_non_negative',
      sql`${t.minLength} is null or ${t.minLength} >= 0`,
    ),
    check(
      'camping_option_fields_length_order',
      sql`${t.minLength} is null or ${t.maxLength} is null or ${t.minLength} <= ${t.maxLength}`,
    ),
    check(
      'camping_option_fields_value_order',
      sql`${t.minValue} is null or ${t.maxValue} is null or ${t.minValue} <= ${t.maxValue}`,
    ),
    index('camping_option_fields_option_idx').on(t.campingOptionId, t.sortOrder),
  ],
);
