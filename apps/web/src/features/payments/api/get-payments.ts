import type { Payment, PaymentList } from '@camp/shared/payments';
import { PAYMENTS_TAKE_DEFAULT } from '@camp/shared/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminPaymentKeys, type PaymentFilters } from './admin-query-keys';

/**
 * GET /payments?status=&provider=&year=&search=&take=10000: every payment that matches (an admin sees
 * everyone's), newest first. A blank search is left out.
 */
export async function getPayments(
  filters: PaymentFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Payment[]> {
  const search = filters.search?.trim();
  const body = await apiClient.get<PaymentList>('/payments', {
    signal,
    query: {
      status: filters.status,
      provider: filters.provider,
      year: filters.year,
      search: search === '' ? undefined : search,
      take: PAYMENTS_TAKE_DEFAULT,
    },
  });
  return body.payments;
}

export function adminPaymentsQueryOptions(filters: PaymentFilters) {
  return queryOptions({
    queryKey: adminPaymentKeys.list(filters),
    queryFn: ({ signal }) => getPayments(filters, { signal }),
    // Keep the last list on screen while the next filter's runs, instead of flashing a loader.
    placeholderData: keepPreviousData,
    // Payments arrive by webhook at any time: every visit asks again.
    staleTime: 0,
  });
}

export function useAdminPayments(filters: PaymentFilters) {
  return useQuery(adminPaymentsQueryOptions(filters));
}
