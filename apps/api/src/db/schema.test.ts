import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/database';
import type { DatabaseHandle } from './client';
import {
  campingOptionFields,
  campingOptions,
  jobCategories,
  jobs,
  payments,
  registrations,
  shifts,
  users,
} from './schema/index';

/** The constraint a failed statement broke (Drizzle wraps the driver's error). */
async function violation(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; code?: string } }).cause;
    return cause?.constraint ?? cause?.code ?? 'unknown';
  }
  throw new Error('the statement was expected to fail');
}

describe(`database constraints (${testDatabaseKind()})`, () => {
  let handle: DatabaseHandle;
  let userId: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    const [user] = await handle.db.insert(users).values({ email: 'Ada@Example.org' }).returning();
    userId = user!.id;
  });
  afterAll(async () => {
    await handle.close();
  });

  it('gives a new user the defaults of docs/product.md §3', async () => {
    const [user] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      role: 'PARTICIPANT',
      allowRegistration: true,
      allowEarlyRegistration: false,
      allowDeferredDuesPayment: false,
      allowNoJob: false,
      isEmailVerified: false,
    });
    expect(user!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows one user per e-mail address, whatever its case', async () => {
    expect(await violation(handle.db.insert(users).values({ email: 'ada@example.ORG' }))).toBe(
      'users_email_lower_key',
    );
  });

  it('refuses names longer than 50 characters', async () => {
    expect(
      await violation(
        handle.db.insert(users).values({ email: 'long@example.org', firstName: 'x'.repeat(51) }),
      ),
    ).toBe('users_text_lengths');
  });

  it('allows one active registration per user and year, and any number of cancelled ones', async () => {
    await handle.db.insert(registrations).values({ userId, year: 2030, status: 'CONFIRMED' });
    expect(await violation(handle.db.insert(registrations).values({ userId, year: 2030 }))).toBe(
      'registrations_one_active_per_user_year',
    );
    const cancelled = { userId, year: 2030, status: 'CANCELLED' as const, cancelledAt: new Date() };
    await handle.db.insert(registrations).values([cancelled, cancelled]);
    await handle.db.insert(registrations).values({ userId, year: 2031 });
    const [{ count } = { count: 0 }] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(registrations)
      .where(eq(registrations.userId, userId));
    expect(count).toBe(4);
  });

  it('keeps the cancelled status and the cancellation time together', async () => {
    expect(
      await violation(handle.db.insert(registrations).values({ userId, year: 2032, status: 'CANCELLED' })),
    ).toBe('registrations_cancel_consistent');
  });

  it('refuses negative dues, capacities and work-shift counts', async () => {
    const cases = [
      [{ participantDuesCents: -1 }, 'camping_options_participant_dues_non_negative'],
      [{ staffDuesCents: -1 }, 'camping_options_staff_dues_non_negative'],
      [{ maxSignups: -1 }, 'camping_options_max_signups_non_negative'],
      [{ workShiftsRequired: -1 }, 'camping_options_work_shifts_non_negative'],
      [{ name: '   ' }, 'camping_options_name_present'],
    ] as const;
    for (const [values, constraint] of cases) {
      expect(await violation(handle.db.insert(campingOptions).values({ name: 'Tent', ...values }))).toBe(
        constraint,
      );
    }
  });

  it('refuses field limits in the wrong order', async () => {
    const [option] = await handle.db.insert(campingOptions).values({ name: 'RV' }).returning();
    const base = { campingOptionId: option!.id, displayName: 'Length' };
    expect(
      await violation(handle.db.insert(campingOptionFields).values({ ...base, minLength: 5, maxLength: 2 })),
    ).toBe('camping_option_fields_length_order');
    expect(
      await violation(
        handle.db
          .insert(campingOptionFields)
          .values({ ...base, dataType: 'NUMBER', minValue: 9, maxValue: 1 }),
      ),
    ).toBe('camping_option_fields_value_order');
    expect(await violation(handle.db.insert(campingOptionFields).values({ ...base, maxLength: 0 }))).toBe(
      'camping_option_fields_max_length_positive',
    );
  });

  it('refuses a job with no place and a category in use from being deleted', async () => {
    const [category] = await handle.db
      .insert(jobCategories)
      .values({ name: 'Kitchen', description: 'Cooking for camp' })
      .returning();
    const [shift] = await handle.db
      .insert(shifts)
      .values({ name: 'Morning', startTime: '09:00', endTime: '12:00', dayOfWeek: 'MONDAY' })
      .returning();
    const job = { name: 'Cook', location: 'Kitchen', categoryId: category!.id, shiftId: shift!.id };
    expect(await violation(handle.db.insert(jobs).values({ ...job, maxRegistrations: 0 }))).toBe(
      'jobs_max_registrations_positive',
    );
    const [created] = await handle.db.insert(jobs).values(job).returning();
    expect(created).toMatchObject({ maxRegistrations: 5, currentRegistrations: 0 });
    expect(await violation(handle.db.delete(jobCategories).where(eq(jobCategories.id, category!.id)))).toBe(
      'jobs_category_id_job_categories_id_fk',
    );
    const [stored] = await handle.db.select().from(shifts).where(eq(shifts.id, shift!.id));
    expect(stored!.startTime).toBe('09:00:00');
  });

  it('keeps money as positive integer cents with one payment per provider reference', async () => {
    const payment = { userId, amountCents: 12550, providerRefId: 'cs_test_1' };
    await handle.db.insert(payments).values(payment);
    expect(await violation(handle.db.insert(payments).values(payment))).toBe('payments_provider_ref_key');
    expect(await violation(handle.db.insert(payments).values({ userId, amountCents: 0 }))).toBe(
      'payments_amount_positive',
    );
    expect(await violation(handle.db.insert(payments).values({ userId, amountCents: 12.5 }))).toBe('22P02');
  });
});
