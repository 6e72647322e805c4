import type { RefundStatus, RegistrationStatus } from '@camp/shared';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNotNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { OutboxMail } from '../mail/outbox';
import { type WaitlistReads, waitlistReads } from '../waitlist/lines';
import { bare, rowsOf } from '../../db/raw';
import {
  campingOptionFields,
  emailOutbox,
  campingOptions,
  jobCategories,
  jobs,
  payments,
  refunds,
  registrationCampingOptions,
  registrationFieldValues,
  registrationJobs,
  registrations,
  shifts,
  users,
} from '../../db/schema/index';

// The registration module's queries: the submission's reads and its batch statements, and the reads of
// the dashboard and the admin lists. The services decide; this file only talks to the database.

export interface RegistrationFilters {
  userId?: string | undefined;
  jobId?: string | undefined;
  year?: number | undefined;
}

export interface NewRegistration {
  userId: string;
  status: RegistrationStatus;
  acceptedTermsAt: Date;
  optionIds: readonly string[];
  storedValues: ReadonlyArray<{ fieldId: string; value: string }>;
  jobIds: readonly string[];
}

/** A registration as inserted, before it has taken its places (and so before its payment exists). */
export interface InsertedRows {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** Link id by camping option id, and by job id. */
  optionLinks: Record<string, string>;
  jobLinks: Record<string, string>;
}

export interface InsertedRegistration extends InsertedRows {
  payment: { id: string; createdAt: string } | null;
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as unknown;
const uuidArray = (list: readonly string[]) => sql`${sql.param([...list])}::uuid[]`;
/**
 * Rows that carry free text travel as one JSON parameter (the text of a mail or an answer may hold any
 * character; an array parameter would have to be quoted as PostgreSQL's array literal, which the embedded
 * driver does not do for every character).
 */
const recordsOf = (rows: readonly object[]) => sql`json_to_recordset(${JSON.stringify(rows)}::json)`;

/**
 * Registrations of one `year` (at most one per person) with their option and job links and custom field
 * values, in ONE statement of data-modifying CTEs however many there are. A person who already has an active
 * registration of the year is skipped (the partial unique index decides, waiting for a concurrent insert to
 * commit or roll back): answers the inserted rows by user id.
 */
export async function insertRegistrations(
  tx: DbOrTx,
  year: number,
  values: readonly NewRegistration[],
): Promise<Map<string, InsertedRows>> {
  const pairs = (pick: (entry: NewRegistration) => readonly string[]) =>
    values.flatMap((entry) => pick(entry).map((id) => [entry.userId, id] as const));
  const optionPairs = pairs((entry) => entry.optionIds);
  const jobPairs = pairs((entry) => entry.jobIds);
  const fieldValues = values.flatMap((entry) =>
    entry.storedValues.map((stored) => ({
      user_id: entry.userId,
      field_id: stored.fieldId,
      value: stored.value,
    })),
  );
  // Statuses travel as text[] and are cast in SQL: the embedded driver serializes an array parameter only for
  // types it knew when it opened the database, and on a fresh one the enum is created after that.
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
    with reg as (
      insert into ${registrations} (${bare(registrations.userId)}, ${bare(registrations.year)},
        ${bare(registrations.status)}, ${bare(registrations.acceptedTermsAt)})
      select v.user_id, ${year}::integer, v.status::registration_status, v.accepted_at
      from unnest(${uuidArray(values.map((entry) => entry.userId))},
        ${sql.param(values.map((entry) => entry.status))}::text[],
        ${sql.param(values.map((entry) => entry.acceptedTermsAt.toISOString()))}::timestamptz[])
        as v(user_id, status, accepted_at)
      on conflict (${bare(registrations.userId)}, ${bare(registrations.year)})
        where ${bare(registrations.status)} <> 'CANCELLED' do nothing
      returning ${registrations.id} as id, ${registrations.userId} as user_id,
        ${registrations.createdAt} as created_at, ${registrations.updatedAt} as updated_at
    ), opt as (
      insert into ${registrationCampingOptions}
        (${bare(registrationCampingOptions.registrationId)}, ${bare(registrationCampingOptions.campingOptionId)})
      select reg.id, v.id from reg
      join unnest(${uuidArray(optionPairs.map(([user]) => user))}, ${uuidArray(optionPairs.map(([, id]) => id))})
        as v(user_id, id) on v.user_id = reg.user_id
      returning ${registrationCampingOptions.registrationId} as registration_id, ${registrationCampingOptions.id} as id,
        ${registrationCampingOptions.campingOptionId} as camping_option_id
    ), val as (
      insert into ${registrationFieldValues} (${bare(registrationFieldValues.registrationId)},
        ${bare(registrationFieldValues.fieldId)}, ${bare(registrationFieldValues.value)})
      select reg.id, v.field_id, v.value from reg
      join ${recordsOf(fieldValues)} as v(user_id uuid, field_id uuid, value text) on v.user_id = reg.user_id
      returning ${registrationFieldValues.id} as id
    ), job as (
      insert into ${registrationJobs} (${bare(registrationJobs.registrationId)}, ${bare(registrationJobs.jobId)})
      select reg.id, v.id from reg
      join unnest(${uuidArray(jobPairs.map(([user]) => user))}, ${uuidArray(jobPairs.map(([, id]) => id))})
        as v(user_id, id) on v.user_id = reg.user_id
      returning ${registrationJobs.registrationId} as registration_id, ${registrationJobs.id} as id,
        ${registrationJobs.jobId} as job_id
    )
    select reg.id, reg.user_id, reg.created_at, reg.updated_at,
      (select json_object_agg(opt.camping_option_id, opt.id) from opt where opt.registration_id = reg.id)
        as option_links,
      (select json_object_agg(job.job_id, job.id) from job where job.registration_id = reg.id) as job_links
    from reg`),
  );
  return new Map(
    rows.map((row) => [
      row.user_id as string,
      {
        id: row.id as string,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        optionLinks: (parsed(row.option_links) ?? {}) as Record<string, string>,
        jobLinks: (parsed(row.job_links) ?? {}) as Record<string, string>,
      },
    ]),
  );
}

/** What a group of submissions leaves once their places are decided. */
export interface SettledRegistrations {
  /** Registrations refused a place: deleted with their links and values, as if never written. */
  refusedIds: readonly string[];
  /** PENDING card payments of the admitted registrations that owe dues. */
  payments: ReadonlyArray<{ userId: string; registrationId: string; amountCents: number }>;
  /** The admitted people's registration mails, into the outbox. */
  mails: readonly OutboxMail[];
}

/**
 * One statement: deletes the refused registrations (their links and values go with them), writes the admitted
 * ones' payments and their mails into the outbox. Answers each payment by registration id.
 */
export async function settleRegistrations(
  tx: DbOrTx,
  settled: SettledRegistrations,
): Promise<Map<string, { id: string; createdAt: string }>> {
  const { payments: owed, mails } = settled;
  const rows = rowsOf<{ registration_id: string; id: string; created_at: unknown }>(
    await tx.execute(sql`
    with gone as (
      delete from ${registrations} where ${registrations.id} = any(${uuidArray(settled.refusedIds)})
      returning ${registrations.id} as id
    ), mail as (
      insert into ${emailOutbox} (${bare(emailOutbox.toAddress)}, ${bare(emailOutbox.subject)},
        ${bare(emailOutbox.html)}, ${bare(emailOutbox.text)})
      select v.to, v.subject, v.html, v.text
      from ${recordsOf(mails)} as v("to" text, subject text, html text, text text)
      returning ${emailOutbox.id} as id
    ), pay as (
      insert into ${payments} (${bare(payments.userId)}, ${bare(payments.registrationId)},
        ${bare(payments.amountCents)}, ${bare(payments.currency)}, ${bare(payments.status)}, ${bare(payments.provider)})
      select v.user_id, v.registration_id, v.amount, 'USD', 'PENDING'::payment_status, 'STRIPE'::payment_provider
      from unnest(${uuidArray(owed.map((entry) => entry.userId))}, ${uuidArray(owed.map((entry) => entry.registrationId))},
        ${sql.param(owed.map((entry) => entry.amountCents))}::integer[]) as v(user_id, registration_id, amount)
      returning ${payments.registrationId} as registration_id, ${payments.id} as id, ${payments.createdAt} as created_at
    )
    select registration_id, id, created_at from pay`),
  );
  return new Map(rows.map((row) => [row.registration_id, { id: row.id, createdAt: iso(row.created_at) }]));
}

/**
 * The reads of a group of submissions, as prepared statements: the chosen options with their fields, the
 * chosen jobs with category and shift plus every always-required category, and which of the people already
 * have an active registration of the year. Id lists travel as one array parameter, so the statements never
 * change shape.
 */
export function prepareSubmissionQueries(db: Db) {
  return {
    options: db
      .select({ option: campingOptions, field: campingOptionFields })
      .from(campingOptions)
      .leftJoin(campingOptionFields, eq(campingOptionFields.campingOptionId, campingOptions.id))
      .where(sql`${campingOptions.id} = any(${sql.placeholder('optionIds')}::uuid[])`)
      .orderBy(
        asc(campingOptionFields.sortOrder),
        asc(campingOptionFields.createdAt),
        asc(campingOptionFields.id),
      )
      .prepare('registration_submit_options'),
    work: chosenWork(db, sql`${jobs.id} = any(${sql.placeholder('jobIds')}::uuid[])`).prepare(
      'registration_submit_work',
    ),
    registered: db
      .selectDistinct({ userId: registrations.userId })
      .from(registrations)
      .where(
        and(
          sql`${registrations.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
          eq(registrations.year, sql.placeholder('year')),
          ne(registrations.status, 'CANCELLED'),
        ),
      )
      .prepare('registration_submit_registered'),
  };
}

export type SubmissionQueries = ReturnType<typeof prepareSubmissionQueries>;

/** The registration a person holds for a year: theirs, of that year, and not CANCELLED. */
const heldFor = (userId: string, year: number) =>
  and(eq(registrations.userId, userId), eq(registrations.year, year), ne(registrations.status, 'CANCELLED'));

/** The id of the registration a person holds for a year (any status but CANCELLED), or undefined. */
export async function liveRegistrationIdOf(
  db: DbOrTx,
  userId: string,
  year: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(heldFor(userId, year))
    .limit(1);
  return row?.id;
}

/**
 * What the wizard's shift rules read: the jobs `chosen` selects, each with its category and shift, and every
 * always-required category (with a null job when none of its jobs was chosen).
 */
export function chosenWork(db: DbOrTx, chosen: SQL) {
  return db
    .select({ category: jobCategories, job: jobs, shift: shifts })
    .from(jobCategories)
    .leftJoin(jobs, and(eq(jobs.categoryId, jobCategories.id), chosen))
    .leftJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(or(eq(jobCategories.alwaysRequired, true), isNotNull(jobs.id)));
}

/** The condition of GET /registrations: one person, one year, and/or those holding one job. */
export function registrationFilter(db: Db, filters: RegistrationFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.userId) conditions.push(eq(registrations.userId, filters.userId));
  if (filters.year !== undefined) conditions.push(eq(registrations.year, filters.year));
  if (filters.jobId) {
    conditions.push(
      exists(
        db
          .select({ id: registrationJobs.id })
          .from(registrationJobs)
          .where(
            and(
              eq(registrationJobs.registrationId, registrations.id),
              eq(registrationJobs.jobId, filters.jobId),
            ),
          ),
      ),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  playaName: users.playaName,
  email: users.email,
};

/** The statuses of a payment's refunds (the shared openRefundStatus tells the person what they mean). */
// With the tables named: inside a select of payments alone, Drizzle would leave `${refunds.status}` unqualified.
const refundStatuses = sql<RefundStatus[]>`(
  select coalesce(array_agg(r.${bare(refunds.status)}::text), '{}') from ${refunds} r
  where r.${bare(refunds.paymentId)} = ${payments}.${bare(payments.id)}
)`;

const NO_WAITLIST: WaitlistReads = { spots: [], offers: [] };

/**
 * Registrations matching `where` with their person, jobs, options and payments: four queries however many
 * registrations (the children select by the same condition, so no list of ids grows with the result).
 */
export async function selectRegistrations(
  db: Db,
  where: SQL | undefined,
  { withPayments = true }: { withPayments?: boolean } = {},
) {
  const rows = await db
    .select({ registration: registrations, user: userColumns })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(where)
    .orderBy(desc(registrations.year), desc(registrations.createdAt), desc(registrations.id));
  const waitlistedIds = rows
    .filter(({ registration }) => registration.status === 'WAITLISTED')
    .map(({ registration }) => registration.id);
  if (rows.length === 0) return { rows, jobRows: [], optionRows: [], paymentRows: [], waitlist: NO_WAITLIST };
  const matching = db.select({ id: registrations.id }).from(registrations).where(where);
  const [jobRows, optionRows, paymentRows, waitlist] = await Promise.all([
    db
      .select({
        id: registrationJobs.id,
        registrationId: registrationJobs.registrationId,
        attendance: registrationJobs.attendance,
        job: jobs,
        category: jobCategories,
        shift: shifts,
      })
      .from(registrationJobs)
      .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
      .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
      .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
      .where(inArray(registrationJobs.registrationId, matching))
      .orderBy(asc(shifts.dayOfWeek), asc(shifts.startTime), asc(jobs.name), asc(registrationJobs.id)),
    db
      .select({
        id: registrationCampingOptions.id,
        registrationId: registrationCampingOptions.registrationId,
        option: campingOptions,
      })
      .from(registrationCampingOptions)
      .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
      .where(inArray(registrationCampingOptions.registrationId, matching))
      .orderBy(asc(campingOptions.name), asc(registrationCampingOptions.id)),
    withPayments
      ? db
          .select({ ...getTableColumns(payments), refundStatuses })
          .from(payments)
          .where(inArray(payments.registrationId, matching))
          .orderBy(asc(payments.createdAt), asc(payments.id))
      : [],
    // The waitlisted ones' positions and open offers (docs/product.md §10): none read when none waits.
    waitlistReads(db, waitlistedIds),
  ]);
  return { rows, jobRows, optionRows, paymentRows, waitlist };
}

export type SelectedRegistrations = Awaited<ReturnType<typeof selectRegistrations>>;

/**
 * The person's current registration of the year (the first active one) with its options and custom field
 * answers, or undefined when there is none.
 */
export async function selectCampRegistration(db: Db, userId: string, year: number) {
  const [current] = await db
    .select({ id: registrations.id, status: registrations.status })
    .from(registrations)
    .where(heldFor(userId, year))
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .limit(1);
  if (!current) return undefined;
  const [optionRows, valueRows] = await Promise.all([
    db
      .select({ id: registrationCampingOptions.id, option: campingOptions })
      .from(registrationCampingOptions)
      .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
      .where(eq(registrationCampingOptions.registrationId, current.id))
      .orderBy(asc(campingOptions.name), asc(campingOptions.id)),
    db
      .select({ value: registrationFieldValues, field: campingOptionFields })
      .from(registrationFieldValues)
      .innerJoin(campingOptionFields, eq(campingOptionFields.id, registrationFieldValues.fieldId))
      .innerJoin(campingOptions, eq(campingOptions.id, campingOptionFields.campingOptionId))
      .where(eq(registrationFieldValues.registrationId, current.id))
      .orderBy(
        asc(campingOptions.name),
        asc(campingOptionFields.sortOrder),
        asc(campingOptionFields.createdAt),
      ),
  ]);
  return { current, optionRows, valueRows };
}

export type SelectedCampRegistration = NonNullable<Awaited<ReturnType<typeof selectCampRegistration>>>;
