import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../apps/api/src/db/client';
import * as schema from '../../apps/api/src/db/schema/index';
import { sanitizeAdminHtml } from '../../apps/api/src/lib/html';
import { countersMatchRows, describeMismatch } from '../../apps/api/src/modules/registrations/capacity';
import { writeCamp } from '../../apps/api/test/kit/camp-rows';
import { buildDemoData, DEFAULT_DEMO_SEED, type DemoData } from './demo-data';

/**
 * Writing the demo camp into a database. Only SQL that PostgreSQL and PGlite both accept (TRUNCATE …
 * CASCADE, multi-row INSERT, plain SELECTs) so it runs the same on both.
 */

/** Rows in any of these mean someone already uses the database: the seed will not touch it without --force. */
const GUARDED_TABLES: readonly PgTable[] = [
  schema.users,
  schema.campConfig,
  schema.registrations,
  schema.campingOptions,
  schema.jobCategories,
  schema.shifts,
  schema.jobs,
  schema.payments,
];

export interface TableCount {
  table: string;
  rows: number;
}

export async function countRows(db: DbOrTx, tables: readonly PgTable[]): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of tables) counts.push({ table: getTableName(table), rows: await db.$count(table) });
  return counts;
}

/** The guarded tables that hold rows (empty when the database is fresh). */
export async function findExistingData(db: Db): Promise<TableCount[]> {
  return (await countRows(db, GUARDED_TABLES)).filter((entry) => entry.rows > 0);
}

/** Every table of the API's schema (whatever the lead adds later), not Drizzle's own migrations table. */
export function appTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/** Empties every application table in one statement; CASCADE takes care of the foreign keys. */
export async function wipeAppTables(tx: Tx): Promise<void> {
  const names = appTables().map((table) => `"${getTableName(table)}"`);
  await tx.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} CASCADE`));
}

/** Inserts the rows in foreign-key order. Admin HTML goes through the same sanitizer as the API's save. */
export async function insertDemoData(tx: Tx, data: DemoData): Promise<void> {
  const config = data.campConfig;
  await writeCamp(tx, {
    ...data,
    campConfig: [
      {
        ...config,
        campDescription: sanitizeAdminHtml(config.campDescription ?? ''),
        homePageBlurb: sanitizeAdminHtml(config.homePageBlurb ?? ''),
        registrationTerms: sanitizeAdminHtml(config.registrationTerms ?? ''),
      },
    ],
  });
}

/**
 * The demo camp written in one transaction (on any error nothing changes): the rows of `seed`, the database
 * emptied first when `wipe` is set, then every capacity counter checked against the rows. Used by
 * `npm run seed:demo` and by the e2e tests that run on the demo camp. Answers what was written.
 */
export async function seedDemoCamp(
  db: Db,
  { seed = DEFAULT_DEMO_SEED, wipe = false }: { seed?: number; wipe?: boolean } = {},
): Promise<DemoData> {
  const data = buildDemoData({ seed });
  await db.transaction(async (tx) => {
    if (wipe) await wipeAppTables(tx);
    await insertDemoData(tx, data);
    const { mismatches } = await countersMatchRows(tx, data.year);
    if (mismatches.length > 0)
      throw new Error(
        `Capacity counters do not match the rows:\n  ${mismatches.map(describeMismatch).join('\n  ')}`,
      );
  });
  return data;
}

/** The tables the summary reports, in the order they were filled. */
export const SUMMARY_TABLES: readonly PgTable[] = [
  schema.campConfig,
  schema.users,
  schema.jobCategories,
  schema.shifts,
  schema.jobs,
  schema.campingOptions,
  schema.campingOptionJobCategories,
  schema.campingOptionFields,
  schema.registrations,
  schema.registrationCampingOptions,
  schema.registrationFieldValues,
  schema.registrationJobs,
  schema.payments,
  schema.refunds,
  schema.auditRecords,
];
