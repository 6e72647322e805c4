import type { CampingOption } from '@camp/shared/camping-options';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { campingOptionKeys } from './query-keys';

/** GET /camping-options?includeDisabled=true: every option, disabled ones included (admins). */
export function getAdminCampingOptions(signal?: AbortSignal): Promise<CampingOption[]> {
  return apiClient.get<CampingOption[]>('/camping-options', { query: { includeDisabled: true }, signal });
}

export const adminCampingOptionsQueryOptions = () =>
  queryOptions({
    queryKey: campingOptionKeys.adminList,
    queryFn: ({ signal }) => getAdminCampingOptions(signal),
  });

export function useAdminCampingOptions() {
  return useQuery(adminCampingOptionsQueryOptions());
}
