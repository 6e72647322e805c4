import type { UpdateRegistrationInput } from '@camp/shared/admin-registrations';
import type { Registration } from '@camp/shared/registrations';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateAdminRegistrations } from './query-keys';

export interface UpdateRegistrationVariables {
  id: string;
  input: UpdateRegistrationInput;
}

/** PUT /admin/registrations/{id}: status, shifts, camping options, notes; answers the updated registration. */
export function updateRegistration({ id, input }: UpdateRegistrationVariables): Promise<Registration> {
  return apiClient.put<Registration>(`/admin/registrations/${encodeURIComponent(id)}`, { body: input });
}

export function useUpdateRegistration() {
  const invalidate = useInvalidateAdminRegistrations();
  return useMutation({ mutationFn: updateRegistration, onSuccess: invalidate });
}
