/**
 * Helpers for the e2e tests of payments whose Checkout Session Stripe does not know: a registration's PENDING
 * dues row pointed at such a session (as after a camp moved from test keys to live keys), and the rows of a
 * registration's payments read from the server's database.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { payments } from '../../apps/api/src/db/schema/index';
import type { Backend } from './fixtures';

/**
 * Points the registration's PENDING dues row (written at submission, no session yet) at a Checkout Session
 * id the fake Stripe never made; answers that id.
 */
export async function pointDuesAtUnknownSession(backend: Backend, registrationId: string): Promise<string> {
  const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
  const updated = await backend.database.db
    .update(payments)
    .set({ providerRefId: sessionId })
    .where(
      and(
        eq(payments.registrationId, registrationId),
        eq(payments.status, 'PENDING'),
        eq(payments.provider, 'STRIPE'),
      ),
    )
    .returning({ id: payments.id });
  if (updated.length !== 1) throw new Error(`expected one dues row, found ${updated.length}`);
  return sessionId;
}

/** The registration's payments as [provider, status, session or null, cents], oldest first. */
export async function paymentRowsOf(
  backend: Backend,
  registrationId: string,
): Promise<Array<[string, string, string | null, number]>> {
  const rows = await backend.database.db
    .select()
    .from(payments)
    .where(eq(payments.registrationId, registrationId))
    .orderBy(payments.createdAt);
  return rows.map((row) => [row.provider, row.status, row.providerRefId, row.amountCents]);
}
