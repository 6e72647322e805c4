import type { OwedRegistration, OwedRegistrationList } from '@camp/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminPaymentKeys } from './admin-query-keys';

/** GET /admin/payments/dues: the registrations with dues still owed (the manual payment form's choices). */
export async function getOwedRegistrations(signal?: AbortSignal): Promise<OwedRegistration[]> {
  const body = await apiClient.get<OwedRegistrationList>('/admin/payments/dues', { signal });
  return body.registrations;
}

export function owedRegistrationsQueryOptions() {
  return queryOptions({
    queryKey: adminPaymentKeys.owed(),
    queryFn: ({ signal }) => getOwedRegistrations(signal),
    // What is owed changes with every payment: asked again each time the form opens.
    staleTime: 0,
  });
}

export function useOwedRegistrations() {
  return useQuery(owedRegistrationsQueryOptions());
}
