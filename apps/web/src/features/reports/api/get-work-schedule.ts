import type { WorkScheduleShift } from '@camp/shared/work';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { reportKeys } from './query-keys';

/** GET /shifts/with-jobs-and-registrations?year (staff, admin): every shift with its jobs and people. */
export function getWorkSchedule(
  year: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WorkScheduleShift[]> {
  return apiClient.get<WorkScheduleShift[]>('/shifts/with-jobs-and-registrations', {
    signal,
    query: { year },
  });
}

export function workScheduleQueryOptions(year: number | undefined) {
  return queryOptions({
    queryKey: reportKeys.workSchedule(year),
    queryFn: ({ signal }) => getWorkSchedule(year, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useWorkSchedule(year: number | undefined) {
  return useQuery(workScheduleQueryOptions(year));
}
