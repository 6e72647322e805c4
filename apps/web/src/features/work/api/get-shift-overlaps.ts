import type { ShiftOverlaps } from '@camp/shared/shift-overlap';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { workKeys } from './query-keys';

/** GET /admin/shift-overlaps (docs/product.md §11): people of the registration year holding overlapping shifts. */
export function getShiftOverlaps(signal?: AbortSignal): Promise<ShiftOverlaps> {
  return apiClient.get<ShiftOverlaps>('/admin/shift-overlaps', { signal });
}

export const shiftOverlapsQueryOptions = () =>
  queryOptions({ queryKey: workKeys.shiftOverlaps(), queryFn: ({ signal }) => getShiftOverlaps(signal) });

export function useShiftOverlaps() {
  return useQuery(shiftOverlapsQueryOptions());
}
