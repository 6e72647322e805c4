import type { PGlite } from '@electric-sql/pglite';
import type { Page } from '@playwright/test';
import { planReportCamp, REPORT_YEAR, writeReportCamp } from '../../scripts/bench/report-camp';
import { ADMIN_EMAIL, type Backend } from './fixtures';

// The phone layout of the long reports: a camp of 200 registrations written straight into the test's
// database (the report benchmark's camp), one of its jobs full, and how tall a page is.

export const PHONES_CAMP = { registrations: 200, year: REPORT_YEAR } as const;

/** What the seeded camp holds, for the counts the reports must show. */
export interface PhonesCamp {
  payments: number;
  users: number;
  /** The name of the job made full (as many places as people on it). */
  fullJob: string;
}

/**
 * Writes the report benchmark's camp of 200 registrations (two years, every status, payments and refunds) into
 * the test's database, with ADMIN_EMAIL as its admin, and fills one job of the year to its last place (places
 * are held by PENDING and CONFIRMED registrations only: docs/product.md §10).
 */
export async function seedPhonesCamp({ app, database }: Backend): Promise<PhonesCamp> {
  const plan = planReportCamp({
    registrations: PHONES_CAMP.registrations,
    seed: 22,
    adminEmail: ADMIN_EMAIL,
    staffEmail: 'staff@e2e.test',
  });
  await writeReportCamp(database.db, plan);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const full = await client.query<{ name: string }>(
    `update jobs set max_registrations = taken.count
       from (select l.job_id, count(*)::int as count
               from registration_jobs l join registrations r on r.id = l.registration_id
              where r.year = $1 and r.status in ('PENDING', 'CONFIRMED')
              group by l.job_id order by count(*) desc, l.job_id limit 1) as taken
      where jobs.id = taken.job_id
      returning jobs.name`,
    [plan.year],
  );
  app.services.config.invalidate();
  const fullJob = full.rows[0]?.name;
  if (!fullJob) throw new Error('No job of the year has anybody on it');
  return { payments: plan.expected.payments, users: plan.expected.users, fullJob };
}

/** The page's whole height and the window's (px). */
export async function pageHeight(page: Page): Promise<{ page: number; screens: number }> {
  const [height, viewport] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    window.innerHeight,
  ]);
  return { page: height, screens: Math.round((height / viewport) * 10) / 10 };
}
