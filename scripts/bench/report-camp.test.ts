import { holdsPlaces } from '@camp/shared';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../../apps/api/src/db/client';
import { counterDrift, planReportCamp, REPORT_YEAR, writeReportCamp } from './report-camp';

const plan = planReportCamp({
  registrations: 1000,
  seed: 3,
  adminEmail: 'admin@example.org',
  staffEmail: 'staff@example.org',
});
const { tables, expected } = plan;
const countBy = <Row>(rows: readonly Row[], key: (row: Row) => string) => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

describe('the report camp', () => {
  it('has the asked registrations over two years, every status, and everyone with a full profile', () => {
    expect(tables.registrations).toHaveLength(1000);
    expect(new Set(tables.registrations.map((row) => row.year))).toEqual(
      new Set([REPORT_YEAR, REPORT_YEAR - 1]),
    );
    expect(new Set(tables.registrations.map((row) => row.status))).toEqual(
      new Set(['PENDING', 'CONFIRMED', 'WAITLISTED', 'CANCELLED']),
    );
    expect(expected.users).toBeGreaterThanOrEqual(1000);
    expect(tables.users.every((user) => user.firstName && user.lastName && user.phone && user.city)).toBe(
      true,
    );
    expect(new Set(tables.users.map((user) => user.email)).size).toBe(tables.users.length);
    const ofYear = tables.registrations.filter((row) => row.year === REPORT_YEAR);
    expect(ofYear).toHaveLength(expected.registrationsOfYear);
    expect(Object.values(expected.byStatusOfYear).reduce((a, b) => a + b, 0)).toBe(ofYear.length);
  });

  it('keeps one registration per person and year that is not cancelled, and cancelledAt with CANCELLED', () => {
    const active = tables.registrations.filter((row) => row.status !== 'CANCELLED');
    const pairs = new Set(active.map((row) => `${row.userId} ${row.year}`));
    expect(pairs.size).toBe(active.length);
    expect(
      tables.registrations.every((row) => (row.status === 'CANCELLED') === (row.cancelledAt !== null)),
    ).toBe(true);
  });

  it('has the structure of a real camp', () => {
    expect(tables.campingOptions).toHaveLength(6);
    expect(tables.jobCategories).toHaveLength(8);
    expect(tables.shifts).toHaveLength(40);
    expect(new Set(tables.shifts.map((shift) => shift.dayOfWeek)).size).toBe(10);
    expect(tables.jobs).toHaveLength(150);
    const fieldsPerOption = countBy(tables.campingOptionFields, (field) => String(field.campingOptionId));
    expect([...fieldsPerOption.values()].every((n) => n >= 2 && n <= 3)).toBe(true);
  });

  it('gives every registration an option and 1–4 distinct jobs, and counts places of the year from the rows', () => {
    const options = countBy(tables.registrationCampingOptions, (link) => String(link.registrationId));
    const jobs = countBy(tables.registrationJobs, (link) => String(link.registrationId));
    for (const registration of tables.registrations) {
      expect(options.get(registration.id as string)).toBeGreaterThanOrEqual(1);
      const n = jobs.get(registration.id as string) ?? 0;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    const activeOfYear = new Set(
      tables.registrations
        .filter((row) => row.year === REPORT_YEAR && holdsPlaces(row.status))
        .map((row) => row.id),
    );
    const jobRows = countBy(
      tables.registrationJobs.filter((link) => activeOfYear.has(link.registrationId as string)),
      (link) => String(link.jobId),
    );
    for (const job of tables.jobs) {
      expect(job.currentRegistrations).toBe(jobRows.get(job.id as string) ?? 0);
      expect(job.maxRegistrations as number).toBeGreaterThan(job.currentRegistrations as number);
    }
    const optionRows = countBy(
      tables.registrationCampingOptions.filter((link) => activeOfYear.has(link.registrationId as string)),
      (link) => String(link.campingOptionId),
    );
    for (const option of tables.campingOptions) {
      expect(option.currentRegistrations).toBe(optionRows.get(option.id as string) ?? 0);
    }
    expect(expected.scheduleEntries).toBe([...jobRows.values()].reduce((a, b) => a + b, 0));
  });

  it('has payments of every status, and refunds only of paid payments', () => {
    expect(new Set(tables.payments.map((payment) => payment.status))).toEqual(
      new Set(['COMPLETED', 'PENDING', 'FAILED', 'REFUNDED']),
    );
    const paid = new Map(tables.payments.map((payment) => [payment.id, payment]));
    expect(tables.refunds.length).toBeGreaterThan(0);
    for (const refund of tables.refunds) {
      const payment = paid.get(refund.paymentId as string);
      expect(['COMPLETED', 'REFUNDED']).toContain(payment?.status);
      expect(refund.amountCents as number).toBeLessThanOrEqual(payment?.amountCents as number);
    }
    expect(expected.payments).toBe(tables.payments.length);
  });

  it('is the same camp for the same seed (ids aside)', () => {
    const again = planReportCamp({
      registrations: 1000,
      seed: 3,
      adminEmail: 'admin@example.org',
      staffEmail: 'staff@example.org',
    });
    expect(again.expected).toEqual(expected);
  });

  it('writes into a migrated database, every place counter equal to its rows', async () => {
    const client = await PGlite.create();
    const handle = fromPglite(client);
    try {
      await handle.migrate();
      const written = await writeReportCamp(handle.db, plan);
      expect(written.registrations).toBe(1000);
      expect(written.camp_config).toBe(1);
      expect(await counterDrift(client, REPORT_YEAR)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
