import type { CampingOption } from '@camp/shared/camping-options';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { campingOptionKeys } from './query-keys';

/** GET /camping-options/{id} (admins also get a disabled option). */
export function getCampingOption(id: string, signal?: AbortSignal): Promise<CampingOption> {
  return apiClient.get<CampingOption>(`/camping-options/${encodeURIComponent(id)}`, { signal });
}

export const campingOptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campingOptionKeys.detail(id),
    queryFn: ({ signal }) => getCampingOption(id, signal),
  });

export function useCampingOption(id: string) {
  return useQuery(campingOptionQueryOptions(id));
}
