import type { MyShiftWaits, ShiftWait, ShiftWaitResponse } from '@camp/shared/shift-waitlist';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { workKeys } from '../../work';
import { registrationKeys } from './query-keys';

// The person's own places in shift lines (docs/product.md §10, decision 052): read on the dashboard and /shifts,
// joined from /shifts, answered (take, decline, leave) on both.

/** GET /shift-waits/me: the open entries (WAITING or OFFERED) of the registration year, offers first. */
export function myShiftWaitsQueryOptions() {
  return queryOptions({
    queryKey: registrationKeys.shiftWaitsMine(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<MyShiftWaits>('/shift-waits/me', { signal })).shiftWaits,
  });
}

export function useMyShiftWaits({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myShiftWaitsQueryOptions(), enabled });
}

/** POST /shift-waits: join the line of a full job whose waitlist is on. */
export async function joinShiftWait(jobId: string): Promise<ShiftWait> {
  return (await apiClient.post<ShiftWaitResponse>('/shift-waits', { body: { jobId } })).shiftWait;
}

export type ShiftWaitAnswer = 'accept' | 'decline' | 'leave';

/** POST /shift-waits/:id/accept | decline | leave. */
export async function answerShiftWait(id: string, answer: ShiftWaitAnswer): Promise<ShiftWait> {
  return (await apiClient.post<ShiftWaitResponse>(`/shift-waits/${encodeURIComponent(id)}/${answer}`))
    .shiftWait;
}

/**
 * After any shift-line call, success or refusal, the lines are read again (a refusal means they moved on); the
 * registration (an accepted shift is one of its jobs) and the jobs' places too.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: registrationKeys.all() }),
      queryClient.invalidateQueries({ queryKey: workKeys.jobs() }),
    ]);
}

export function useJoinShiftWait() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: joinShiftWait, onSettled: refresh });
}

export function useAnswerShiftWait() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: ShiftWaitAnswer }) => answerShiftWait(id, answer),
    onSettled: refresh,
  });
}
