import type {
  OverdueRegistration,
  OverdueRegistrationList,
  ReleasePlaceResponse,
} from '@camp/shared/payments';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminPaymentKeys, useInvalidateAdminPayments } from './admin-query-keys';

/** GET /admin/payments/overdue: registrations past their payment deadline with dues owed (docs/product.md §10). */
export async function getOverdueRegistrations(signal?: AbortSignal): Promise<OverdueRegistration[]> {
  const body = await apiClient.get<OverdueRegistrationList>('/admin/payments/overdue', { signal });
  return body.registrations;
}

export function useOverdueRegistrations() {
  return useQuery({
    queryKey: adminPaymentKeys.overdue(),
    queryFn: ({ signal }) => getOverdueRegistrations(signal),
  });
}

/** POST /admin/registrations/:id/release: the unpaid place goes back to the line. */
export function releasePlace(registrationId: string): Promise<ReleasePlaceResponse> {
  return apiClient.post<ReleasePlaceResponse>(
    `/admin/registrations/${encodeURIComponent(registrationId)}/release`,
  );
}

export function useReleasePlace() {
  const invalidate = useInvalidateAdminPayments();
  return useMutation({ mutationFn: releasePlace, onSuccess: invalidate });
}
