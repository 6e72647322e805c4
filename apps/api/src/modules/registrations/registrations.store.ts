import type { RegistrationStatus } from '@camp/shared';
import { and, asc, desc, eq, exists, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  campingOptionFields,
  campingOptions,
  jobCategories,
  jobs,
  payments,
  registrationCampingOptions,
  registrationFieldValues,
  registrationJobs,
  registrations,
  shifts,
  users,
} from '../../db/schema/index';

// The registration module's queries: the submission's reads and its one-statement insert, and the reads of
// the dashboard and the admin lists. The services decide; this file only talks to the database.

export interface RegistrationFilters {
  userId?: string | undefined;
  jobId?: string | undefined;
  year?: number | undefined;
}

export interface NewRegistration {
  userId: string;
  year: number;
  status: RegistrationStatus;
  acceptedTermsAt: Date;
  optionIds: readonly string[];
  storedValues: ReadonlyArray<{ fieldId: string; value: string }>;
  jobIds: readonly string[];
  duesCents: number;
}

export interface InsertedRegistration {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** Link id by camping option id, and by job id. */
  optionLinks: Record<string, string>;
  jobLinks: Record<string, string>;
  payment: { id: string; createdAt: string } | null;
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/**
 * The registration, its option and job links, its custom field values and its PENDING payment (when there
 * are dues) in ONE statement: data-modifying CTEs, so a submission costs one round trip here rather than five.
 */
export async function insertRegistration(tx: DbOrTx, values: NewRegistration): Promise<InsertedRegistration> {
  const ids = (list: readonly string[]) => sql`${sql.param([...list])}::uuid[]`;
  const result = await tx.execute(sql`
    with reg as (
      insert into ${registrations} (user_id, year, status, accepted_terms_at)
      values (${values.userId}, ${values.year}, ${values.status}, ${values.acceptedTermsAt})
      returning id, created_at, updated_at
    ), opt as (
      insert into ${registrationCampingOptions} (registration_id, camping_option_id)
      select reg.id, v.id from reg, unnest(${ids(values.optionIds)}) as v(id)
      returning id, camping_option_id
    ), val as (
      insert into ${registrationFieldValues} (registration_id, field_id, value)
      select reg.id, v.field_id, v.value
      from reg, unnest(${ids(values.storedValues.map((entry) => entry.fieldId))},
        ${sql.param(values.storedValues.map((entry) => entry.value))}::text[]) as v(field_id, value)
      returning id
    ), job as (
      insert into ${registrationJobs} (registration_id, job_id)
      select reg.id, v.id from reg, unnest(${ids(values.jobIds)}) as v(id)
      returning id, job_id
    ), pay as (
      insert into ${payments} (user_id, registration_id, amount_cents, currency, status, provider)
      select ${values.userId}::uuid, reg.id, ${values.duesCents}::integer, 'USD',
        'PENDING'::payment_status, 'STRIPE'::payment_provider
      from reg where ${values.duesCents}::integer > 0
      returning id, created_at
    )
    select reg.id, reg.created_at, reg.updated_at,
      (select json_object_agg(opt.camping_option_id, opt.id) from opt) as option_links,
      (select json_object_agg(job.job_id, job.id) from job) as job_links,
      (select json_build_object('id', pay.id, 'createdAt', pay.created_at) from pay) as payment from reg`);
  const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
  if (!row) throw new Error('insert returned no registration');
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as unknown;
  const paid = parsed(row.payment) as { id: string; createdAt: string } | null;
  return {
    id: row.id as string,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    optionLinks: (parsed(row.option_links) ?? {}) as Record<string, string>,
    jobLinks: (parsed(row.job_links) ?? {}) as Record<string, string>,
    payment: paid ? { id: paid.id, createdAt: iso(paid.createdAt) } : null,
  };
}

/** The caller's active registrations of the year (placeholders userId, year). */
function activeRegistrationOf(db: Db) {
  return db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.userId, sql.placeholder('userId')),
        eq(registrations.year, sql.placeholder('year')),
        ne(registrations.status, 'CANCELLED'),
      ),
    );
}

/**
 * The reads of a submission, as prepared statements: the chosen options with their fields (and whether the
 * caller is already registered), and the chosen jobs with category and shift plus every always-required
 * category. Id lists travel as one array parameter, so the statements never change shape.
 */
export function prepareSubmissionQueries(db: Db) {
  return {
    options: db
      .select({
        option: campingOptions,
        field: campingOptionFields,
        registered: sql<boolean>`exists(${activeRegistrationOf(db)})`,
      })
      .from(campingOptions)
      .leftJoin(campingOptionFields, eq(campingOptionFields.campingOptionId, campingOptions.id))
      .where(sql`${campingOptions.id} = any(${sql.placeholder('optionIds')}::uuid[])`)
      .orderBy(
        asc(campingOptionFields.sortOrder),
        asc(campingOptionFields.createdAt),
        asc(campingOptionFields.id),
      )
      .prepare('registration_submit_options'),
    work: db
      .select({ category: jobCategories, job: jobs, shift: shifts })
      .from(jobCategories)
      .leftJoin(
        jobs,
        and(
          eq(jobs.categoryId, jobCategories.id),
          sql`${jobs.id} = any(${sql.placeholder('jobIds')}::uuid[])`,
        ),
      )
      .leftJoin(shifts, eq(shifts.id, jobs.shiftId))
      .where(or(eq(jobCategories.alwaysRequired, true), isNotNull(jobs.id)))
      .prepare('registration_submit_work'),
    registered: activeRegistrationOf(db).limit(1).prepare('registration_submit_registered'),
    counters: db
      .select({
        id: campingOptions.id,
        currentRegistrations: campingOptions.currentRegistrations,
        max: campingOptions.maxSignups,
        countedYear: campingOptions.countedYear,
      })
      .from(campingOptions)
      .where(sql`${campingOptions.id} = any(${sql.placeholder('optionIds')}::uuid[])`)
      .unionAll(
        db
          .select({
            id: jobs.id,
            currentRegistrations: jobs.currentRegistrations,
            max: jobs.maxRegistrations,
            countedYear: jobs.countedYear,
          })
          .from(jobs)
          .where(sql`${jobs.id} = any(${sql.placeholder('jobIds')}::uuid[])`),
      )
      .prepare('registration_submit_counters'),
  };
}

export type SubmissionQueries = ReturnType<typeof prepareSubmissionQueries>;

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

/**
 * Registrations matching `where` with their person, jobs, options and payments: four queries however many
 * registrations (the children select by the same condition, so no list of ids grows with the result).
 */
export async function selectRegistrations(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({ registration: registrations, user: userColumns })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(where)
    .orderBy(desc(registrations.year), desc(registrations.createdAt), desc(registrations.id));
  if (rows.length === 0) return { rows, jobRows: [], optionRows: [], paymentRows: [] };
  const matching = db.select({ id: registrations.id }).from(registrations).where(where);
  const [jobRows, optionRows, paymentRows] = await Promise.all([
    db
      .select({
        id: registrationJobs.id,
        registrationId: registrationJobs.registrationId,
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
    db
      .select()
      .from(payments)
      .where(inArray(payments.registrationId, matching))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
  ]);
  return { rows, jobRows, optionRows, paymentRows };
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
    .where(
      and(
        eq(registrations.userId, userId),
        eq(registrations.year, year),
        ne(registrations.status, 'CANCELLED'),
      ),
    )
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
