import { describe, expect, it } from 'vitest';
import { insertStatement, planReportCamp, REPORT_YEAR } from './report-camp';

const plan = planReportCamp({
  registrations: 1000,
  seed: 3,
  adminEmail: 'admin@example.org',
  staffEmail: 'staff@example.org',
});
const { tables, expected } = plan;
type Row = (typeof tables.users)[number];
const countBy = (rows: Row[], key: (row: Row) => string) => {
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
    expect(tables.users.every((user) => user.first_name && user.last_name && user.phone && user.city)).toBe(
      true,
    );
    expect(new Set(tables.users.map((user) => user.email)).size).toBe(tables.users.length);
    const ofYear = tables.registrations.filter((row) => row.year === REPORT_YEAR);
    expect(ofYear).toHaveLength(expected.registrationsOfYear);
    expect(Object.values(expected.byStatusOfYear).reduce((a, b) => a + b, 0)).toBe(ofYear.length);
  });

  it('keeps one registration per person and year that is not cancelled, and cancelledAt with CANCELLED', () => {
    const active = tables.registrations.filter((row) => row.status !== 'CANCELLED');
    const pairs = new Set(active.map((row) => `${row.user_id} ${row.year}`));
    expect(pairs.size).toBe(active.length);
    expect(
      tables.registrations.every((row) => (row.status === 'CANCELLED') === (row.cancelled_at !== null)),
    ).toBe(true);
  });

  it('has the structure of a real camp', () => {
    expect(tables.camping_options).toHaveLength(6);
    expect(tables.job_categories).toHaveLength(8);
    expect(tables.shifts).toHaveLength(40);
    expect(new Set(tables.shifts.map((shift) => shift.day_of_week)).size).toBe(10);
    expect(tables.jobs).toHaveLength(150);
    const fieldsPerOption = countBy(tables.camping_option_fields, (field) => String(field.camping_option_id));
    expect([...fieldsPerOption.values()].every((n) => n >= 2 && n <= 3)).toBe(true);
  });

  it('gives every registration an option and 1–4 distinct jobs, and counts places of the year from the rows', () => {
    const options = countBy(tables.registration_camping_options, (link) => String(link.registration_id));
    const jobs = countBy(tables.registration_jobs, (link) => String(link.registration_id));
    for (const registration of tables.registrations) {
      expect(options.get(registration.id as string)).toBeGreaterThanOrEqual(1);
      const n = jobs.get(registration.id as string) ?? 0;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    const activeOfYear = new Set(
      tables.registrations
        .filter((row) => row.year === REPORT_YEAR && row.status !== 'CANCELLED')
        .map((row) => row.id),
    );
    const jobRows = countBy(
      tables.registration_jobs.filter((link) => activeOfYear.has(link.registration_id as string)),
      (link) => String(link.job_id),
    );
    for (const job of tables.jobs) {
      expect(job.current_registrations).toBe(jobRows.get(job.id as string) ?? 0);
      expect(job.max_registrations as number).toBeGreaterThan(job.current_registrations as number);
    }
    const optionRows = countBy(
      tables.registration_camping_options.filter((link) => activeOfYear.has(link.registration_id as string)),
      (link) => String(link.camping_option_id),
    );
    for (const option of tables.camping_options) {
      expect(option.current_registrations).toBe(optionRows.get(option.id as string) ?? 0);
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
      const payment = paid.get(refund.payment_id as string);
      expect(['COMPLETED', 'REFUNDED']).toContain(payment?.status);
      expect(refund.amount_cents as number).toBeLessThanOrEqual(payment?.amount_cents as number);
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

  it('writes rows with jsonb_to_recordset', () => {
    expect(insertStatement('refunds', { id: 'uuid', amount_cents: 'integer' })).toBe(
      'insert into refunds (id, amount_cents) select id, amount_cents from jsonb_to_recordset($1::jsonb) as t(id uuid, amount_cents integer)',
    );
  });
});
