import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { holdsPlaces, type PaymentStatus, type RegistrationStatus, type Role } from '@camp/shared';
import type { DbOrTx } from '../../src/db/client';
import * as schema from '../../src/db/schema/index';

// A camp as plain rows, typed on the Drizzle schema (decision 043): the demo seed, the report benchmark's camp
// and the e2e tests that write a camp straight into their database build these rows and write them with
// writeCamp. A column is never retyped here: a row is the table's `$inferInsert`, with the columns the
// builders always set made required.

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type WithId<T> = T & { id: string };

export type CampConfigRow = WithId<Insert<typeof schema.campConfig>>;
export type UserRow = WithId<Insert<typeof schema.users>> & { email: string; role: Role; createdAt: Date };
export type JobCategoryRow = WithId<Insert<typeof schema.jobCategories>> & {
  staffOnly: boolean;
  alwaysRequired: boolean;
};
export type ShiftRow = WithId<Insert<typeof schema.shifts>>;
export type JobRow = WithId<Insert<typeof schema.jobs>> & {
  maxRegistrations: number;
  currentRegistrations: number;
};
export type CampingOptionRow = WithId<Insert<typeof schema.campingOptions>> & {
  workShiftsRequired: number;
  participantDuesCents: number;
  staffDuesCents: number;
  maxSignups: number;
  currentRegistrations: number;
};
export type CampingOptionJobCategoryRow = Insert<typeof schema.campingOptionJobCategories>;
export type CampingOptionFieldRow = WithId<Insert<typeof schema.campingOptionFields>> & {
  dataType: NonNullable<Insert<typeof schema.campingOptionFields>['dataType']>;
  required: boolean;
  sortOrder: number;
};
export type RegistrationRow = WithId<Insert<typeof schema.registrations>> & {
  status: RegistrationStatus;
  createdAt: Date;
};
export type RegistrationCampingOptionRow = WithId<Insert<typeof schema.registrationCampingOptions>>;
export type RegistrationFieldValueRow = WithId<Insert<typeof schema.registrationFieldValues>>;
export type RegistrationJobRow = WithId<Insert<typeof schema.registrationJobs>>;
export type PaymentRow = WithId<Insert<typeof schema.payments>> & {
  amountCents: number;
  status: PaymentStatus;
};
export type RefundRow = WithId<Insert<typeof schema.refunds>>;
export type AuditRecordRow = WithId<Insert<typeof schema.auditRecords>>;

/** Every table of a camp, in foreign-key order (the order writeCamp inserts them in). */
export interface CampRows {
  users: UserRow[];
  campConfig: CampConfigRow[];
  jobCategories: JobCategoryRow[];
  shifts: ShiftRow[];
  jobs: JobRow[];
  campingOptions: CampingOptionRow[];
  campingOptionJobCategories: CampingOptionJobCategoryRow[];
  campingOptionFields: CampingOptionFieldRow[];
  registrations: RegistrationRow[];
  registrationCampingOptions: RegistrationCampingOptionRow[];
  registrationFieldValues: RegistrationFieldValueRow[];
  registrationJobs: RegistrationJobRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  auditRecords: AuditRecordRow[];
}

/** The table of each list. */
const TABLES = {
  users: schema.users,
  campConfig: schema.campConfig,
  jobCategories: schema.jobCategories,
  shifts: schema.shifts,
  jobs: schema.jobs,
  campingOptions: schema.campingOptions,
  campingOptionJobCategories: schema.campingOptionJobCategories,
  campingOptionFields: schema.campingOptionFields,
  registrations: schema.registrations,
  registrationCampingOptions: schema.registrationCampingOptions,
  registrationFieldValues: schema.registrationFieldValues,
  registrationJobs: schema.registrationJobs,
  payments: schema.payments,
  refunds: schema.refunds,
  auditRecords: schema.auditRecords,
} satisfies { [K in keyof CampRows]: PgTable };

/** The lists whose rows are not their table's insert: none, or this file does not compile. */
type Misfits = {
  [K in keyof CampRows]: CampRows[K][number] extends (typeof TABLES)[K]['$inferInsert'] ? never : K;
}[keyof CampRows];
const everyRowFits: [Misfits] extends [never] ? true : Misfits = true;
void everyRowFits;

/** A camp without a row. */
export function emptyCamp(): CampRows {
  return {
    users: [],
    campConfig: [],
    jobCategories: [],
    shifts: [],
    jobs: [],
    campingOptions: [],
    campingOptionJobCategories: [],
    campingOptionFields: [],
    registrations: [],
    registrationCampingOptions: [],
    registrationFieldValues: [],
    registrationJobs: [],
    payments: [],
    refunds: [],
    auditRecords: [],
  };
}

/** What a registration holds: its options, its jobs and its answers to the options' custom fields. */
export interface Holdings {
  campingOptionIds?: readonly string[];
  jobIds?: readonly string[];
  /** Field id → answer, in the order they were given. */
  fieldValues?: ReadonlyArray<readonly [fieldId: string, value: string | null]>;
}

/**
 * Adds a registration and the rows of what it holds, as the registration module leaves them (one row per
 * option, job and answer). The counters are not touched: countPlaces makes them equal to the rows.
 */
export function addRegistration(
  camp: Pick<
    CampRows,
    'registrations' | 'registrationCampingOptions' | 'registrationJobs' | 'registrationFieldValues'
  >,
  registration: RegistrationRow,
  holdings: Holdings = {},
  newId: () => string = randomUUID,
): RegistrationRow {
  const registrationId = registration.id;
  camp.registrations.push(registration);
  for (const campingOptionId of holdings.campingOptionIds ?? []) {
    camp.registrationCampingOptions.push({ id: newId(), registrationId, campingOptionId });
  }
  for (const [fieldId, value] of holdings.fieldValues ?? []) {
    camp.registrationFieldValues.push({ id: newId(), registrationId, fieldId, value });
  }
  for (const jobId of holdings.jobIds ?? []) {
    camp.registrationJobs.push({ id: newId(), registrationId, jobId });
  }
  return registration;
}

/**
 * Keeps the place counters in step with the rows: every option and job counts `year`, and its counter is the
 * number of its links from registrations of that year that hold a place (PENDING or CONFIRMED; a WAITLISTED
 * one holds none, and the kit writes no offers: docs/product.md §10; docs/architecture.md §4b).
 */
export function countPlaces(
  camp: Pick<
    CampRows,
    'registrations' | 'campingOptions' | 'jobs' | 'registrationCampingOptions' | 'registrationJobs'
  >,
  year: number,
): void {
  const holding = new Set(
    camp.registrations
      .filter((registration) => registration.year === year && holdsPlaces(registration.status))
      .map((registration) => registration.id),
  );
  const tally = <L extends { registrationId: string }>(links: readonly L[], key: (link: L) => string) => {
    const counts = new Map<string, number>();
    for (const link of links) {
      if (holding.has(link.registrationId)) counts.set(key(link), (counts.get(key(link)) ?? 0) + 1);
    }
    return counts;
  };
  const optionCounts = tally(camp.registrationCampingOptions, (link) => link.campingOptionId);
  const jobCounts = tally(camp.registrationJobs, (link) => link.jobId);
  for (const option of camp.campingOptions) {
    option.countedYear = year;
    option.currentRegistrations = optionCounts.get(option.id) ?? 0;
  }
  for (const job of camp.jobs) {
    job.countedYear = year;
    job.currentRegistrations = jobCounts.get(job.id) ?? 0;
  }
}

/** Rows a statement: one JSON parameter carries them, so only its size limits them. */
const ROWS_PER_STATEMENT = 5000;

/**
 * One table's rows in INSERT … SELECT FROM jsonb_to_recordset($1) statements: a camp of thousands of
 * registrations takes seconds, where bound parameters row by row took about twice as long. The column names
 * and SQL types come from the Drizzle table, each value goes through its column's own driver mapping, and rows
 * are grouped by the columns they set, so a column a row leaves out keeps its database default.
 */
async function insertRows(db: DbOrTx, table: PgTable, rows: readonly object[]): Promise<void> {
  const columns = Object.entries(getTableColumns(table));
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const row of rows as Array<Record<string, unknown>>) {
    const set = columns.filter(([key]) => row[key] !== undefined).map(([key]) => key);
    const group = groups.get(set.join()) ?? [];
    group.push(row);
    groups.set(set.join(), group);
  }
  for (const [keys, group] of groups) {
    const used = columns.filter(([key]) => keys.split(',').includes(key));
    const names = used.map(([, column]) => `"${column.name}"`).join(', ');
    const definition = used.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', ');
    const record = (row: Record<string, unknown>) =>
      Object.fromEntries(
        used.map(([key, column]) => {
          const value = row[key];
          // A jsonb column's value is already JSON in the record; anything else in the driver's form.
          const driven =
            value === null || column.columnType === 'PgJsonb' ? value : column.mapToDriverValue(value);
          return [column.name, driven];
        }),
      );
    for (let start = 0; start < group.length; start += ROWS_PER_STATEMENT) {
      const records = JSON.stringify(group.slice(start, start + ROWS_PER_STATEMENT).map(record));
      await db.execute(
        sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${records}::jsonb) as t(${sql.raw(definition)})`,
      );
    }
  }
}

/**
 * Inserts the camp's rows in foreign-key order (only SQL PostgreSQL and PGlite both accept). Run it in a
 * transaction to have all or nothing. Answers the rows written per table (by SQL name).
 */
export async function writeCamp(db: DbOrTx, camp: Partial<CampRows>): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  for (const key of Object.keys(TABLES) as Array<keyof CampRows>) {
    const table: PgTable = TABLES[key];
    const rows = camp[key] ?? [];
    await insertRows(db, table, rows);
    written[getTableName(table)] = rows.length;
  }
  // Line keys written here come before any a person joining later draws (docs/product.md §10); the shift lines
  // draw from the same sequence (decision 052), so their keys are never handed out again either.
  await db.execute(sql`select setval('waitlist_line_seq', t.top) from (select greatest(
      (select max(${schema.registrations.lineKey}) from ${schema.registrations}),
      (select max(${schema.shiftWaits.lineKey}) from ${schema.shiftWaits})) as top) t where t.top is not null`);
  return written;
}
