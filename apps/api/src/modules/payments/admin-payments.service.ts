import {
  centsToDollars,
  dollarsToCents,
  type ManualPaymentInput,
  manualTooLargeMessage,
  PAYMENT_MESSAGES,
  type OwedRegistration,
  type Payment,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, registrations } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit-writer';
import type { OutboxWorker } from '../mail/outbox';
import { duesBalance } from './dues';
import { duesBalanceCents, optionDuesCentsSql, paidCentsSql } from './owed';
import { paymentDto } from './payments.read';
import type { PaymentsService } from './payments.service';

export interface AdminPaymentsServiceDeps {
  db: Db;
  outbox: Pick<OutboxWorker, 'kick'>;
  payments: Pick<PaymentsService, 'settleCheckoutsOf' | 'afterPayment'>;
}

/** The admins' payment desk (decision 016): manual payments and who still owes dues. */
export class AdminPaymentsService {
  constructor(private readonly deps: AdminPaymentsServiceDeps) {}

  /**
   * POST /admin/payments: a payment made by cash, check or bank transfer. At most what is owed; an open
   * Checkout of the registration is settled with Stripe first (so it cannot be paid on top; set aside when
   * Stripe cannot be asked), then the
   * payment is COMPLETED, audited (PAYMENT_MANUAL), and followed as a card payment is: registration
   * CONFIRMED when nothing more is owed, dues row reconciled, receipt mailed.
   */
  async recordManual(admin: CurrentUser, input: ManualPaymentInput): Promise<Payment> {
    const { db } = this.deps;
    const [registration] = await db
      .select({ id: registrations.id, status: registrations.status, userId: registrations.userId })
      .from(registrations)
      .where(eq(registrations.id, input.registrationId));
    if (!registration) throw notFound(PAYMENT_MESSAGES.registrationNotFound);
    if (registration.status === 'CANCELLED') throw badRequest(PAYMENT_MESSAGES.registrationCancelled);
    // Stripe's state never blocks money received by hand: an open Checkout Stripe cannot settle now is set
    // aside, and should the person pay it after all, that payment is recorded on top (decision 034).
    await this.deps.payments.settleCheckoutsOf(registration.id, 'abandon');

    const cents = dollarsToCents(input.amount);
    const reference = input.reference.trim();
    const paymentId = await db.transaction(async (tx) => {
      await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.id, registration.id))
        .for('update');
      const { owed } = await duesBalance(tx, registration.id);
      if (owed <= 0) throw badRequest(PAYMENT_MESSAGES.nothingOwed);
      if (cents > owed) throw badRequest(manualTooLargeMessage(owed));
      const [payment] = await tx
        .insert(payments)
        .values({
          userId: registration.userId,
          registrationId: registration.id,
          amountCents: cents,
          currency: 'USD',
          status: 'COMPLETED',
          provider: 'MANUAL',
          method: input.method,
          reference,
        })
        .returning();
      if (!payment) throw new Error('no payment row');
      await recordAudit(tx, {
        actionType: 'PAYMENT_MANUAL',
        transactionId: randomUUID(),
        adminUserId: admin.id,
        registrationId: registration.id,
        reason: null,
        oldValues: { owed: centsToDollars(owed) },
        newValues: {
          paymentId: payment.id,
          amount: centsToDollars(cents),
          method: input.method,
          reference,
          owed: centsToDollars(owed - cents),
        },
      });
      await this.deps.payments.afterPayment(tx, payment, reference);
      return payment.id;
    });
    this.deps.outbox.kick();
    return paymentDto(db, paymentId);
  }

  /**
   * GET /admin/payments/dues: registrations (not cancelled) that still owe dues, in one query: options' dues
   * at the person's rate, minus what was paid: the ledger of `duesBalance`, in SQL from owed.ts.
   */
  async owed(): Promise<OwedRegistration[]> {
    type Row = {
      registration_id: string;
      year: number;
      status: OwedRegistration['status'];
      user_id: string;
      email: string;
      first_name: string | null;
      last_name: string | null;
      dues: string;
      paid: string;
    };
    const result = await this.deps.db.execute(sql`
      with dues as (
        select r.id, sum(${optionDuesCentsSql(sql`u.role`, sql`o`)}) as cents
        from registrations r
        join users u on u.id = r.user_id
        join registration_camping_options rco on rco.registration_id = r.id
        join camping_options o on o.id = rco.camping_option_id
        where r.status <> 'CANCELLED'
        group by r.id
      ), paid as (
        select p.registration_id, ${paidCentsSql(sql`p`)} as cents
        from payments p
        where p.registration_id is not null
        group by p.registration_id
      )
      select r.id as registration_id, r.year, r.status, u.id as user_id, u.email,
             u.first_name, u.last_name, d.cents as dues, coalesce(p.cents, 0) as paid
      from dues d
      join registrations r on r.id = d.id
      join users u on u.id = r.user_id
      left join paid p on p.registration_id = r.id
      where d.cents - coalesce(p.cents, 0) > 0
      order by lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.email, r.year desc
    `);
    return (result as unknown as { rows: Row[] }).rows.map((row) => {
      const dues = Number(row.dues);
      const paid = Number(row.paid);
      return {
        registrationId: row.registration_id,
        year: Number(row.year),
        status: row.status,
        user: {
          id: row.user_id,
          email: row.email,
          firstName: row.first_name ?? '',
          lastName: row.last_name ?? '',
        },
        dues: centsToDollars(dues),
        paid: centsToDollars(paid),
        owed: centsToDollars(duesBalanceCents(dues, paid)),
      };
    });
  }
}
