import { PaymentSchema, type Payment } from '@camp/shared/payments';
import { PAYMENTS_TAKE_DEFAULT } from '@camp/shared/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { reportKeys, type PaymentReportFilters } from './query-keys';

/**
 * The answer could not be read as payments (docs/product.md §8: 'Received invalid payment data format'), as opposed to
 * the call failing ('Failed to fetch payments data').
 */
export class InvalidPaymentDataError extends Error {
  override readonly name = 'InvalidPaymentDataError';
}

// docs/product.md §7: "a list or a wrapper with a payments list"; this API sends the wrapper (decision 015).
const PaymentReportBodySchema = z.union([
  z.object({ payments: z.array(PaymentSchema) }).transform((body) => body.payments),
  z.array(PaymentSchema),
]);

/**
 * GET /payments?provider&status&take=10000 (admin): every payment that matches, not paginated (docs/product.md §2, §9),
 * checked against the payment schema. The admin payments screen reads the same endpoint through its own
 * fetcher in features/payments, which that feature does not export and which does not check the answer.
 */
export async function getPaymentReport(
  filters: PaymentReportFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Payment[]> {
  const body = await apiClient.get<unknown>('/payments', {
    signal,
    query: { provider: filters.provider, status: filters.status, take: PAYMENTS_TAKE_DEFAULT },
  });
  const parsed = PaymentReportBodySchema.safeParse(body);
  if (!parsed.success) throw new InvalidPaymentDataError('Received invalid payment data format');
  return parsed.data;
}

export function paymentReportQueryOptions(filters: PaymentReportFilters) {
  return queryOptions({
    queryKey: reportKeys.payments(filters),
    queryFn: ({ signal }) => getPaymentReport(filters, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePaymentReport(filters: PaymentReportFilters) {
  return useQuery(paymentReportQueryOptions(filters));
}
