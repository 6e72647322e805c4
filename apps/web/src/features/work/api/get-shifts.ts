import type { Shift } from '@camp/shared/work';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { workKeys } from './query-keys';

/** GET /shifts: every shift with its jobs, in festival-day order then start time. */
export function getShifts(signal?: AbortSignal): Promise<Shift[]> {
  return apiClient.get<Shift[]>('/shifts', { signal });
}

export const shiftsQueryOptions = () =>
  queryOptions({ queryKey: workKeys.shifts(), queryFn: ({ signal }) => getShifts(signal) });

export function useShifts() {
  return useQuery(shiftsQueryOptions());
}
