import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCampingOptions } from './query-keys';

/** DELETE /camping-options/{id} (204); refused (409, with a message) while registrations refer to it. */
export function deleteCampingOption(id: string): Promise<void> {
  return apiClient.delete<void>(`/camping-options/${encodeURIComponent(id)}`);
}

export function useDeleteCampingOption() {
  const invalidate = useInvalidateCampingOptions();
  return useMutation({ mutationFn: deleteCampingOption, onSuccess: invalidate });
}
