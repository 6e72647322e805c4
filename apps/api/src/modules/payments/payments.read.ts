import { centsToDollars, type Payment, type Refund } from '@camp/shared';
import { aliasedTable, and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, refunds, registrations, users } from '../../db/schema/index';
import { fullNameOf, likePattern } from '../../db/search';

/** What the payments list can be narrowed by (GET /payments; year and search are the admins'). */
export interface PaymentFilters {
  userId?: string | undefined;
  registrationId?: string | undefined;
  status?: Payment['status'] | undefined;
  provider?: Payment['provider'] | undefined;
  year?: number | undefined;
  search?: string | undefined;
  ids?: readonly string[];
  take: number;
}

/** A person's columns as the payments' answers show them (the user, or a payment's or refund's admin). */
export const personColumns = (table: typeof users) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
});

type PersonRow = { id: string; email: string; firstName: string | null; lastName: string | null };
/** The person of an answer: a name not given yet is empty. */
export const personDto = (row: PersonRow) => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName ?? '',
  lastName: row.lastName ?? '',
});

/** Payments with their person, year and refunds (docs/product.md §3 Payment and decision 016), newest first. */
export async function listPayments(db: DbOrTx, filters: PaymentFilters): Promise<Payment[]> {
  const conditions: SQL[] = [];
  if (filters.ids) conditions.push(inArray(payments.id, [...filters.ids]));
  if (filters.userId) conditions.push(eq(payments.userId, filters.userId));
  if (filters.registrationId) conditions.push(eq(payments.registrationId, filters.registrationId));
  if (filters.status) conditions.push(eq(payments.status, filters.status));
  if (filters.provider) conditions.push(eq(payments.provider, filters.provider));
  if (filters.year !== undefined) conditions.push(eq(registrations.year, filters.year));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    const search = or(ilike(users.email, pattern), sql`${fullNameOf} ilike ${pattern}`);
    if (search) conditions.push(search);
  }
  const rows = await db
    .select({ payment: payments, user: personColumns(users), year: registrations.year })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(registrations, eq(registrations.id, payments.registrationId))
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(filters.take);
  const refundsOf = await refundsByPayment(
    db,
    rows.map((row) => row.payment.id),
  );
  return rows.map(({ payment, user, year }) => {
    const list = refundsOf.get(payment.id) ?? [];
    const refundedCents = list
      .filter((refund) => refund.status === 'SUCCEEDED')
      .reduce((total, refund) => total + Math.round(refund.amount * 100), 0);
    return {
      id: payment.id,
      userId: payment.userId,
      user: personDto(user),
      registrationId: payment.registrationId,
      registrationYear: year,
      amount: centsToDollars(payment.amountCents),
      refundedAmount: centsToDollars(refundedCents),
      currency: payment.currency,
      status: payment.status,
      provider: payment.provider,
      providerRefId: payment.providerRefId,
      method: payment.method,
      reference: payment.reference,
      refunds: list,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    };
  });
}

/** One payment as the API shows it. */
export async function paymentDto(db: DbOrTx, paymentId: string): Promise<Payment> {
  const [payment] = await listPayments(db, { ids: [paymentId], take: 1 });
  if (!payment) throw new Error(`payment ${paymentId} vanished`);
  return payment;
}

async function refundsByPayment(db: DbOrTx, paymentIds: string[]): Promise<Map<string, Refund[]>> {
  const result = new Map<string, Refund[]>();
  if (paymentIds.length === 0) return result;
  const admins = aliasedTable(users, 'refund_admin');
  const rows = await db
    .select({ refund: refunds, admin: personColumns(admins) })
    .from(refunds)
    .leftJoin(admins, eq(admins.id, refunds.adminUserId))
    .where(inArray(refunds.paymentId, paymentIds))
    .orderBy(refunds.createdAt, refunds.id);
  for (const { refund, admin } of rows) {
    const list = result.get(refund.paymentId) ?? [];
    list.push(refundDto(refund, admin));
    result.set(refund.paymentId, list);
  }
  return result;
}

export function refundDto(refund: typeof refunds.$inferSelect, admin: PersonRow | null): Refund {
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    amount: centsToDollars(refund.amountCents),
    status: refund.status,
    reason: refund.reason,
    source: refund.source,
    providerRefId: refund.providerRefId,
    admin: admin ? personDto(admin) : null,
    failureReason: refund.failureReason,
    attempts: refund.attempts,
    lastAttemptAt: refund.lastAttemptAt?.toISOString() ?? null,
    createdAt: refund.createdAt.toISOString(),
  };
}
