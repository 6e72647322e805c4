import type { AdminWaitlist, AdminWaitlistMoveInput, AdminWaitlistRemoveInput } from '@camp/shared/waitlist';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminRegistrationKeys } from './query-keys';

/** GET /admin/waitlist?year=: every camping option of the year with its places and its line (docs/product.md §10). */
export function getAdminWaitlist(year: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<AdminWaitlist>('/admin/waitlist', { signal, query: { year } });
}

export function adminWaitlistQueryOptions(year: number) {
  return queryOptions({
    queryKey: adminRegistrationKeys.waitlist(year),
    queryFn: ({ signal }) => getAdminWaitlist(year, { signal }),
    // Offers are made, answered and run out at any time: every visit asks again.
    staleTime: 0,
  });
}

export function useAdminWaitlist(year: number) {
  return useQuery(adminWaitlistQueryOptions(year));
}

/** One admin action on a waitlisted registration; each answers the year's lines as they are after it. */
export type WaitlistAction =
  | { kind: 'offer'; registrationId: string }
  | { kind: 'skip'; registrationId: string }
  | { kind: 'remove'; registrationId: string; input: AdminWaitlistRemoveInput }
  | { kind: 'move'; registrationId: string; input: AdminWaitlistMoveInput };

/** POST /admin/waitlist/{registrationId}/offer | skip | remove | move. */
export function runWaitlistAction(action: WaitlistAction): Promise<AdminWaitlist> {
  const path = `/admin/waitlist/${encodeURIComponent(action.registrationId)}/${action.kind}`;
  const body = action.kind === 'remove' || action.kind === 'move' ? action.input : {};
  return apiClient.post<AdminWaitlist>(path, { body });
}

/**
 * Runs an action, puts its answer in place of the year's lines, and reloads the registrations list (its counts
 * of waitlisted people and open offers change with it).
 */
export function useWaitlistAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWaitlistAction,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminRegistrationKeys.waitlist(answer.year), answer);
      void queryClient.invalidateQueries({ queryKey: adminRegistrationKeys.lists() });
    },
  });
}
