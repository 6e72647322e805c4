import type { CampingOptionField } from '@camp/shared/camping-options';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { campingOptionKeys } from './query-keys';

/** GET /camping-options/{id}/fields: the option's custom fields, in order. */
export function getCampingOptionFields(
  optionId: string,
  signal?: AbortSignal,
): Promise<CampingOptionField[]> {
  return apiClient.get<CampingOptionField[]>(`/camping-options/${encodeURIComponent(optionId)}/fields`, {
    signal,
  });
}

export const campingOptionFieldsQueryOptions = (optionId: string) =>
  queryOptions({
    queryKey: campingOptionKeys.fields(optionId),
    queryFn: ({ signal }) => getCampingOptionFields(optionId, signal),
  });

export function useCampingOptionFields(optionId: string) {
  return useQuery(campingOptionFieldsQueryOptions(optionId));
}
