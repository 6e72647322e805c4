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
import { rowsOf } from '../../db/raw';
import {
  campingOptions,
  payments,
  registrationCampingOptions,
  registrations,
  users,
} from '../../db/schema/index';
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
    // Tables are not aliased, so every column is named through the schema (decision 042); the CTEs' own
    // columns are named by hand.
    const rows = rowsOf<{
      registrationId: string;
      year: number;
      status: OwedRegistration['status'];
      userId: string;
      email: string;
      firstName: string | null;
      lastName: string | null;
      dues: string;
      paid: string;
    }>(
      await this.deps.db.execute(sql`
      with dues as (
        select ${registrations.id} as registration_id,
          sum(${optionDuesCentsSql(users.role, campingOptions)}) as cents
        from ${registrations}
        join ${users} on ${users.id} = ${registrations.userId}
        join ${registrationCampingOptions} on ${registrationCampingOptions.registrationId} = ${registrations.id}
        join ${campingOptions} on ${campingOptions.id} = ${registrationCampingOptions.campingOptionId}
        where ${registrations.status} <> 'CANCELLED'
        group by ${registrations.id}
      ), paid as (
        select ${payments.registrationId} as registration_id, ${paidCentsSql(payments)} as cents
        from ${payments}
        where ${payments.registrationId} is not null
        group by ${payments.registrationId}
      )
      select ${registrations.id} as "registrationId", ${registrations.year} as "year",
             ${registrations.status} as "status", ${users.id} as "userId", ${users.email} as "email",
             ${users.firstName} as "firstName", ${users.lastName} as "lastName",
             dues.cents as "dues", coalesce(paid.cents, 0) as "paid"
      from dues
      join ${registrations} on ${registrations.id} = dues.registration_id
      join ${users} on ${users.id} = ${registrations.userId}
      left join paid on paid.registration_id = ${registrations.id}
      where dues.cents - coalesce(paid.cents, 0) > 0
      order by lower(coalesce(${users.firstName}, '')), lower(coalesce(${users.lastName}, '')), ${users.email},
        ${registrations.year} desc
    `),
    );
    return rows.map((row) => {
      const dues = Number(row.dues);
      const paid = Number(row.paid);
      return {
        registrationId: row.registrationId,
        year: Number(row.year),
        status: row.status,
        user: {
          id: row.userId,
          email: row.email,
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
        },
        dues: centsToDollars(dues),
        paid: centsToDollars(paid),
        owed: centsToDollars(duesBalanceCents(dues, paid)),
      };
    });
  }
}
