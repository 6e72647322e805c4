import type {
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

/** The person's profile columns as every report selects them (alias `u`), named as ReportPerson names them. */
const PROFILE_COLUMNS = sql`u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.playa_name as "playaName", u.role, u.phone, u.city, u.state_province as "stateProvince",
  u.country, u.emergency_contact as "emergencyContact"`;
/** The person as rows of the user report read it. */
const PERSON_COLUMNS = sql`u.id as "userId", ${PROFILE_COLUMNS}`;
/** The person as a ReportPerson's JSON (row_to_json of these columns). */
const PERSON_JSON_COLUMNS = sql`u.id, ${PROFILE_COLUMNS}`;

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

interface UserRow extends PersonRow {
  isEmailVerified: boolean;
  createdAt: Date | string;
  registrationStatus: RegistrationStatus | null;
}

/**
 * The registration report's money, for admins only: what each registration paid (paidCentsSql less SUCCEEDED
 * refunds) and still owes (owedCentsSql: the PENDING payments), one pass per table grouped by
 * registration. Each part begins with its separator, so leaving them all out leaves valid SQL.
 */
const MONEY = {
  ctes: sql`,
        money as (
          select p.registration_id,
            ${paidCentsSql(sql`p`)} as paid,
            ${owedCentsSql(sql`p`)} as outstanding
          from ${payments} p join chosen on chosen.id = p.registration_id
          group by p.registration_id
        ),
        refunded as (
          select p.registration_id, sum(f.amount_cents) as cents
          from ${refunds} f join ${payments} p on p.id = f.payment_id join chosen on chosen.id = p.registration_id
          where f.status = 'SUCCEEDED'
          group by p.registration_id
        )`,
  joins: sql`left join money m on m.registration_id = r.id
          left join refunded rf on rf.registration_id = r.id`,
  columns: sql`,
            (coalesce(m.paid, 0) - coalesce(rf.cents, 0))::float8 / 100 as "paidAmount",
            coalesce(m.outstanding, 0)::float8 / 100 as "outstandingAmount"`,
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
    if (query.year !== undefined) conditions.push(sql`r.year = ${query.year}`);
    if (query.status !== undefined) conditions.push(sql`r.status = ${query.status}`);
    if (query.campingOptionId !== undefined) {
      conditions.push(sql`exists (select 1 from ${registrationCampingOptions} x
        where x.registration_id = r.id and x.camping_option_id = ${query.campingOptionId})`);
    }
    // One pass per link table, grouped by registration and joined to the chosen rows (not a subquery per
    // row); each job's JSON is built once, with its rank in festival day order (the enum's order, docs/product.md §3 Shift). The
    // rows come unsorted with their place (newest registered first): sorting 5.5 MB of JSON text would spill
    // to disk. The aggregates join `registrations` (not the CTE) so the planner's estimates stay sane.
    const [rows, fields, years] = await Promise.all([
      db.execute(sql`
        with chosen as (
          select r.id, row_number() over (order by r.created_at desc, r.id desc) as place
          from ${registrations} r where ${sql.join(conditions, sql` and `)}
        ),
        job_json as materialized (
          select j.id, row_number() over (order by s.day_of_week, s.start_time, j.name, j.id) as rank,
            row_to_json(job) as doc
          from ${jobs} j join ${jobCategories} c on c.id = j.category_id join ${shifts} s on s.id = j.shift_id,
            lateral (select j.id, j.name, j.location, c.name as category, s.name as "shiftName",
              s.day_of_week as "dayOfWeek", to_char(s.start_time, 'HH24:MI') as "startTime",
              to_char(s.end_time, 'HH24:MI') as "endTime") job
        ),
        option_lists as (
          select rco.registration_id, json_agg(item order by co.name, co.id) as list
          from ${registrationCampingOptions} rco join chosen on chosen.id = rco.registration_id
            join ${campingOptions} co on co.id = rco.camping_option_id,
            lateral (select co.id, co.name) item
          group by rco.registration_id
        ),
        job_lists as (
          select rj.registration_id, json_agg(jj.doc order by jj.rank) as list
          from ${registrationJobs} rj join chosen on chosen.id = rj.registration_id
            join job_json jj on jj.id = rj.job_id
          group by rj.registration_id
        ),
        answers as (
          select v.registration_id, json_object_agg(v.field_id, v.value) as doc
          from ${registrationFieldValues} v join chosen on chosen.id = v.registration_id
          group by v.registration_id
        )${options.money ? MONEY.ctes : sql``}
        select chosen.place::int as place, r.status, row_to_json(report_row)::text as doc
        from chosen join ${registrations} r on r.id = chosen.id join ${users} u on u.id = r.user_id
          left join option_lists o on o.registration_id = r.id
          left join job_lists jl on jl.registration_id = r.id
          left join answers a on a.registration_id = r.id
          ${options.money ? MONEY.joins : sql``}
          cross join lateral (select r.id, r.year, r.status,
            to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
            (select person from (select ${PERSON_JSON_COLUMNS}) person) as "user",
            coalesce(o.list, '[]') as "campingOptions",
            coalesce(jl.list, '[]') as jobs,
            coalesce(a.doc, '{}') as "customFields"${options.money ? MONEY.columns : sql``}) report_row`),
      db.execute(sql`
        select f.id, f.display_name as "displayName", f.data_type as "dataType",
          o.id as "campingOptionId", o.name as "campingOptionName"
        from ${campingOptionFields} f join ${campingOptions} o on o.id = f.camping_option_id
        order by o.name, o.id, f.sort_order, f.id`),
      db.execute(sql`select distinct year from ${registrations} order by year desc`),
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
        select ${PERSON_COLUMNS}, u.is_email_verified as "isEmailVerified", u.created_at as "createdAt",
          (select r.status from ${registrations} r
            where r.user_id = u.id and r.year = ${year} and r.status <> 'CANCELLED'
            order by r.created_at limit 1) as "registrationStatus"
        from ${users} u
        ${query.role === undefined ? sql`` : sql`where u.role = ${query.role}`}`),
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
    }));
    const active = all.filter((row) => row.active).length;
    const shown =
      query.status === undefined ? all : all.filter((row) => row.active === (query.status === 'active'));
    return { year, users: shown, counts: { total: all.length, active, inactive: all.length - active } };
  }
}
