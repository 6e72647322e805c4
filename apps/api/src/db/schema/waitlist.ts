import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { offerState, shiftWaitLastOffer, shiftWaitState, timedTaskKind, timedTaskState } from './enums';
import { registrations } from './registrations';
import { users } from './users';
import { jobs } from './work';

/**
 * A place offered to a waitlisted registration (docs/product.md §10, decision 048). While OPEN it holds one place
 * on each of the registration's camping options: the counters count it, so nobody else can take them. It ends
 * exactly once (accepted, declined, expired, skipped or withdrawn), under a row lock on the offer.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    state: offerState('state').notNull().default('OPEN'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the places go back to the line; the expiry worker ends the offer at or after this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the "expires in 12 hours" mail was written to the outbox; null until then. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who ended it: the person, an admin; null when the app did (expiry). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** An admin's "Offer now" (out of line order); null when the line made it. */
    offeredBy: uuid('offered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A registration has at most one open offer: nobody is offered twice at once.
    uniqueIndex('waitlist_offers_one_open')
      .on(t.registrationId)
      .where(sql`${t.state} = 'OPEN'`),
    index('waitlist_offers_open_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'OPEN'`),
    index('waitlist_offers_registration_idx').on(t.registrationId, t.offeredAt),
    check('waitlist_offers_decided_consistent', sql`(${t.state} = 'OPEN') = (${t.decidedAt} is null)`),
    check('waitlist_offers_expiry_after_offer', sql`${t.expiresAt} > ${t.offeredAt}`),
  ],
);

/**
 * Work that happens later (docs/architecture.md §9): a row with a due time and a state, written in the transaction
 * of the change that causes it. A worker in any API process claims a due PENDING row with FOR UPDATE SKIP LOCKED
 * inside the transaction that does the work and marks it DONE there, so it is done exactly once, and a process
 * that dies mid-way leaves it PENDING for the next claim.
 */
export const timedTasks = pgTable(
  'timed_tasks',
  {
    id: id(),
    kind: timedTaskKind('kind').notNull(),
    year: integer('year').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    state: timedTaskState('state').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending task of a kind per year: scheduling again while one waits is a no-op (ON CONFLICT DO NOTHING).
    uniqueIndex('timed_tasks_one_pending')
      .on(t.kind, t.year)
      .where(sql`${t.state} = 'PENDING'`),
    index('timed_tasks_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);

/**
 * A registration's place in one job's line (docs/product.md §10, decision 052). While OFFERED it holds one place on
 * the job (the job's counter counts it, `JOB_PLACES` in modules/registrations/capacity.ts) until `expires_at`; an
 * offer that runs out or that an admin skips puts it back to WAITING at the end of the line (a new line key). It
 * ends exactly once (ACCEPTED, DECLINED, LEFT, REMOVED, CANCELLED), under a row lock. A WAITING entry of a
 * registration that holds no place (WAITLISTED) keeps its position but is offered nothing until it holds one.
 */
export const shiftWaits = pgTable(
  'shift_waits',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    state: shiftWaitState('state').notNull().default('WAITING'),
    /** Its place in the job's line: smaller is earlier (from waitlist_line_seq, shared with the camping lines). */
    lineKey: bigint('line_key', { mode: 'number' })
      .notNull()
      .default(sql`nextval('waitlist_line_seq')`),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The open offer: set exactly while OFFERED. */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the "runs out soon" mail of the open offer was written; null until then. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    /** An admin's "Offer now"; null when the line made the offer. */
    offeredBy: uuid('offered_by').references(() => users.id, { onDelete: 'set null' }),
    /** How the last offer that did not end the wait ended (EXPIRED or SKIPPED), and when. */
    lastOfferState: shiftWaitLastOffer('last_offer_state'),
    lastOfferEndedAt: timestamp('last_offer_ended_at', { withTimezone: true }),
    /** When and by whom it ended (null while in line; decidedBy null when the app ended it). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A registration is in a job's line at most once at a time.
    uniqueIndex('shift_waits_one_open')
      .on(t.registrationId, t.jobId)
      .where(sql`${t.state} in ('WAITING', 'OFFERED')`),
    index('shift_waits_line_idx')
      .on(t.jobId, t.lineKey)
      .where(sql`${t.state} in ('WAITING', 'OFFERED')`),
    index('shift_waits_offer_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'OFFERED'`),
    index('shift_waits_registration_idx').on(t.registrationId),
    check(
      'shift_waits_offer_consistent',
      sql`(${t.state} = 'OFFERED') = (${t.offeredAt} is not null and ${t.expiresAt} is not null)`,
    ),
    check('shift_waits_expiry_after_offer', sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.offeredAt}`),
    check(
      'shift_waits_ended_consistent',
      sql`(${t.state} in ('WAITING', 'OFFERED')) = (${t.endedAt} is null)`,
    ),
    check(
      'shift_waits_last_offer_consistent',
      sql`(${t.lastOfferState} is null) = (${t.lastOfferEndedAt} is null)`,
    ),
  ],
);
