import type {
  Attendance,
  RegistrationReport,
  RegistrationReportCounts,
  RegistrationReportQueryValues,
  RegistrationStatus,
  ReportField,
  ReportPerson,
  Role,
  UserReport,
  UserReportQueryValues,
} from '@camp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw';
import {
  campingOptionFields,
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
import { owedCentsSql, paidCentsSql } from '../payments/owed';

/** The person's profile columns as every report selects them, named as ReportPerson names them. */
const PROFILE_COLUMNS = sql`${users.email} as "email", ${users.firstName} as "firstName",
  ${users.lastName} as "lastName", ${users.playaName} as "playaName", ${users.role} as "role",
  ${users.phone} as "phone", ${users.city} as "city", ${users.stateProvince} as "stateProvince",
  ${users.country} as "country", ${users.emergencyContact} as "emergencyContact"`;
/** The person as rows of the user report read it. */
const PERSON_COLUMNS = sql`${users.id} as "userId", ${PROFILE_COLUMNS}`;
/** The person as a ReportPerson's JSON (row_to_json of these columns). */
const PERSON_JSON_COLUMNS = sql`${users.id} as "id", ${PROFILE_COLUMNS}`;

interface PersonRow {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  playaName: string | null;
  role: Role;
  phone: string | null;
  city: string | null;
  stateProvince: string | null;
  country: string | null;
  emergencyContact: string | null;
}

function personOf(row: PersonRow): ReportPerson {
  return {
    id: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    playaName: row.playaName,
    role: row.role,
    phone: row.phone,
    city: row.city,
    stateProvince: row.stateProvince,
    country: row.country,
    emergencyContact: row.emergencyContact,
  };
}

/**
 * A person's check-in marks of one kind on their registrations of the year that are not cancelled (docs/product.md §11
 * Check-in): only that year's attendance counts.
 */
const attendanceCount = (year: number, attendance: Attendance) => sql`(
  select count(*)::int from ${registrationJobs}
    join ${registrations} on ${registrations.id} = ${registrationJobs.registrationId}
  where ${registrations.userId} = ${users.id} and ${registrations.year} = ${year}
    and ${registrations.status} <> 'CANCELLED' and ${registrationJobs.attendance} = ${attendance})`;

interface UserRow extends PersonRow {
  isEmailVerified: boolean;
  createdAt: Date | string;
  registrationStatus: RegistrationStatus | null;
  shows: number | string;
  noShows: number | string;
}

/**
 * The registration report's money, for admins only: what each registration paid (paidCentsSql less SUCCEEDED
 * refunds) and still owes (owedCentsSql: the PENDING payments), one pass per table grouped by
 * registration. Each part begins with its separator, so leaving them all out leaves valid SQL.
 */
const MONEY = {
  ctes: sql`,
        money as (
          select ${payments.registrationId} as registration_id,
            ${paidCentsSql(payments)} as paid,
            ${owedCentsSql(payments)} as outstanding
          from ${payments} join chosen on chosen.id = ${payments.registrationId}
          group by ${payments.registrationId}
        ),
        refunded as (
          select ${payments.registrationId} as registration_id, sum(${refunds.amountCents}) as cents
          from ${refunds} join ${payments} on ${payments.id} = ${refunds.paymentId}
            join chosen on chosen.id = ${payments.registrationId}
          where ${refunds.status} = 'SUCCEEDED'
          group by ${payments.registrationId}
        )`,
  joins: sql`left join money on money.registration_id = ${registrations.id}
          left join refunded on refunded.registration_id = ${registrations.id}`,
  columns: sql`,
            (coalesce(money.paid, 0) - coalesce(refunded.cents, 0))::float8 / 100 as "paidAmount",
            coalesce(money.outstanding, 0)::float8 / 100 as "outstandingAmount"`,
};

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The reports of docs/product.md §2 (decision 019): each one statement for its rows, whatever the camp's size — the
 * registrations' options, jobs, answers and money are aggregated once per link table (grouped by
 * registration) and joined to the chosen registrations, so there is no query per row.
 */
export class ReportsService {
  constructor(private readonly deps: { db: Db; registrationYear: () => Promise<number> }) {}

  /**
   * GET /reports/registrations, as the JSON text of a RegistrationReport (decision 024). PostgreSQL writes each
   * row's JSON (row_to_json, keys as the schema names them) and the server only joins the rows in order and
   * adds the counts, fields and years: 5,000 rows are 5.5 MB of JSON, and parsing them into objects, checking
   * them with zod and writing them out again took the server ≈ 170 ms. Three statements: the rows, the custom
   * fields, the years. Without `money` (a staff reader) the rows have no paidAmount or outstandingAmount and
   * the payments are not read at all.
   */
  async registrationsJson(
    query: RegistrationReportQueryValues,
    options: { money: boolean },
  ): Promise<string> {
    const db = this.deps.db;
    const conditions: SQL[] = [sql`true`];
    if (query.year !== undefined) conditions.push(sql`${registrations.year} = ${query.year}`);
    if (query.status !== undefined) conditions.push(sql`${registrations.status} = ${query.status}`);
    if (query.campingOptionId !== undefined) {
      conditions.push(sql`exists (select 1 from ${registrationCampingOptions}
        where ${registrationCampingOptions.registrationId} = ${registrations.id}
          and ${registrationCampingOptions.campingOptionId} = ${query.campingOptionId})`);
    }
    // One pass per link table, grouped by registration and joined to the chosen rows (not a subquery per
    // row); each job's JSON is built once, with its rank in festival day order (the enum's order, docs/product.md §3 Shift). The
    // rows come unsorted with their place (newest registered first): sorting 5.5 MB of JSON text would spill
    // to disk. The aggregates join `registrations` (not the CTE) so the planner's estimates stay sane. Tables
    // are not aliased, so every column is named through the schema (decision 042); the CTEs' own columns and
    // the JSON keys are named by hand.
    const [rows, fields, years] = await Promise.all([
      db.execute(sql`
        with chosen as (
          select ${registrations.id} as id,
            row_number() over (order by ${registrations.createdAt} desc, ${registrations.id} desc) as place
          from ${registrations} where ${sql.join(conditions, sql` and `)}
        ),
        job_json as materialized (
          select ${jobs.id} as id,
            row_number() over (
              order by ${shifts.dayOfWeek}, ${shifts.dayOffset}, ${shifts.startTime}, ${jobs.name},
                ${jobs.id}) as rank,
            row_to_json(job) as doc
          from ${jobs} join ${jobCategories} on ${jobCategories.id} = ${jobs.categoryId}
            join ${shifts} on ${shifts.id} = ${jobs.shiftId},
            lateral (select ${jobs.id} as "id", ${jobs.name} as "name", ${jobs.location} as "location",
              ${jobCategories.name} as "category", ${shifts.name} as "shiftName",
              ${shifts.dayOfWeek} as "dayOfWeek", ${shifts.dayOffset} as "dayOffset",
              to_char(${shifts.startTime}, 'HH24:MI') as "startTime",
              to_char(${shifts.endTime}, 'HH24:MI') as "endTime") job
        ),
        option_lists as (
          select ${registrationCampingOptions.registrationId} as registration_id,
            json_agg(item order by ${campingOptions.name}, ${campingOptions.id}) as list
          from ${registrationCampingOptions}
            join chosen on chosen.id = ${registrationCampingOptions.registrationId}
            join ${campingOptions} on ${campingOptions.id} = ${registrationCampingOptions.campingOptionId},
            lateral (select ${campingOptions.id} as "id", ${campingOptions.name} as "name") item
          group by ${registrationCampingOptions.registrationId}
        ),
        job_lists as (
          select ${registrationJobs.registrationId} as registration_id,
            json_agg(job_json.doc order by job_json.rank) as list
          from ${registrationJobs} join chosen on chosen.id = ${registrationJobs.registrationId}
            join job_json on job_json.id = ${registrationJobs.jobId}
          group by ${registrationJobs.registrationId}
        ),
        answers as (
          select ${registrationFieldValues.registrationId} as registration_id,
            json_object_agg(${registrationFieldValues.fieldId}, ${registrationFieldValues.value}) as doc
          from ${registrationFieldValues} join chosen on chosen.id = ${registrationFieldValues.registrationId}
          group by ${registrationFieldValues.registrationId}
        )${options.money ? MONEY.ctes : sql``}
        select chosen.place::int as place, ${registrations.status} as status,
          row_to_json(report_row)::text as doc
        from chosen join ${registrations} on ${registrations.id} = chosen.id
          join ${users} on ${users.id} = ${registrations.userId}
          left join option_lists on option_lists.registration_id = ${registrations.id}
          left join job_lists on job_lists.registration_id = ${registrations.id}
          left join answers on answers.registration_id = ${registrations.id}
          ${options.money ? MONEY.joins : sql``}
          cross join lateral (select ${registrations.id} as "id", ${registrations.year} as "year",
            ${registrations.status} as "status",
            to_char(${registrations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
            (select person from (select ${PERSON_JSON_COLUMNS}) person) as "user",
            coalesce(option_lists.list, '[]') as "campingOptions",
            coalesce(job_lists.list, '[]') as "jobs",
            coalesce(answers.doc, '{}') as "customFields"${options.money ? MONEY.columns : sql``}) report_row`),
      db.execute(sql`
        select ${campingOptionFields.id} as "id", ${campingOptionFields.displayName} as "displayName",
          ${campingOptionFields.dataType} as "dataType", ${campingOptions.id} as "campingOptionId",
          ${campingOptions.name} as "campingOptionName"
        from ${campingOptionFields}
          join ${campingOptions} on ${campingOptions.id} = ${campingOptionFields.campingOptionId}
        order by ${campingOptions.name}, ${campingOptions.id}, ${campingOptionFields.sortOrder},
          ${campingOptionFields.id}`),
      db.execute(sql`
        select distinct ${registrations.year} as year from ${registrations} order by year desc`),
    ]);

    const counts: RegistrationReportCounts = {
      total: 0,
      confirmed: 0,
      pending: 0,
      waitlisted: 0,
      cancelled: 0,
    };
    const docs: string[] = [];
    for (const row of rowsOf<{ place: number; status: RegistrationStatus; doc: string }>(rows)) {
      docs[Number(row.place) - 1] = row.doc;
      counts[row.status.toLowerCase() as Lowercase<RegistrationStatus>] += 1;
    }
    counts.total = docs.length;
    const report: Omit<RegistrationReport, 'registrations'> = {
      counts,
      fields: rowsOf<ReportField>(fields),
      years: rowsOf<{ year: number }>(years).map((row) => Number(row.year)),
    };
    return `{"registrations":[${docs.join(',')}],${JSON.stringify(report).slice(1)}`;
  }

  /** GET /reports/users: one statement; everyone, with their registration of the year (not cancelled). */
  async users(query: UserReportQueryValues): Promise<UserReport> {
    const year = query.year ?? (await this.deps.registrationYear());
    const rows = rowsOf<UserRow>(
      await this.deps.db.execute(sql`
        select ${PERSON_COLUMNS}, ${users.isEmailVerified} as "isEmailVerified",
          ${users.createdAt} as "createdAt",
          (select ${registrations.status} from ${registrations}
            where ${registrations.userId} = ${users.id} and ${registrations.year} = ${year}
              and ${registrations.status} <> 'CANCELLED'
            order by ${registrations.createdAt} limit 1) as "registrationStatus",
          ${attendanceCount(year, 'SHOWED')} as "shows", ${attendanceCount(year, 'NO_SHOW')} as "noShows"
        from ${users}
        ${query.role === undefined ? sql`` : sql`where ${users.role} = ${query.role}`}`),
    );
    // By name as people read it (accents beside their letter, whatever the database's collation).
    const key = (row: UserRow) => [row.lastName ?? '', row.firstName ?? '', row.email, row.userId];
    rows.sort((a, b) => {
      const [left, right] = [key(a), key(b)];
      for (let index = 0; index < left.length; index += 1) {
        const order = byName.compare(left[index] as string, right[index] as string);
        if (order !== 0) return order;
      }
      return 0;
    });
    const all = rows.map((row) => ({
      ...personOf(row),
      isEmailVerified: row.isEmailVerified,
      createdAt: iso(row.createdAt),
      registrationStatus: row.registrationStatus,
      active: row.registrationStatus !== null,
      shows: Number(row.shows),
      noShows: Number(row.noShows),
    }));
    const active = all.filter((row) => row.active).length;
    const shown = all.filter(
      (row) =>
        (query.status === undefined || row.active === (query.status === 'active')) &&
        (query.hasNoShows === undefined || row.noShows > 0 === query.hasNoShows),
    );
    return { year, users: shown, counts: { total: all.length, active, inactive: all.length - active } };
  }
}
