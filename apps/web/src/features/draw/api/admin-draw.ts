import type { AdminDraw } from '@camp/shared/draw';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The admins' draw (docs/product.md §10, decision 049).

export const drawKeys = {
  all: () => ['draw'] as const,
  admin: () => ['draw', 'admin'] as const,
};

/** GET /admin/draw: the registration year's window, entries and draw. */
export function adminDrawQueryOptions() {
  return queryOptions({
    queryKey: drawKeys.admin(),
    queryFn: () => apiClient.get<AdminDraw>('/admin/draw'),
  });
}

/** POST /admin/draw/run: the draw, now. */
export function useRunDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<AdminDraw>('/admin/draw/run'),
    onSuccess: (view) => queryClient.setQueryData(drawKeys.admin(), view),
    onError: () => queryClient.invalidateQueries({ queryKey: drawKeys.all() }),
  });
}
