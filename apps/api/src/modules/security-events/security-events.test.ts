import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema/index';
import { adminPost, adminShift } from '../../../test/camp-registrations';
import { type Camp, startCamp } from '../../../test/camp';
import { changedFields, REDACTED } from './security-events';

// S19 (decision 022): admin changes to the configuration, users, camping options and their fields, job
// categories, jobs and shifts are recorded in security_events, in the transaction of the change, with the
// admin, the record and the changed fields (old → new, secrets redacted).

describe('security events of admin changes', () => {
  let camp: Camp;

  beforeAll(async () => {
    camp = await startCamp();
  });
  afterAll(async () => {
    await camp?.close();
  });

  /** Events of the given types, oldest first, as the admin-facing fields. */
  const eventsOf = async (...types: string[]) =>
    (
      await camp.t.database.db
        .select()
        .from(securityEvents)
        .where(sql`${securityEvents.type} in ${types}`)
        .orderBy(asc(securityEvents.createdAt), asc(securityEvents.id))
    ).map(({ type, actorUserId, subjectUserId, details }) => ({ type, actorUserId, subjectUserId, details }));
  const ok = async (method: 'PATCH' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) => {
    const response = await camp.call(method, url, camp.admin, payload);
    expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(300);
    return response;
  };

  it('records configuration changes: changed fields old → new, secrets redacted', async () => {
    await ok('POST', '/api/core-config', { campName: 'Plain Camp', registrationYear: 2032 });
    await ok('PATCH', '/api/core-config/current', {
      campName: 'Audited Camp',
      stripeApiKey: 'sk_test_visible_nowhere',
    });
    const [created] = await eventsOf('config.created');
    expect(created).toMatchObject({
      type: 'config.created',
      actorUserId: camp.admin.userId,
      details: { new: { campName: 'Plain Camp', registrationYear: 2032, stripeApiKeyEncrypted: null } },
    });
    const [event] = await eventsOf('config.updated');
    expect(event).toEqual({
      type: 'config.updated',
      actorUserId: camp.admin.userId,
      subjectUserId: null,
      details: {
        id: expect.any(String),
        changes: {
          campName: { old: 'Plain Camp', new: 'Audited Camp' },
          stripeApiKeyEncrypted: { old: null, new: REDACTED },
        },
      },
    });
    const dump = await camp.t.database.db.execute(sql`select details::text from security_events`);
    expect(JSON.stringify(dump)).not.toContain('sk_test_visible_nowhere');
  });

  it("records an admin's changes to a user (role, flags, profile) and the deletion, with old values", async () => {
    const created = await adminPost(camp, '/api/users', {
      email: 'audited@example.org',
      firstName: 'Ann',
      lastName: 'Dit',
    });
    await ok('PUT', `/api/users/${created}`, { role: 'STAFF', allowRegistration: false, firstName: 'Anne' });
    await ok('DELETE', `/api/users/${created}`);
    const events = await eventsOf('user.created', 'user.updated', 'user.deleted');
    expect(events.map((event) => [event.type, event.actorUserId, event.subjectUserId])).toEqual([
      ['user.created', camp.admin.userId, created],
      ['user.updated', camp.admin.userId, created],
      ['user.deleted', camp.admin.userId, created],
    ]);
    expect(events[1]?.details).toEqual({
      id: created,
      changes: {
        role: { old: 'PARTICIPANT', new: 'STAFF' },
        allowRegistration: { old: true, new: false },
        firstName: { old: 'Ann', new: 'Anne' },
      },
    });
    expect(events[2]?.details).toMatchObject({
      id: created,
      old: { email: 'audited@example.org', firstName: 'Anne', role: 'STAFF', passwordHash: null },
    });
  });

  it('records camping options, their fields, job categories, shifts and jobs: create, update, delete', async () => {
    const option = await adminPost(camp, '/api/camping-options', { name: 'Loft', participantDues: 50 });
    const field = await adminPost(camp, `/api/camping-options/${option}/fields`, { displayName: 'Plate' });
    await ok('PATCH', `/api/camping-options/${option}/fields/${field}`, { required: true });
    await ok('DELETE', `/api/camping-options/${option}/fields/${field}`);
    await ok('PATCH', `/api/camping-options/${option}`, { maxSignups: 12, participantDues: 60 });
    const category = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets' });
    await ok('PATCH', `/api/job-categories/${category}`, { staffOnly: true });
    const shift = await adminShift(camp, 'Dawn', 'TUESDAY', '05:00', '08:00');
    await ok('PATCH', `/api/shifts/${shift}`, { endTime: '09:00' });
    const job = await adminPost(camp, '/api/jobs', {
      name: 'Greeter',
      location: 'Gate',
      categoryId: category,
      shiftId: shift,
      maxRegistrations: 4,
    });
    await ok('PATCH', `/api/jobs/${job}`, { maxRegistrations: 6 });
    await ok('DELETE', `/api/jobs/${job}`);
    await ok('DELETE', `/api/shifts/${shift}`);
    await ok('DELETE', `/api/job-categories/${category}`);
    await ok('DELETE', `/api/camping-options/${option}`);

    const kinds = ['camping_option', 'camping_option_field', 'job_category', 'shift', 'job'];
    const events = await eventsOf(
      ...kinds.flatMap((kind) => ['created', 'updated', 'deleted'].map((what) => `${kind}.${what}`)),
    );
    expect(events.map((event) => `${event.type} ${(event.details as { id: string }).id}`)).toEqual([
      `camping_option.created ${option}`,
      `camping_option_field.created ${field}`,
      `camping_option_field.updated ${field}`,
      `camping_option_field.deleted ${field}`,
      `camping_option.updated ${option}`,
      `job_category.created ${category}`,
      `job_category.updated ${category}`,
      `shift.created ${shift}`,
      `shift.updated ${shift}`,
      `job.created ${job}`,
      `job.updated ${job}`,
      `job.deleted ${job}`,
      `shift.deleted ${shift}`,
      `job_category.deleted ${category}`,
      `camping_option.deleted ${option}`,
    ]);
    expect(events.every((event) => event.actorUserId === camp.admin.userId)).toBe(true);
    const details = (type: string) => events.find((event) => event.type === type)?.details;
    expect(details('camping_option.updated')).toEqual({
      id: option,
      changes: {
        maxSignups: { old: 0, new: 12 },
        participantDuesCents: { old: 5000, new: 6000 },
      },
    });
    expect(details('camping_option_field.updated')).toEqual({
      id: field,
      changes: { required: { old: false, new: true } },
    });
    expect(details('shift.updated')).toEqual({
      id: shift,
      changes: { endTime: { old: '08:00:00', new: '09:00:00' } },
    });
    expect(details('job.updated')).toEqual({ id: job, changes: { maxRegistrations: { old: 4, new: 6 } } });
    expect(details('job.deleted')).toMatchObject({ id: job, old: { name: 'Greeter', maxRegistrations: 6 } });
  });

  it('lets an admin read the events newest first, filtered by type or address, a page at a time', async () => {
    const read = (query: string) => camp.call('GET', `/api/admin/security-events${query}`, camp.admin);
    const signIns = await read('?type=sign_in.success&limit=2');
    expect(signIns.statusCode).toBe(200);
    const body = signIns.json<{
      events: Array<{ type: string; email: string; createdAt: string }>;
      total: number;
    }>();
    // startCamp signed in the admin, the staff member and the participant, in that order.
    expect(body.total).toBe(3);
    expect(body.events.map((event) => [event.type, event.email])).toEqual([
      ['sign_in.success', 'participant@example.org'],
      ['sign_in.success', 'staff@example.org'],
    ]);
    const second = (await read('?type=sign_in.success&limit=2&page=2')).json<{
      events: Array<{ email: string }>;
    }>();
    expect(second.events.map((event) => event.email)).toEqual(['admin@example.org']);
    const byEmail = (await read('?email=STAFF@example.org')).json<{ events: Array<{ type: string }> }>();
    expect(byEmail.events.map((event) => event.type)).toEqual(['sign_in.success']);

    const bad = await read('?type=nothing&limit=500');
    expect(bad.statusCode).toBe(400);
    expect((await camp.call('GET', '/api/admin/security-events', camp.staff)).statusCode).toBe(403);
  });

  it('writes nothing when the change is refused', async () => {
    const before = await eventsOf('job_category.deleted', 'job_category.updated');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await camp.call('PATCH', `/api/job-categories/${unknown}`, camp.admin, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await camp.call('DELETE', `/api/job-categories/${unknown}`, camp.admin)).statusCode).toBe(404);
    expect(await eventsOf('job_category.deleted', 'job_category.updated')).toEqual(before);
  });
});

describe('changedFields', () => {
  it('lists changed fields only, leaves bookkeeping out, redacts secrets and writes dates as ISO text', () => {
    const when = new Date('2032-01-02T03:04:05Z');
    expect(
      changedFields(
        { name: 'A', updatedAt: when, smtpPasswordEncrypted: 'x1', ends: when, same: [1, 2] },
        { name: 'B', updatedAt: new Date(), smtpPasswordEncrypted: 'x2', ends: null, same: [1, 2] },
      ),
    ).toEqual({
      name: { old: 'A', new: 'B' },
      smtpPasswordEncrypted: { old: REDACTED, new: REDACTED },
      ends: { old: '2032-01-02T03:04:05.000Z', new: null },
    });
  });
});
