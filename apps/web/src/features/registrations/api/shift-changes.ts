import type { Registration, ShiftChanges } from '@camp/shared/registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { workKeys } from '../../work';
import { registrationKeys } from './query-keys';

// The person changes their own shifts on /shifts (docs/product.md §11 "Changing my shifts", decision 057): one call
// drops and takes, so a swap is never half done.

/** POST /registrations/me/shift-changes: drops `drop` and takes `take`; answers the registration as it is now. */
export function changeMyShifts(change: ShiftChanges): Promise<Registration> {
  return apiClient.post<Registration>('/registrations/me/shift-changes', { body: change });
}

/**
 * After a change, success or refusal, the registration, the shift lines (a taken shift ends its wait) and the jobs'
 * places are read again: a refusal may mean that they moved on.
 */
export function useChangeMyShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMyShifts,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationKeys.all() }),
        queryClient.invalidateQueries({ queryKey: workKeys.jobs() }),
      ]),
  });
}
