import type { RegistrationCampingOption } from '@camp/shared/registrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminRegistrationKeys } from './query-keys';

/** GET /admin/registrations/{id}/camping-options: the options the registration holds now. */
export function getRegistrationCampingOptions(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RegistrationCampingOption[]> {
  return apiClient.get<RegistrationCampingOption[]>(
    `/admin/registrations/${encodeURIComponent(id)}/camping-options`,
    { signal },
  );
}

export const registrationCampingOptionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminRegistrationKeys.campingOptions(id),
    queryFn: ({ signal }) => getRegistrationCampingOptions(id, { signal }),
    staleTime: 0,
    // docs/product.md §8: on failure the edit uses the registration's own options; no need to wait for a retry.
    retry: false,
  });

export function useRegistrationCampingOptions(id: string) {
  return useQuery(registrationCampingOptionsQueryOptions(id));
}
