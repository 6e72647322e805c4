import type { CampingOption } from '@camp/shared/camping-options';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { campingOptionKeys } from './query-keys';

/**
 * GET /camping-options: the enabled options with their fields and places (the wizard), or with
 * `includeDisabled` every option, disabled ones included (admins).
 */
export function getCampingOptions(
  { includeDisabled = false }: { includeDisabled?: boolean } = {},
  signal?: AbortSignal,
): Promise<CampingOption[]> {
  return apiClient.get<CampingOption[]>('/camping-options', {
    query: includeDisabled ? { includeDisabled: true } : undefined,
    signal,
  });
}

export const campingOptionsQueryOptions = ({ includeDisabled = false }: { includeDisabled?: boolean } = {}) =>
  queryOptions({
    queryKey: campingOptionKeys.list({ includeDisabled }),
    queryFn: ({ signal }) => getCampingOptions({ includeDisabled }, signal),
    // Places left change as others register: every screen that opens asks again.
    staleTime: 0,
  });

/** Every option, disabled ones included (the admin list). */
export function useAdminCampingOptions() {
  return useQuery(campingOptionsQueryOptions({ includeDisabled: true }));
}
