import { PAYMENT_DEADLINE_TEXTS } from '@camp/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Camp } from '../../../test/camp';
import { inCheckout, startTentCamp, useStripeCamp } from '../../../test/camp-payments';
import { configure } from '../../../test/camp-registrations';
import { FakeStripe } from '../../../test/fake-stripe';
import { payments, registrations } from '../../db/schema/index';

const DAY = 86_400_000;

// Payment deadlines with card payments (docs/product.md §10): a Checkout paid in full clears the deadline, and a
// release first settles an open Checkout so nobody pays a registration that is cancelled.
describe('payment deadlines and Stripe Checkout', () => {
  const fake = new FakeStripe();
  let camp: Camp;
  let tent: string;
  useStripeCamp(fake, startTentCamp, async (started) => {
    ({ camp, tent } = started);
    await configure(camp, { paymentDeadlineDays: 7 });
    await camp.t.app.services.paymentDeadlineWorker.stop();
  });

  const db = () => camp.t.database.db;
  const row = async (id: string) =>
    (await db().select().from(registrations).where(eq(registrations.id, id)))[0]!;

  it('clears pay_by when the webhook says the Checkout for all the dues was paid', async () => {
    const { registrationId } = await inCheckout(camp, [tent], 12550);
    const payBy = new Date(Date.now() + 7 * DAY);
    await db().update(registrations).set({ payBy }).where(eq(registrations.id, registrationId));
    const session = fake.pay(fake.lastSession().id);
    const delivered = await fake.deliver(camp.t.app, fake.event('checkout.session.completed', session.id));
    expect(delivered.statusCode).toBe(200);
    expect(await row(registrationId)).toMatchObject({
      status: 'CONFIRMED',
      payBy: null,
      payRemindedAt: null,
    });
  });

  it('expires an open Checkout before releasing its overdue place', async () => {
    const { registrationId } = await inCheckout(camp, [tent], 12550);
    const sessionId = fake.lastSession().id;
    await db()
      .update(registrations)
      .set({ payBy: new Date(Date.now() - DAY) })
      .where(eq(registrations.id, registrationId));
    const released = await camp.call(
      'POST',
      `/api/admin/registrations/${registrationId}/release`,
      camp.admin,
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(fake.session(sessionId).status).toBe('expired');
    expect(await row(registrationId)).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: PAYMENT_DEADLINE_TEXTS.releasedReason,
    });
    const left = await db().select().from(payments).where(eq(payments.registrationId, registrationId));
    expect(left.map((payment) => payment.status)).toEqual(['FAILED']);
  });
});
