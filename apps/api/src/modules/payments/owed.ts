import { isStaffRole, ROLES, type PaymentStatus } from '@camp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { campingOptions, payments, users } from '../../db/schema/index';

/**
 * What is paid and what is owed, in cents: the one server definition (decisions 016, 040). Each rule has its
 * TypeScript form (one registration) and its SQL form (an aggregate for lists and reports); owed.test.ts
 * proves they agree.
 *
 * - Paid: the COMPLETED and REFUNDED payments (a refund gives money back; it does not put dues back).
 * - The dues ledger: the options' dues at the person's rate minus what was paid (negative when overpaid); it
 *   decides the dues row, what a Checkout or a manual payment may take, and when a registration is paid up.
 * - Owed, as people are shown it (docs/product.md §2): the sum of the PENDING payments, which reconcileDues keeps
 *   at the ledger's balance (one dues row). The API answers it as `amountOwed`, the report as
 *   `outstandingAmount`; the browser never sums payments itself.
 */

/** The payment states whose amount paid dues. */
export const PAID_STATUSES = ['COMPLETED', 'REFUNDED'] as const satisfies readonly PaymentStatus[];

interface PaymentAmount {
  status: PaymentStatus;
  amountCents: number;
}

const sumOf = (payments: readonly PaymentAmount[], counts: (status: PaymentStatus) => boolean) =>
  payments.filter((payment) => counts(payment.status)).reduce((sum, payment) => sum + payment.amountCents, 0);

const isPaid = (status: PaymentStatus) => (PAID_STATUSES as readonly PaymentStatus[]).includes(status);

/** What the payments paid of the dues. */
export const paidCents = (payments: readonly PaymentAmount[]): number => sumOf(payments, isPaid);

/** What is owed: the PENDING payments. */
export const owedCents = (payments: readonly PaymentAmount[]): number =>
  sumOf(payments, (status) => status === 'PENDING');

/** The dues ledger's balance: dues minus paid. */
export const duesBalanceCents = (duesCents: number, paidCentsSoFar: number): number =>
  duesCents - paidCentsSoFar;

const listed = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * paidCents as an aggregate over rows of `paid` (0 when there are none): the payments table, or an `alias()` of
 * it when a statement reads it twice.
 */
export const paidCentsSql = (paid: typeof payments): SQL =>
  sql`coalesce(sum(${paid.amountCents}) filter (where ${paid.status} in (${listed(PAID_STATUSES)})), 0)`;

/** owedCents as an aggregate over rows of `owed` (0 when there are none), as paidCentsSql. */
export const owedCentsSql = (owed: typeof payments): SQL =>
  sql`coalesce(sum(${owed.amountCents}) filter (where ${owed.status} = 'PENDING'), 0)`;

/** One option's dues at the rate of the person whose role is `role` (optionDuesFor in SQL; `option` a row). */
export const optionDuesCentsSql = (role: typeof users.role, option: typeof campingOptions): SQL =>
  sql`case when ${role} in (${listed(ROLES.filter(isStaffRole))}) then ${option.staffDuesCents}
           else ${option.participantDuesCents} end`;
