import { DAYS_OF_WEEK, FIELD_DATA_TYPES, holdsPlaces } from '@camp/shared';
import { describe, expect, it } from 'vitest';
import { sanitizeAdminHtml } from '../../apps/api/src/lib/html';
import { DEMO_ADMIN_EMAIL } from './catalog';
import type { CampingOptionFieldRow } from '../../apps/api/test/kit/camp-rows';
import { type DemoData, DEFAULT_DEMO_SEED, buildDemoData } from './demo-data';

const NOW = new Date('2025-06-15T18:30:00Z');

const isNumber = (value: unknown): value is number => typeof value === 'number';

/** Checks a stored custom-field value against its field, the way the wizard's step 3 would. */
function fieldValueProblem(
  field: CampingOptionFieldRow,
  value: string | null | undefined,
): string | undefined {
  if (value === null || value === undefined || value === '')
    return field.required ? 'required but empty' : undefined;
  const number = Number(value);
  switch (field.dataType) {
    case 'STRING':
    case 'MULTILINE_STRING':
      if (field.dataType === 'STRING' && value.includes('\n')) return 'line break in a one-line string';
      if (isNumber(field.minLength) && value.length < field.minLength) return 'shorter than minLength';
      if (isNumber(field.maxLength) && value.length > field.maxLength) return 'longer than maxLength';
      return undefined;
    case 'INTEGER':
    case 'NUMBER': {
      const shape = field.dataType === 'INTEGER' ? /^-?\d+$/ : /^-?\d+(\.\d{1,2})?$/;
      if (!shape.test(value)) return `not a ${field.dataType}`;
      if (isNumber(field.minValue) && number < field.minValue) return 'below minValue';
      if (isNumber(field.maxValue) && number > field.maxValue) return 'above maxValue';
      return undefined;
    }
    case 'BOOLEAN':
      return value === 'true' || value === 'false' ? undefined : 'not true/false';
    case 'DATE':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
        ? undefined
        : 'not a YYYY-MM-DD date';
    default:
      return 'unknown data type';
  }
}

function indexes(data: DemoData) {
  const active = new Set(data.registrations.filter((r) => r.status !== 'CANCELLED').map((r) => r.id));
  // Those holding places (docs/product.md §10): a waitlisted registration is active but holds none.
  const holding = new Set(data.registrations.filter((r) => holdsPlaces(r.status)).map((r) => r.id));
  return {
    active,
    holding,
    userById: new Map(data.users.map((u) => [u.id, u])),
    jobById: new Map(data.jobs.map((j) => [j.id, j])),
    shiftById: new Map(data.shifts.map((s) => [s.id, s])),
    categoryById: new Map(data.jobCategories.map((c) => [c.id, c])),
    optionById: new Map(data.campingOptions.map((o) => [o.id, o])),
    fieldById: new Map(data.campingOptionFields.map((f) => [f.id, f])),
  };
}

describe.each([DEFAULT_DEMO_SEED, 1, 2, 3, 42, 2024, 99_991])('demo data with seed %i', (seed) => {
  const data = buildDemoData({ seed, now: NOW });
  const ix = indexes(data);

  it('has 200 participants, 10 staff and one admin with unique lower-case example addresses', () => {
    const roles = data.users.map((u) => u.role);
    expect(roles.filter((r) => r === 'PARTICIPANT')).toHaveLength(200);
    expect(roles.filter((r) => r === 'STAFF')).toHaveLength(10);
    expect(data.users.filter((u) => u.role === 'ADMIN').map((u) => u.email)).toEqual([DEMO_ADMIN_EMAIL]);
    const emails = data.users.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) expect(email).toMatch(/^[a-z0-9._]+@example\.(org|com)$/);
    expect(data.users.every((u) => u.isEmailVerified)).toBe(true);
    for (const flag of ['allowEarlyRegistration', 'allowDeferredDuesPayment', 'allowNoJob'] as const) {
      expect(data.users.some((u) => u[flag])).toBe(true);
    }
    expect(data.users.some((u) => u.playaName)).toBe(true);
    for (const u of data.users) {
      for (const text of [
        u.firstName,
        u.lastName,
        u.playaName,
        u.phone,
        u.city,
        u.stateProvince,
        u.country,
      ]) {
        expect((text ?? '').length).toBeLessThanOrEqual(50);
      }
    }
  });

  it('configures an open camp for the current year without secrets', () => {
    const config = data.campConfig;
    expect(config.registrationYear).toBe(2025);
    expect(config.registrationOpen).toBe(true);
    expect(config.timeZone).toBe('America/Los_Angeles');
    expect(config.stripeEnabled).toBe(false);
    expect(config.emailEnabled).toBe(false);
    expect([
      config.stripeApiKeyEncrypted,
      config.paypalClientSecretEncrypted,
      config.smtpPasswordEncrypted,
    ]).toEqual([null, null, null]);
    for (const html of [config.campDescription, config.homePageBlurb, config.registrationTerms]) {
      expect(html).toMatch(/^</);
      // What is stored is exactly what the API's sanitizer would keep.
      expect(sanitizeAdminHtml(html ?? '')).toBe(html);
    }
  });

  it('has at least five job categories, exactly one staff-only and one always-required', () => {
    expect(data.jobCategories.length).toBeGreaterThanOrEqual(5);
    expect(data.jobCategories.filter((c) => c.staffOnly)).toHaveLength(1);
    expect(data.jobCategories.filter((c) => c.alwaysRequired)).toHaveLength(1);
  });

  it('has several shifts on every festival day, in 24-hour HH:MM', () => {
    for (const day of DAYS_OF_WEEK) {
      expect(data.shifts.filter((s) => s.dayOfWeek === day).length, day).toBeGreaterThanOrEqual(3);
    }
    for (const s of data.shifts) {
      expect(s.startTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(s.endTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(s.startTime < s.endTime).toBe(true);
    }
  });

  it('has 40 to 80 jobs, each in a known shift and category', () => {
    expect(data.jobs.length).toBeGreaterThanOrEqual(40);
    expect(data.jobs.length).toBeLessThanOrEqual(80);
    for (const job of data.jobs) {
      expect(ix.shiftById.has(job.shiftId)).toBe(true);
      expect(ix.categoryById.has(job.categoryId)).toBe(true);
      expect(job.maxRegistrations).toBeGreaterThanOrEqual(1);
    }
  });

  it('has four camping options with sensible dues, limits and fields of every data type', () => {
    expect(data.campingOptions).toHaveLength(4);
    expect(data.campingOptions.filter((o) => o.maxSignups === 0)).toHaveLength(1);
    for (const option of data.campingOptions) {
      expect(option.staffDuesCents).toBeLessThan(option.participantDuesCents);
      expect(Number.isInteger(option.participantDuesCents)).toBe(true);
      expect(option.workShiftsRequired).toBeGreaterThanOrEqual(0);
      expect(option.workShiftsRequired).toBeLessThanOrEqual(3);
      expect(data.campingOptionJobCategories.some((link) => link.campingOptionId === option.id)).toBe(true);
      const orders = data.campingOptionFields
        .filter((f) => f.campingOptionId === option.id)
        .map((f) => f.sortOrder);
      expect(orders).toEqual(orders.map((_, index) => index));
    }
    expect(new Set(data.campingOptionFields.map((f) => f.dataType))).toEqual(new Set(FIELD_DATA_TYPES));
    for (const f of data.campingOptionFields) {
      if (isNumber(f.minLength) && isNumber(f.maxLength))
        expect(f.minLength).toBeLessThanOrEqual(f.maxLength);
      if (isNumber(f.minValue) && isNumber(f.maxValue)) expect(f.minValue).toBeLessThanOrEqual(f.maxValue);
    }
  });

  it('keeps every counter equal to the rows holding places and within capacity', () => {
    const counted = [
      ...data.campingOptions.map((option) => ({
        row: option,
        // No maximum: unlimited.
        capacity: option.maxSignups > 0 ? option.maxSignups : Infinity,
        links: data.registrationCampingOptions.filter((link) => link.campingOptionId === option.id),
      })),
      ...data.jobs.map((job) => ({
        row: job,
        capacity: job.maxRegistrations,
        links: data.registrationJobs.filter((link) => link.jobId === job.id),
      })),
    ];
    for (const { row, capacity, links } of counted) {
      const rows = links.filter((link) => ix.holding.has(link.registrationId)).length;
      expect(row.currentRegistrations, row.name).toBe(rows);
      expect(row.countedYear, row.name).toBe(data.campConfig.registrationYear);
      expect(rows).toBeLessThanOrEqual(capacity);
    }
    // Most of the camp is actually signed up.
    const taken = data.jobs.reduce((sum, job) => sum + job.currentRegistrations, 0);
    expect(taken).toBeGreaterThan(300);
  });

  it('has registrations in every status, one active per user, cancelledAt exactly on cancelled ones', () => {
    const statuses = new Set(data.registrations.map((r) => r.status));
    expect(statuses).toEqual(new Set(['CONFIRMED', 'PENDING', 'WAITLISTED', 'CANCELLED']));
    const confirmed = data.registrations.filter((r) => r.status === 'CONFIRMED').length;
    expect(confirmed / data.registrations.length).toBeGreaterThan(0.6);
    expect(data.registrations.length).toBeGreaterThan(170);
    const activeUsers = data.registrations.filter((r) => ix.active.has(r.id)).map((r) => r.userId);
    expect(new Set(activeUsers).size).toBe(activeUsers.length);
    for (const r of data.registrations) {
      expect(r.year).toBe(2025);
      expect(r.cancelledAt instanceof Date).toBe(r.status === 'CANCELLED');
      const user = ix.userById.get(r.userId);
      expect(user).toBeDefined();
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(user?.createdAt.getTime() ?? Infinity);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (r.status === 'CANCELLED') {
        expect(r.cancellationReason?.trim().length).toBeGreaterThanOrEqual(10);
        expect(r.cancelledAt?.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
        expect(r.cancelledAt?.getTime()).toBeLessThanOrEqual(NOW.getTime());
        // Cancelling removed the shifts and released the options (docs/product.md §4).
        const held = [
          ...data.registrationCampingOptions,
          ...data.registrationJobs,
          ...data.registrationFieldValues,
        ];
        expect(held.filter((row) => row.registrationId === r.id)).toEqual([]);
      }
    }
  });

  it('stores valid custom-field values for the chosen options only, with every required one filled', () => {
    const optionsOf = new Map<string, Set<string>>();
    for (const link of data.registrationCampingOptions) {
      optionsOf.set(
        link.registrationId,
        (optionsOf.get(link.registrationId) ?? new Set()).add(link.campingOptionId),
      );
    }
    const typesSeen = new Set<string>();
    for (const v of data.registrationFieldValues) {
      const field = ix.fieldById.get(v.fieldId);
      if (!field) throw new Error('value of an unknown field');
      expect(optionsOf.get(v.registrationId)?.has(field.campingOptionId)).toBe(true);
      expect(fieldValueProblem(field, v.value), `${field.displayName}: ${v.value}`).toBeUndefined();
      typesSeen.add(field.dataType);
    }
    expect(typesSeen).toEqual(new Set(FIELD_DATA_TYPES));
    for (const [registrationId, options] of optionsOf) {
      const filled = new Set(
        data.registrationFieldValues.filter((v) => v.registrationId === registrationId).map((v) => v.fieldId),
      );
      for (const field of data.campingOptionFields) {
        if (field.required && options.has(field.campingOptionId)) expect(filled.has(field.id)).toBe(true);
      }
    }
  });

  it('gives every active registration the shifts the wizard requires, without overlaps or staff-only leaks', () => {
    for (const r of data.registrations.filter((reg) => ix.active.has(reg.id))) {
      const user = ix.userById.get(r.userId);
      const options = data.registrationCampingOptions
        .filter((link) => link.registrationId === r.id)
        .map((link) => ix.optionById.get(link.campingOptionId));
      expect(options.length).toBeGreaterThanOrEqual(1);
      const jobs = data.registrationJobs
        .filter((link) => link.registrationId === r.id)
        .map((link) => ix.jobById.get(link.jobId));
      if (user?.allowNoJob) {
        expect(jobs).toEqual([]);
        continue;
      }
      const linked = new Set(
        data.campingOptionJobCategories
          .filter((link) => options.some((o) => o?.id === link.campingOptionId))
          .map((link) => link.jobCategoryId),
      );
      const categories = jobs.map((job) => ix.categoryById.get(job?.categoryId ?? ''));
      for (const required of data.jobCategories.filter((c) => c.alwaysRequired)) {
        expect(categories.filter((c) => c?.id === required.id).length).toBeGreaterThanOrEqual(1);
      }
      const optional = categories.filter((c) => !c?.alwaysRequired);
      expect(optional.length).toBe(options.reduce((sum, o) => sum + (o?.workShiftsRequired ?? 0), 0));
      for (const c of optional) expect(linked.has(c?.id ?? '')).toBe(true);
      if (user?.role === 'PARTICIPANT') expect(categories.some((c) => c?.staffOnly)).toBe(false);
      const shifts = jobs.map((job) => ix.shiftById.get(job?.shiftId ?? ''));
      for (const [i, a] of shifts.entries()) {
        for (const b of shifts.slice(i + 1)) {
          const overlap =
            a?.dayOfWeek === b?.dayOfWeek && a!.startTime < b!.endTime && b!.startTime < a!.endTime;
          expect(overlap).toBe(false);
        }
      }
    }
  });

  it('charges the dues of the role, with statuses that follow the registration', () => {
    const refs = data.payments.map((p) => p.providerRefId);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref).toMatch(/^cs_demo_[A-Za-z0-9]{24}$/);
    expect(new Set(data.payments.map((p) => p.status))).toEqual(
      new Set(['COMPLETED', 'PENDING', 'FAILED', 'REFUNDED']),
    );
    for (const r of data.registrations) {
      const own = data.payments.filter((p) => p.registrationId === r.id);
      const statuses = own.map((p) => p.status);
      if (r.status === 'CONFIRMED') expect(statuses).toEqual(['COMPLETED']);
      if (r.status === 'PENDING') expect(statuses).toContain('PENDING');
      if (r.status === 'WAITLISTED') expect(statuses).toEqual([]);
      const user = ix.userById.get(r.userId);
      if (ix.active.has(r.id)) {
        const options = data.registrationCampingOptions
          .filter((link) => link.registrationId === r.id)
          .map((link) => ix.optionById.get(link.campingOptionId));
        const dues = options.reduce(
          (sum, o) =>
            sum + (user?.role === 'PARTICIPANT' ? (o?.participantDuesCents ?? 0) : (o?.staffDuesCents ?? 0)),
          0,
        );
        for (const p of own) expect(p.amountCents).toBe(dues);
      }
      for (const p of own) {
        expect(p.amountCents).toBeGreaterThan(0);
        expect(p.userId).toBe(r.userId);
        expect(p.provider).toBe('STRIPE');
        expect(p.refundedAt instanceof Date).toBe(p.status === 'REFUNDED');
        if (p.status === 'REFUNDED') expect(r.status).toBe('CANCELLED');
      }
    }
  });

  it('audits every cancellation by the admin, grouped by transaction', () => {
    const adminId = data.users.find((u) => u.role === 'ADMIN')?.id;
    for (const r of data.registrations.filter((reg) => reg.status === 'CANCELLED')) {
      const records = data.auditRecords.filter((a) => a.registrationId === r.id);
      const cancel = records.find((a) => a.actionType === 'REGISTRATION_CANCEL');
      expect(cancel).toBeDefined();
      expect(cancel?.adminUserId).toBe(adminId);
      expect(cancel?.transactionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(cancel?.newValues).toMatchObject({ status: 'CANCELLED' });
      for (const a of records) expect(a.transactionId).toBe(cancel?.transactionId);
    }
    expect(data.auditRecords.filter((a) => a.actionType === 'REGISTRATION_CANCEL').length).toBeGreaterThan(0);
  });
});

describe('buildDemoData', () => {
  it('is repeatable: the same seed and clock give the same rows, another seed gives others', () => {
    expect(buildDemoData({ seed: 7, now: NOW })).toEqual(buildDemoData({ seed: 7, now: NOW }));
    expect(buildDemoData({ seed: 8, now: NOW }).users[5]?.email).not.toBe(
      buildDemoData({ seed: 7, now: NOW }).users[5]?.email,
    );
  });

  it('makes well-formed unique UUIDs', () => {
    const data = buildDemoData({ now: NOW });
    const ids = [
      ...data.users,
      ...data.jobs,
      ...data.shifts,
      ...data.registrations,
      ...data.payments,
      ...data.registrationJobs,
    ].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps every timestamp in the past and in the registration year, even on the 1st of January', () => {
    const now = new Date('2026-01-01T02:00:00Z');
    const data = buildDemoData({ now });
    expect(data.year).toBe(2026);
    const stamps = [
      ...data.registrations.flatMap((r) => [r.createdAt, r.cancelledAt]),
      ...data.payments.flatMap((p) => [p.createdAt, p.refundedAt]),
      ...data.auditRecords.map((a) => a.createdAt),
    ].filter((d): d is Date => d instanceof Date);
    for (const stamp of stamps) expect(stamp.getTime()).toBeLessThanOrEqual(now.getTime());
    for (const r of data.registrations) expect(r.createdAt.getUTCFullYear()).toBe(2026);
  });
});
