import type { Registration } from '@camp/shared/registrations';
import { WAITLIST_MESSAGES } from '@camp/shared/rules';
import type { AcceptOfferInput } from '@camp/shared/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { campingOptionKeys } from '../../camping-options';
import { workKeys } from '../../work';
import { registrationKeys } from './query-keys';

// The waitlist's own calls from the dashboard (docs/product.md §10, decision 048).

/** POST /registrations/:id/leave-waitlist: the registration is cancelled ("Left the waitlist"). */
export function leaveWaitlist(registrationId: string): Promise<Registration> {
  return apiClient.post<Registration>(`/registrations/${encodeURIComponent(registrationId)}/leave-waitlist`);
}

/** POST /waitlist-offers/:id/accept: PENDING (dues owed) or CONFIRMED; `jobs` after a 409 SHIFTS_FULL. */
export function acceptOffer(offerId: string, input: AcceptOfferInput = {}): Promise<Registration> {
  return apiClient.post<Registration>(`/waitlist-offers/${encodeURIComponent(offerId)}/accept`, {
    body: input,
  });
}

/** POST /waitlist-offers/:id/decline: the offer ends and the registration leaves the waitlist. */
export function declineOffer(offerId: string): Promise<Registration> {
  return apiClient.post<Registration>(`/waitlist-offers/${encodeURIComponent(offerId)}/decline`);
}

/**
 * Accepting failed because a chosen shift filled up meanwhile (409 SHIFTS_FULL): the person chooses shifts again.
 * The code is read where the server sends one (`code`, or `error.code`), else the shared message is matched.
 */
export function isShiftsFull(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  const body = error.body as { code?: unknown; error?: { code?: unknown } } | undefined;
  if (body?.code === 'SHIFTS_FULL' || body?.error?.code === 'SHIFTS_FULL') return true;
  return error.serverMessages.includes(WAITLIST_MESSAGES.shiftsFullOnAccept);
}

/** After any waitlist call, success or 409, the person's registrations and the places have moved on. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (registration: Registration) => {
      queryClient.setQueryData<Registration[]>(registrationKeys.mine(), (list) =>
        list?.map((item) => (item.id === registration.id ? registration : item)),
      );
      return queryClient.invalidateQueries({ queryKey: registrationKeys.all() });
    },
    onError: (failure: unknown) => {
      if (!isApiError(failure) || failure.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: registrationKeys.all() });
      void queryClient.invalidateQueries({ queryKey: campingOptionKeys.all() });
      void queryClient.invalidateQueries({ queryKey: workKeys.jobs() });
    },
  };
}

export function useLeaveWaitlist() {
  return useMutation({ mutationFn: leaveWaitlist, ...useRefreshAfter() });
}

export function useAcceptOffer() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ offerId, jobs }: { offerId: string; jobs?: string[] }) =>
      acceptOffer(offerId, jobs === undefined ? {} : { jobs }),
    ...refresh,
    onError: (failure) => {
      // SHIFTS_FULL keeps the offer open: only the shifts' places are read again, for the picker.
      if (isShiftsFull(failure)) void queryClient.invalidateQueries({ queryKey: workKeys.jobs() });
      else refresh.onError(failure);
    },
  });
}

export function useDeclineOffer() {
  return useMutation({ mutationFn: declineOffer, ...useRefreshAfter() });
}
