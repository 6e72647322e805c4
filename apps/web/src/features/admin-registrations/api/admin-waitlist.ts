import type { AdminShiftWaitMoveInput } from '@camp/shared/shift-waitlist';
import type { AdminWaitlist, AdminWaitlistMoveInput, AdminWaitlistRemoveInput } from '@camp/shared/waitlist';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminRegistrationKeys } from './query-keys';

/**
 * GET /admin/waitlist?year=: every camping option of the year with its places and its line, and the lines of the jobs
 * (docs/product.md §10).
 */
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

/**
 * Whom an action is about: a waitlisted registration (its camping option lines) or one entry of a job's line
 * (the shift waitlist, decision 052).
 */
export type WaitlistTarget = { registrationId: string } | { shiftWaitId: string };

/** One admin action on a line; each answers the year's lines as they are after it. */
export type WaitlistAction =
  | { kind: 'offer' | 'skip'; target: WaitlistTarget }
  | { kind: 'remove'; target: WaitlistTarget; input: AdminWaitlistRemoveInput }
  | { kind: 'move'; target: { registrationId: string }; input: AdminWaitlistMoveInput }
  | { kind: 'move'; target: { shiftWaitId: string }; input: AdminShiftWaitMoveInput };

/**
 * POST /admin/waitlist/{registrationId}/offer | skip | remove | move, or
 * /admin/waitlist/shift-waits/{shiftWaitId}/… for an entry of a job's line.
 */
export function runWaitlistAction(action: WaitlistAction): Promise<AdminWaitlist> {
  const { target } = action;
  const at =
    'shiftWaitId' in target
      ? `shift-waits/${encodeURIComponent(target.shiftWaitId)}`
      : encodeURIComponent(target.registrationId);
  const body = action.kind === 'remove' || action.kind === 'move' ? action.input : {};
  return apiClient.post<AdminWaitlist>(`/admin/waitlist/${at}/${action.kind}`, { body });
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
