import type { AuditRecord } from '@camp/shared/admin-registrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminRegistrationKeys } from './query-keys';

/** GET /admin/registrations/{id}/audit-trail: the registration's audit records, newest first. */
export function getAuditTrail(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<AuditRecord[]> {
  return apiClient.get<AuditRecord[]>(`/admin/registrations/${encodeURIComponent(id)}/audit-trail`, {
    signal,
  });
}

export const auditTrailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminRegistrationKeys.auditTrail(id),
    queryFn: ({ signal }) => getAuditTrail(id, { signal }),
    staleTime: 0,
  });

export function useAuditTrail(id: string) {
  return useQuery(auditTrailQueryOptions(id));
}
