import type { CancelRegistrationInput, CancelRegistrationResponse } from '@camp/shared/admin-registrations';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateAdminRegistrations } from './query-keys';

export interface CancelRegistrationVariables {
  id: string;
  input: CancelRegistrationInput;
}

/** DELETE /admin/registrations/{id} with a reason: cancels, optionally mails and refunds. */
export function cancelRegistration({
  id,
  input,
}: CancelRegistrationVariables): Promise<CancelRegistrationResponse> {
  return apiClient.delete<CancelRegistrationResponse>(`/admin/registrations/${encodeURIComponent(id)}`, {
    body: input,
  });
}

export function useCancelRegistration() {
  const invalidate = useInvalidateAdminRegistrations();
  return useMutation({ mutationFn: cancelRegistration, onSuccess: invalidate });
}
