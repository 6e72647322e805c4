import type { AuditRecord, CampingOption, CancelRegistrationResponse, Job } from '@camp/shared';
import { and, eq, like } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../../test/fake-stripe';
import {
  campingOptions,
  emailOutbox,
  jobs,
  payments,
  registrationCampingOptions,
  registrationJobs,
  registrations,
} from '../../db/schema/index';
import {
  inCheckout as inCheckoutFor,
  paidByCard as paidByCardFor,
  startPayingCamp,
} from '../payments/test-support';
import { activePlaceCounts, JOB_PLACES, OPTION_PLACES } from '../registrations/capacity';
import { adminPost, insertSignedInPerson, type Person, YEAR } from '../registrations/test-support';
import { type Camp, insertRegistration, messageOf, messagesOf } from '../work/test-support';

// DELETE /admin/registrations/{id}: the admin cancel (spec §5 Admin cancel, §4 audit action types).

const REASON = 'Left the playa before the burn';

describe('Admin registrations API: DELETE /admin/registrations/{id} (cancel)', () => {
  const fake = new FakeStripe();
  let camp: Camp;
  let tent: string;
  let job: string;

  const db = () => camp.t.database.db;

  beforeAll(async () => {
    await fake.start();
    camp = await startPayingCamp(fake);
    const category = await adminPost(camp, '/api/job-categories', {
      name: 'Kitchen',
      description: 'Cooking',
    });
    const shift = await adminPost(camp, '/api/shifts', {
      name: 'Tuesday lunch',
      dayOfWeek: 'TUESDAY',
      startTime: '11:00',
      endTime: '14:00',
    });
    job = await adminPost(camp, '/api/jobs', {
      name: 'Dishes',
      location: 'Kitchen tent',
      categoryId: category,
      shiftId: shift,
      maxRegistrations: 5,
    });
    tent = await adminPost(camp, '/api/camping-options', {
      name: 'Tent Camping',
      participantDues: 125.5,
      workShiftsRequired: 1,
      maxSignups: 10,
      jobCategoryIds: [category],
    });
  });
  afterAll(async () => {
    await camp?.close();
    await fake.stop();
  });

  const cancel = (id: string, body: unknown, as: Camp['admin'] | null = camp.admin) =>
    camp.call('DELETE', `/api/admin/registrations/${id}`, as, body);

  /** Registers through the wizard's endpoint (places taken by the capacity code): answers the id. */
  async function register(person: Person): Promise<string> {
    const response = await camp.t.app.inject({
      method: 'POST',
      url: '/api/registrations/camp',
      headers: person.headers,
      payload: { campingOptions: [tent], jobs: [job], acceptedTerms: true },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const [row] = await db()
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.userId, person.id), eq(registrations.status, 'PENDING')));
    if (!row) throw new Error('not registered');
    return row.id;
  }

  /** The places the GET endpoints show, and the stored counters checked against the rows. */
  async function places(): Promise<{ option: number; job: number }> {
    const option = await camp.call('GET', `/api/camping-options/${tent}`, camp.admin);
    const work = await camp.call('GET', `/api/jobs/${job}`, camp.admin);
    expect(option.statusCode, option.body).toBe(200);
    expect(work.statusCode, work.body).toBe(200);
    const [optionRow] = await db()
      .select({ current: campingOptions.currentRegistrations })
      .from(campingOptions)
      .where(eq(campingOptions.id, tent));
    const [jobRow] = await db()
      .select({ current: jobs.currentRegistrations })
      .from(jobs)
      .where(eq(jobs.id, job));
    expect(optionRow?.current).toBe(
      (await activePlaceCounts(OPTION_PLACES, [tent], db(), YEAR)).get(tent) ?? 0,
    );
    expect(jobRow?.current).toBe((await activePlaceCounts(JOB_PLACES, [job], db(), YEAR)).get(job) ?? 0);
    return {
      option: option.json<CampingOption>().currentRegistrations,
      job: work.json<Job>().currentRegistrations,
    };
  }

  async function trail(id: string): Promise<AuditRecord[]> {
    const response = await camp.call('GET', `/api/admin/registrations/${id}/audit-trail`, camp.admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditRecord[]>();
  }

  const mailsTo = (email: string, subject = '%') =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, subject)));

  async function statusOf(id: string) {
    const [row] = await db()
      .select({ status: registrations.status })
      .from(registrations)
      .where(eq(registrations.id, id));
    return row?.status;
  }

  /** A registration whose dues are paid by card (Checkout, then the webhook): answers the payment row. */
  const paidByCard = () => paidByCardFor(camp, fake, [tent], 12550);
  const inCheckout = () => inCheckoutFor(camp, [tent], 12550);

  it('expires an open Checkout first, so a cancelled registration cannot be paid afterwards', async () => {
    const { registrationId } = await inCheckout();
    const session = fake.lastSession();
    const response = await cancel(registrationId, { reason: 'Cancelled while paying' });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.session(session.id).status).toBe('expired');
    const rows = await db().select().from(payments).where(eq(payments.registrationId, registrationId));
    expect(rows.map((row) => [row.status, row.providerRefId])).toEqual([['FAILED', session.id]]);
  });

  it('refuses bad input, other roles and unknown or cancelled registrations, changing nothing', async () => {
    const person = await insertSignedInPerson(camp);
    const id = await register(person);
    const cases: Array<[unknown, string]> = [
      [{}, 'Please provide a reason for cancellation.'],
      [{ reason: '    ' }, 'Please provide a reason for cancellation.'],
      [{ reason: 'short' }, 'Reason must be at least 10 characters long.'],
      [{ reason: '   123456789   ' }, 'Reason must be at least 10 characters long.'],
      [{ reason: 'x'.repeat(1001) }, 'Reason must be at most 1000 characters'],
      [{ reason: REASON, sendNotification: 'yes' }, 'sendNotification must be true or false'],
      [{ reason: REASON, processRefund: 1 }, 'processRefund must be true or false'],
    ];
    for (const [body, message] of cases) {
      const response = await cancel(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(response)).toEqual([message]);
    }
    for (const who of [camp.staff, camp.participant]) {
      expect((await cancel(id, { reason: REASON }, who)).statusCode).toBe(403);
    }
    expect((await cancel(id, { reason: REASON }, null)).statusCode).toBe(401);
    const unknown = await cancel(randomUUID(), { reason: REASON });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Registration not found');
    expect(await statusOf(id)).toBe('PENDING');
    expect(await trail(id)).toEqual([]);

    const cancelled = await insertRegistration(db(), { status: 'CANCELLED', year: YEAR });
    const again = await cancel(cancelled, { reason: REASON });
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe('This registration is already cancelled.');
  });

  it('cancels: places freed, shifts and options removed, dues row dropped, audited once; the person registers again', async () => {
    const person = await insertSignedInPerson(camp);
    const before = await places();
    const id = await register(person);
    expect(await places()).toEqual({ option: before.option + 1, job: before.job + 1 });
    const duesRows = () => db().select().from(payments).where(eq(payments.registrationId, id));
    expect((await duesRows()).map((row) => [row.status, row.amountCents])).toEqual([['PENDING', 12550]]);

    const response = await cancel(id, { reason: `  ${REASON}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CancelRegistrationResponse>()).toEqual({
      registration: { id, status: 'CANCELLED' },
      refunds: [],
    });
    expect(await places()).toEqual(before);
    const [row] = await db().select().from(registrations).where(eq(registrations.id, id));
    expect(row).toMatchObject({ status: 'CANCELLED', cancellationReason: REASON });
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    expect(await db().select().from(registrationJobs).where(eq(registrationJobs.registrationId, id))).toEqual(
      [],
    );
    expect(
      await db()
        .select()
        .from(registrationCampingOptions)
        .where(eq(registrationCampingOptions.registrationId, id)),
    ).toEqual([]);
    expect(await duesRows()).toEqual([]);

    const records = await trail(id);
    expect(new Set(records.map((record) => record.transactionId)).size).toBe(1);
    expect(records[0]?.transactionId).toEqual(expect.any(String));
    expect(records.map((record) => record.actionType).sort()).toEqual([
      'CAMPING_OPTION_REMOVE',
      'REGISTRATION_CANCEL',
      'WORK_SHIFT_REMOVE',
    ]);
    for (const record of records) {
      expect(record.reason).toBe(REASON);
      expect(record.adminUser).not.toBeNull();
    }
    const byType = new Map(records.map((record) => [record.actionType, record]));
    expect(byType.get('REGISTRATION_CANCEL')).toMatchObject({
      oldValues: {
        status: 'PENDING',
        campingOptions: ['Tent Camping'],
        jobs: ['Dishes (Tuesday lunch, Tuesday)'],
      },
      newValues: { status: 'CANCELLED', campingOptions: [], jobs: [] },
    });
    expect(byType.get('WORK_SHIFT_REMOVE')).toMatchObject({
      oldValues: { jobId: job, name: 'Dishes (Tuesday lunch, Tuesday)' },
      newValues: null,
    });
    expect(byType.get('CAMPING_OPTION_REMOVE')).toMatchObject({
      oldValues: { campingOptionId: tent, name: 'Tent Camping' },
      newValues: null,
    });
    // No notification asked, none written.
    expect(await mailsTo(person.email, '%cancelled%')).toEqual([]);

    const twice = await cancel(id, { reason: REASON });
    expect(twice.statusCode).toBe(400);
    expect(messageOf(twice)).toBe('This registration is already cancelled.');
    expect(await trail(id)).toHaveLength(3);

    // The place is free and the person may register again for the year.
    const again = await register(person);
    expect(again).not.toBe(id);
    expect(await places()).toEqual({ option: before.option + 1, job: before.job + 1 });
  });

  it('with sendNotification and processRefund: mail in the outbox, every completed payment refunded under the same transactionId', async () => {
    const { person, registrationId, payment, paymentIntent } = await paidByCard();
    const reason = 'Asked to leave <b>& not return</b>';
    const response = await cancel(registrationId, { reason, sendNotification: true, processRefund: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CancelRegistrationResponse>()).toEqual({
      registration: { id: registrationId, status: 'CANCELLED' },
      refunds: [{ paymentId: payment.id, amount: 125.5, status: 'SUCCEEDED', message: null }],
    });
    const stripeRefunds = [...fake.refunds.values()].filter((r) => r.metadata.paymentId === payment.id);
    expect(stripeRefunds).toHaveLength(1);
    expect(stripeRefunds[0]).toMatchObject({ amount: 12550, payment_intent: paymentIntent });
    const [after] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.status).toBe('REFUNDED');

    const records = await trail(registrationId);
    expect(records.map((record) => record.actionType).sort()).toEqual([
      'CAMPING_OPTION_REMOVE',
      'PAYMENT_REFUND',
      'REGISTRATION_CANCEL',
    ]);
    expect(new Set(records.map((record) => record.transactionId)).size).toBe(1);

    const [notice, ...more] = await mailsTo(person.email, '%cancelled%');
    expect(more).toEqual([]);
    expect(notice?.subject).toBe(`Dust Camp: your registration for ${YEAR} has been cancelled`);
    expect(notice?.text).toContain(`Reason: ${reason}`);
    expect(notice?.html).toContain('Reason: Asked to leave &lt;b&gt;&amp; not return&lt;/b&gt;');
    expect(notice?.html).not.toContain('<b>');
    expect(await mailsTo(person.email, '%refund of $125.50')).toHaveLength(1);
  });

  it('a refund that fails leaves the cancel done and says so: FAILED when Stripe refuses, PENDING when unreachable', async () => {
    const refused = await paidByCard();
    fake.failRefunds = true;
    const first = await cancel(refused.registrationId, { reason: REASON, processRefund: true });
    fake.failRefunds = false;
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CancelRegistrationResponse>().refunds).toEqual([
      {
        paymentId: refused.payment.id,
        amount: 125.5,
        status: 'FAILED',
        message: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
      },
    ]);
    expect(await statusOf(refused.registrationId)).toBe('CANCELLED');

    const unreachable = await paidByCard();
    fake.down = true;
    const second = await cancel(unreachable.registrationId, { reason: REASON, processRefund: true });
    fake.down = false;
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<CancelRegistrationResponse>().refunds).toEqual([
      {
        paymentId: unreachable.payment.id,
        amount: 125.5,
        status: 'PENDING',
        message: 'The payment service is not reachable right now. Please try again in a few minutes.',
      },
    ]);
    expect(await statusOf(unreachable.registrationId)).toBe('CANCELLED');
    for (const { payment } of [refused, unreachable]) {
      const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
      expect(row?.status).toBe('COMPLETED');
    }
    // No notification asked: none written.
    expect(await mailsTo(refused.person.email, '%cancelled%')).toEqual([]);
  });
});
