import {
  type CampRegistration,
  centsToDollars,
  customFieldStoredValue,
  dayOrder,
  customFieldValueFromStored,
  duesFor,
  isProfileComplete,
  isStaffRole,
  type Registration,
  type RegistrationJob,
  type RegistrationPayment,
  type RegistrationStatus,
  type RegistrationSubmissionValues,
  type RegistrationUser,
  REGISTRATION_MESSAGES,
  registrationAvailability,
  type SubmitRegistrationResponse,
  unknownCustomFieldIds,
  validateCustomFields,
  validateShiftSelection,
} from '@camp/shared';
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
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import { toCampingOptionSummary } from '../camping-options/camping-options.service';
import type { ConfigService } from '../config/config.service';
import { toJobCategoryDto, toShiftSummaryDto } from '../work/work-common';
import { Admission } from './admission';
import { takePlaces } from './capacity';

type RegistrationRow = typeof registrations.$inferSelect;
type CampingOptionRow = typeof campingOptions.$inferSelect;
type JobRow = typeof jobs.$inferSelect;
type JobCategoryRow = typeof jobCategories.$inferSelect;
type ShiftRow = typeof shifts.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type JobWithContext = { job: JobRow; category: JobCategoryRow; shift: ShiftRow };

export interface RegistrationFilters {
  userId?: string | undefined;
  jobId?: string | undefined;
  year?: number | undefined;
}

const ONE_ACTIVE_PER_YEAR = 'registrations_one_active_per_user_year';
const SUBMISSIONS_IN_FLIGHT = 6;

/** The database refused a second active registration of the person for the year (a double submit). */
function isDoubleRegistration(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === ONE_ACTIVE_PER_YEAR)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  playaName: users.playaName,
  email: users.email,
};

function toRegistrationJob(linkId: string, { job, category, shift }: JobWithContext): RegistrationJob {
  return {
    id: linkId,
    job: {
      id: job.id,
      name: job.name,
      location: job.location,
      categoryId: job.categoryId,
      shiftId: job.shiftId,
      shift: toShiftSummaryDto(shift),
      category: toJobCategoryDto(category),
    },
  };
}

function toPaymentDto(row: PaymentRow): RegistrationPayment {
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    provider: row.provider,
    providerRefId: row.providerRefId,
    registrationId: row.registrationId,
  };
}

function toRegistrationDto(
  row: RegistrationRow,
  user: RegistrationUser,
  children: {
    jobs: RegistrationJob[];
    campingOptions: Registration['campingOptions'];
    payments: RegistrationPayment[];
  },
): Registration {
  return {
    id: row.id,
    userId: row.userId,
    year: row.year,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user,
    ...children,
  };
}

/** Festival order of a registration's jobs: day, start time, name. */
function byFestivalOrder(a: JobWithContext, b: JobWithContext): number {
  return (
    dayOrder(a.shift.dayOfWeek) - dayOrder(b.shift.dayOfWeek) ||
    a.shift.startTime.localeCompare(b.shift.startTime) ||
    a.job.name.localeCompare(b.job.name)
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** A place counter as the rows hold it (a camping option's max 0 means unlimited; a job's max is at least 1). */
interface PlaceCounter {
  currentRegistrations: number;
  countedYear: number | null;
  max?: number;
  maxSignups?: number;
  maxRegistrations?: number;
}

/** Full by the counter of this year (a counter of another year says nothing: the transaction recounts). */
function isFullNow(counter: PlaceCounter, year: number): boolean {
  const max = counter.max ?? counter.maxSignups ?? counter.maxRegistrations ?? 0;
  return counter.countedYear === year && max > 0 && counter.currentRegistrations >= max;
}

/** The 409 message for what is full: one text, or a list when several things are. */
function fullMessages(
  options: CampingOptionRow[],
  jobsFull: JobWithContext[],
): string | string[] | undefined {
  const messages = [
    ...options.map((option) => REGISTRATION_MESSAGES.optionFull(option.name)),
    ...jobsFull.map(({ job, shift }) => REGISTRATION_MESSAGES.jobFull(job.name, shift.dayOfWeek)),
  ];
  if (messages.length === 0) return undefined;
  return messages.length === 1 ? (messages[0] as string) : messages;
}

interface NewRegistration {
  userId: string;
  year: number;
  status: RegistrationStatus;
  acceptedTermsAt: Date;
  optionIds: readonly string[];
  storedValues: ReadonlyArray<{ fieldId: string; value: string }>;
  jobIds: readonly string[];
  duesCents: number;
}

interface InsertedRegistration {
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
async function insertRegistration(tx: DbOrTx, values: NewRegistration): Promise<InsertedRegistration> {
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
function prepareSubmissionQueries(db: Db) {
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

export class RegistrationsService {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly config: ConfigService;

  constructor(deps: { db: Db; now: () => Date; config: ConfigService }) {
    this.db = deps.db;
    this.now = deps.now;
    this.config = deps.config;
  }

  private prepared: ReturnType<typeof prepareSubmissionQueries> | undefined;
  /** Submission transactions in flight in this process (see admission.ts); the pool holds 10 connections. */
  private readonly admission = new Admission(SUBMISSIONS_IN_FLIGHT);

  /** Built once: building a Drizzle select costs more CPU than running it (see docs/benchmarks.md). */
  private submissionQueries() {
    this.prepared ??= prepareSubmissionQueries(this.db);
    return this.prepared;
  }

  // ---- Submission (POST /registrations/camp) -----------------------------------------------------------

  /**
   * Registers the caller for the configured year. Every rule of the wizard is checked again here; places are
   * taken in the same transaction as the inserts (capacity.ts), so a full option or job stores nothing.
   */
  async submit(
    caller: CurrentUser,
    input: RegistrationSubmissionValues,
  ): Promise<SubmitRegistrationResponse> {
    const config = await this.config.getPublic();
    const year = config.registrationYear;
    const optionIds = input.campingOptions;
    const jobIds = input.jobs;

    // Two reads: the chosen options with their fields (and whether the caller is already registered), and the
    // chosen jobs with their categories and shifts plus every always-required category.
    const queries = this.submissionQueries();
    const [optionFieldRows, workRows] = await Promise.all([
      queries.options.execute({ optionIds, userId: caller.id, year }),
      queries.work.execute({ jobIds }),
    ]);
    const registered =
      optionFieldRows[0]?.registered ??
      (await queries.registered.execute({ userId: caller.id, year })).length > 0;

    // Who may register, and when (spec §4).
    const availability = registrationAvailability(
      config,
      caller,
      registered ? [{ year, status: 'PENDING' }] : [],
    );
    if (availability.status === 'already-registered') throw conflict(availability.message);
    if (!availability.canRegister) throw forbidden(availability.message);
    if (!isProfileComplete(caller)) throw badRequest(REGISTRATION_MESSAGES.profileIncomplete);

    // What was chosen must exist (staff-only work exists only for staff and admins, as in the catalog).
    const optionById = new Map(optionFieldRows.map((row) => [row.option.id, row.option]));
    const seesStaffOnly = isStaffRole(caller.role);
    const jobById = new Map<string, JobWithContext>();
    for (const { category, job, shift } of workRows) {
      if (job && shift && (seesStaffOnly || !category.staffOnly))
        jobById.set(job.id, { job, category, shift });
    }
    const unknown = [
      ...optionIds.filter((id) => !optionById.has(id)).map(REGISTRATION_MESSAGES.unknownOption),
      ...jobIds.filter((id) => !jobById.has(id)).map(REGISTRATION_MESSAGES.unknownJob),
    ];
    if (unknown.length > 0) throw badRequest(unknown);
    const chosenOptions = optionIds.map((id) => optionById.get(id) as CampingOptionRow);
    const chosenJobs = jobIds.map((id) => jobById.get(id) as JobWithContext);
    const disabled = chosenOptions.filter((option) => !option.enabled);
    if (disabled.length > 0) {
      throw conflict(disabled.map((option) => REGISTRATION_MESSAGES.optionUnavailable(option.name)));
    }

    // The details and shifts steps (spec §5 steps 3 and 4).
    const fieldsOf = groupBy(
      optionFieldRows.flatMap((row) => (row.field ? [row.field] : [])),
      (field) => field.campingOptionId,
    );
    const fields = optionIds.flatMap((id) => fieldsOf.get(id) ?? []);
    const categories = [...new Map(workRows.map((row) => [row.category.id, row.category])).values()];
    const problems = [
      ...unknownCustomFieldIds(fields, input.customFields).map(REGISTRATION_MESSAGES.unknownField),
      ...validateCustomFields(fields, input.customFields),
      ...validateShiftSelection(
        chosenJobs.map(({ job }) => ({ categoryId: job.categoryId })),
        chosenOptions,
        categories,
        caller,
      ),
    ];
    if (problems.length > 0) throw badRequest(problems);

    // Places: refuse at once what is already known to be full; the transaction decides the rest.
    const knownFull = (counters: ReadonlyMap<string, PlaceCounter>) =>
      fullMessages(
        chosenOptions.filter((option) => isFullNow(counters.get(option.id) ?? option, year)),
        chosenJobs.filter(({ job }) => isFullNow(counters.get(job.id) ?? job, year)),
      );
    const fullNow = knownFull(new Map());
    if (fullNow) throw conflict(fullNow);

    const dues = duesFor(
      chosenOptions.map((option) => ({
        participantDues: centsToDollars(option.participantDuesCents),
        staffDues: centsToDollars(option.staffDuesCents),
      })),
      caller.role,
    );
    const status: RegistrationStatus = dues.cents === 0 ? 'CONFIRMED' : 'PENDING';
    const storedValues = fields.flatMap((field) => {
      const value = customFieldStoredValue(field, input.customFields[field.id]);
      return value === null ? [] : [{ fieldId: field.id, value }];
    });

    const created = await this.admission.run(async (waited) => {
      // After a wait in line (a rush), look at the counters again: most of those still waiting are refused
      // here, by one cheap read, instead of by a transaction that inserts and rolls back.
      if (waited) {
        const counters = await queries.counters.execute({ optionIds, jobIds });
        const fullAfterWait = knownFull(new Map(counters.map((counter) => [counter.id, counter])));
        if (fullAfterWait) throw conflict(fullAfterWait);
      }
      return this.db.transaction(async (tx) => {
        let inserted: InsertedRegistration;
        try {
          inserted = await insertRegistration(tx, {
            userId: caller.id,
            year,
            status,
            acceptedTermsAt: this.now(),
            optionIds,
            storedValues,
            jobIds,
            duesCents: dues.cents,
          });
        } catch (error) {
          // The partial unique index is the last word on double submission: the second one waits for the
          // first to finish, then fails here.
          if (isDoubleRegistration(error)) throw conflict(REGISTRATION_MESSAGES.alreadyRegistered(year));
          throw error;
        }
        const full = await takePlaces(tx, year, { campingOptionIds: optionIds, jobIds });
        const refused = fullMessages(
          chosenOptions.filter((option) => full.campingOptionIds.includes(option.id)),
          chosenJobs.filter(({ job }) => full.jobIds.includes(job.id)),
        );
        // Throwing rolls the whole submission back: nothing of it is stored.
        if (refused) throw conflict(refused);
        return inserted;
      });
    });

    const registration: Registration = {
      id: created.id,
      userId: caller.id,
      year,
      status,
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
      user: pickUser(caller),
      jobs: [...chosenJobs]
        .sort(byFestivalOrder)
        .map((entry) => toRegistrationJob(created.jobLinks[entry.job.id] ?? '', entry)),
      campingOptions: [...chosenOptions]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((option) => ({
          id: created.optionLinks[option.id] ?? '',
          campingOption: toCampingOptionSummary(option),
        })),
      payments: created.payment
        ? [
            {
              id: created.payment.id,
              amount: dues.dollars,
              currency: 'USD',
              status: 'PENDING',
              createdAt: created.payment.createdAt,
              provider: 'STRIPE',
              providerRefId: null,
              registrationId: created.id,
            },
          ]
        : [],
    };
    return { jobRegistration: { id: registration.id, status, year }, registration };
  }

  // ---- Reads -------------------------------------------------------------------------------------------

  /** GET /registrations/me: the caller's own registrations, newest year first; one year with ?year. */
  async listForUser(userId: string, year?: number): Promise<Registration[]> {
    return this.load(
      and(eq(registrations.userId, userId), year === undefined ? undefined : eq(registrations.year, year)),
    );
  }

  /** GET /registrations (staff and admins): everyone's, optionally of one person, job or year. */
  async list(filters: RegistrationFilters): Promise<Registration[]> {
    const conditions: SQL[] = [];
    if (filters.userId) conditions.push(eq(registrations.userId, filters.userId));
    if (filters.year !== undefined) conditions.push(eq(registrations.year, filters.year));
    if (filters.jobId) {
      conditions.push(
        exists(
          this.db
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
    return this.load(conditions.length > 0 ? and(...conditions) : undefined);
  }

  /**
   * GET /registrations/camp/me: the camp registration of spec §3 (options and custom field answers) of the
   * caller's current registration: the first active one of the configured year.
   */
  async campRegistration(userId: string): Promise<CampRegistration> {
    const year = (await this.config.getPublic()).registrationYear;
    const [current] = await this.db
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
    if (!current)
      return { registrationId: null, year, status: null, campingOptions: [], customFieldValues: [] };
    const [optionRows, valueRows] = await Promise.all([
      this.db
        .select({ id: registrationCampingOptions.id, option: campingOptions })
        .from(registrationCampingOptions)
        .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
        .where(eq(registrationCampingOptions.registrationId, current.id))
        .orderBy(asc(campingOptions.name), asc(campingOptions.id)),
      this.db
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
    return {
      registrationId: current.id,
      year,
      status: current.status,
      campingOptions: optionRows.map((row) => ({
        id: row.id,
        campingOption: toCampingOptionSummary(row.option),
      })),
      customFieldValues: valueRows.map(({ value, field }) => ({
        id: value.id,
        fieldId: field.id,
        value: customFieldValueFromStored(field.dataType, value.value),
        field: {
          id: field.id,
          displayName: field.displayName,
          dataType: field.dataType,
          campingOptionId: field.campingOptionId,
          order: field.sortOrder,
        },
      })),
    };
  }

  /**
   * Registrations matching `where` with their person, jobs, options and payments: four queries however many
   * registrations (the children select by the same condition, so no list of ids grows with the result).
   */
  private async load(where: SQL | undefined): Promise<Registration[]> {
    const rows = await this.db
      .select({ registration: registrations, user: userColumns })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(where)
      .orderBy(desc(registrations.year), desc(registrations.createdAt), desc(registrations.id));
    if (rows.length === 0) return [];
    const matching = this.db.select({ id: registrations.id }).from(registrations).where(where);
    const [jobRows, optionRows, paymentRows] = await Promise.all([
      this.db
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
      this.db
        .select({
          id: registrationCampingOptions.id,
          registrationId: registrationCampingOptions.registrationId,
          option: campingOptions,
        })
        .from(registrationCampingOptions)
        .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
        .where(inArray(registrationCampingOptions.registrationId, matching))
        .orderBy(asc(campingOptions.name), asc(registrationCampingOptions.id)),
      this.db
        .select()
        .from(payments)
        .where(inArray(payments.registrationId, matching))
        .orderBy(asc(payments.createdAt), asc(payments.id)),
    ]);
    const jobsOf = groupBy(jobRows, (row) => row.registrationId);
    const optionsOf = groupBy(optionRows, (row) => row.registrationId);
    const paymentsOf = groupBy(paymentRows, (row) => row.registrationId ?? '');
    return rows.map(({ registration, user }) =>
      toRegistrationDto(registration, user, {
        jobs: (jobsOf.get(registration.id) ?? []).map((row) => toRegistrationJob(row.id, row)),
        campingOptions: (optionsOf.get(registration.id) ?? []).map((row) => ({
          id: row.id,
          campingOption: toCampingOptionSummary(row.option),
        })),
        payments: (paymentsOf.get(registration.id) ?? []).map(toPaymentDto),
      }),
    );
  }
}

function pickUser(user: CurrentUser): RegistrationUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    playaName: user.playaName,
    email: user.email,
  };
}
