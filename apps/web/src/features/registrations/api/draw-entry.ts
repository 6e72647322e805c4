import type { DrawEntryDto, MyDrawEntry } from '@camp/shared/draw';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

// The person's draw entry (docs/product.md §10, decision 049): read on the dashboard, withdrawn before the draw.

/** GET /draw-entries/me: the live entry of the registration year, or null. */
export function myDrawEntryQueryOptions() {
  return queryOptions({
    queryKey: registrationKeys.drawEntryMine(),
    queryFn: async () => (await apiClient.get<MyDrawEntry>('/draw-entries/me')).drawEntry,
  });
}

/** POST /draw-entries/:id/withdraw. */
export function withdrawDrawEntry(entryId: string): Promise<DrawEntryDto> {
  return apiClient.post<DrawEntryDto>(`/draw-entries/${encodeURIComponent(entryId)}/withdraw`);
}

export function useWithdrawDrawEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawDrawEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all() }),
  });
}
