import type { RegistrationSubmission, SubmitCampResponse } from '@camp/shared/registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { campingOptionKeys } from '../../camping-options';
import { workKeys } from '../../work';
import { registrationKeys } from './query-keys';

/**
 * POST /registrations/camp: creates the registration (the server computes the dues), or, while the application
 * window is open, the draw entry (docs/product.md §10).
 */
export function submitRegistration(payload: RegistrationSubmission): Promise<SubmitCampResponse> {
  return apiClient.post<SubmitCampResponse>('/registrations/camp', { body: payload });
}

export function useSubmitRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all() }),
    onError: (failure) => {
      // 409: a place was taken meanwhile; the catalog's places are out of date.
      if (isApiError(failure) && failure.status === 409) {
        void queryClient.invalidateQueries({ queryKey: campingOptionKeys.all() });
        void queryClient.invalidateQueries({ queryKey: workKeys.jobs() });
      }
    },
  });
}
