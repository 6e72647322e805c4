import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { ApplicationAnswer, ApplicationQuestion } from '@camp/shared';
import { createdAt, id, updatedAt } from './columns';
import { applicationDecision, applicationStatus } from './enums';
import { users } from './users';

/**
 * A year's application settings (docs/product.md §12 Application approval, decision 065). A year without a row
 * requires no application.
 */
export const applicationSettings = pgTable(
  'application_settings',
  {
    year: integer('year').primaryKey(),
    required: boolean('required').notNull().default(false),
    returningMembersExempt: boolean('returning_members_exempt').notNull().default(true),
    /** The admin's questions, in order: ApplicationQuestion[]. */
    questions: jsonb('questions').$type<ApplicationQuestion[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('application_settings_year_range', sql`${t.year} between 2000 and 2100`),
    check('application_settings_questions_array', sql`jsonb_typeof(${t.questions}) = 'array'`),
  ],
);

/** One person's application for one year, with its latest decision. */
export const applications = pgTable(
  'applications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    status: applicationStatus('status').notNull().default('PENDING'),
    about: text('about').notNull(),
    /** ApplicationAnswer[]: each answer with its question's words as they were. */
    answers: jsonb('answers').$type<ApplicationAnswer[]>().notNull().default([]),
    /** The latest decision's message to the applicant. */
    message: text('message'),
    /** Null while pending, and once the deciding admin's account is gone. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('applications_user_year_key').on(t.userId, t.year),
    index('applications_year_status_idx').on(t.year, t.status, t.createdAt),
    check('applications_about_length', sql`char_length(trim(${t.about})) between 1 and 2000`),
    check('applications_answers_array', sql`jsonb_typeof(${t.answers}) = 'array'`),
    check('applications_message_length', sql`${t.message} is null or char_length(${t.message}) <= 2000`),
    check('applications_decided', sql`(${t.status} = 'PENDING') = (${t.decidedAt} is null)`),
  ],
);

/** Every decision taken on an application, oldest first: its audit trail. Rows are only ever added. */
export const applicationDecisions = pgTable(
  'application_decisions',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: applicationDecision('status').notNull(),
    message: text('message'),
    /** Null once the deciding admin's account is gone. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('application_decisions_application_idx').on(t.applicationId, t.createdAt)],
);
