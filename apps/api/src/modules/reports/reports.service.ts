import type {
  RegistrationReport,
  RegistrationReportQueryValues,
  RegistrationReportRow,
  RegistrationStatus,
  ReportField,
  ReportJob,
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

/** The person's columns as every report selects them (alias `u`). */
const PERSON_COLUMNS = sql`u.id as "userId", u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.playa_name as "playaName", u.role, u.phone, u.city, u.state_province as "stateProvince",
  u.country, u.emergency_contact as "emergencyContact"`;

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

interface RegistrationRow extends PersonRow {
  id: string;
  year: number;
  status: RegistrationStatus;
  createdAt: Date | string;
  campingOptions: Array<{ id: string; name: string }>;
  jobs: ReportJob[];
  customFields: Record<string, string | null>;
  paidCents: number | string;
  outstandingCents: number | string;
}

interface UserRow extends PersonRow {
  isEmailVerified: boolean;
  createdAt: Date | string;
  registrationStatus: RegistrationStatus | null;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const iso = (value: Date | string) => new Date(value).toISOString();
const dollars = (cents: number | string) => Number(cents) / 100;
/** A json(b) column: node-postgres parses it, PGlite too; a string is parsed here to be sure. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The reports of spec §2 (decision 019): each one statement for its rows, whatever the camp's size — the
 * registrations' options, jobs, answers and money are aggregated once per link table (grouped by
 * registration) and joined to the chosen registrations, so there is no query per row.
 */
export class ReportsService {
  constructor(private readonly deps: { db: Db; registrationYear: () => Promise<number> }) {}

  /** GET /reports/registrations. Three statements: the rows, the custom fields, the years. */
  async registrations(query: RegistrationReportQueryValues): Promise<RegistrationReport> {
    const db = this.deps.db;
    const conditions: SQL[] = [sql`true`];
    if (query.year !== undefined) conditions.push(sql`r.year = ${query.year}`);
    if (query.status !== undefined) conditions.push(sql`r.status = ${query.status}`);
    if (query.campingOptionId !== undefined) {
      conditions.push(sql`exists (select 1 from ${registrationCampingOptions} x
        where x.registration_id = r.id and x.camping_option_id = ${query.campingOptionId})`);
    }
    // One pass per link table, grouped by registration and joined to the chosen rows (not a subquery per
    // row); each job's JSON is built once. Day order is the enum's order (spec §3).
    const rows = rowsOf<RegistrationRow>(
      await db.execute(sql`
        with chosen as (
          select r.id from ${registrations} r where ${sql.join(conditions, sql` and `)}
        ),
        job_json as (
          select j.id, s.day_of_week, s.start_time, j.name,
            json_build_object('id', j.id, 'name', j.name, 'location', j.location, 'category', c.name,
              'shiftName', s.name, 'dayOfWeek', s.day_of_week,
              'startTime', to_char(s.start_time, 'HH24:MI'), 'endTime', to_char(s.end_time, 'HH24:MI')) as doc
          from ${jobs} j join ${jobCategories} c on c.id = j.category_id join ${shifts} s on s.id = j.shift_id
        ),
        option_lists as (
          select rco.registration_id,
            json_agg(json_build_object('id', co.id, 'name', co.name) order by co.name, co.id) as list
          from ${registrationCampingOptions} rco join chosen on chosen.id = rco.registration_id
            join ${campingOptions} co on co.id = rco.camping_option_id
          group by rco.registration_id
        ),
        job_lists as (
          select rj.registration_id,
            json_agg(jj.doc order by jj.day_of_week, jj.start_time, jj.name, jj.id) as list
          from ${registrationJobs} rj join chosen on chosen.id = rj.registration_id
            join job_json jj on jj.id = rj.job_id
          group by rj.registration_id
        ),
        answers as (
          select v.registration_id, json_object_agg(v.field_id, v.value) as doc
          from ${registrationFieldValues} v join chosen on chosen.id = v.registration_id
          group by v.registration_id
        ),
        money as (
          select p.registration_id,
            coalesce(sum(p.amount_cents) filter (where p.status in ('COMPLETED', 'REFUNDED')), 0) as paid,
            coalesce(sum(p.amount_cents) filter (where p.status = 'PENDING'), 0) as outstanding
          from ${payments} p join chosen on chosen.id = p.registration_id
          group by p.registration_id
        ),
        refunded as (
          select p.registration_id, sum(f.amount_cents) as cents
          from ${refunds} f join ${payments} p on p.id = f.payment_id join chosen on chosen.id = p.registration_id
          where f.status = 'SUCCEEDED'
          group by p.registration_id
        )
        select r.id, r.year, r.status, r.created_at as "createdAt", ${PERSON_COLUMNS},
          coalesce(o.list, '[]') as "campingOptions",
          coalesce(jl.list, '[]') as jobs,
          coalesce(a.doc, '{}') as "customFields",
          coalesce(m.paid, 0) - coalesce(rf.cents, 0) as "paidCents",
          coalesce(m.outstanding, 0) as "outstandingCents"
        from chosen join ${registrations} r on r.id = chosen.id join ${users} u on u.id = r.user_id
          left join option_lists o on o.registration_id = r.id
          left join job_lists jl on jl.registration_id = r.id
          left join answers a on a.registration_id = r.id
          left join money m on m.registration_id = r.id
          left join refunded rf on rf.registration_id = r.id
        order by r.created_at desc, r.id desc`),
    );
    const fields = rowsOf<ReportField>(
      await db.execute(sql`
        select f.id, f.display_name as "displayName", f.data_type as "dataType",
          o.id as "campingOptionId", o.name as "campingOptionName"
        from ${campingOptionFields} f join ${campingOptions} o on o.id = f.camping_option_id
        order by o.name, o.id, f.sort_order, f.id`),
    );
    const years = rowsOf<{ year: number }>(
      await db.execute(sql`select distinct year from ${registrations} order by year desc`),
    ).map((row) => Number(row.year));

    const counts = { total: rows.length, confirmed: 0, pending: 0, waitlisted: 0, cancelled: 0 };
    const list = rows.map((row): RegistrationReportRow => {
      counts[row.status.toLowerCase() as Lowercase<RegistrationStatus>] += 1;
      return {
        id: row.id,
        year: Number(row.year),
        status: row.status,
        createdAt: iso(row.createdAt),
        user: personOf(row),
        campingOptions: json(row.campingOptions),
        jobs: json(row.jobs),
        customFields: json(row.customFields),
        paidAmount: dollars(row.paidCents),
        outstandingAmount: dollars(row.outstandingCents),
      };
    });
    return { registrations: list, counts, fields, years };
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
