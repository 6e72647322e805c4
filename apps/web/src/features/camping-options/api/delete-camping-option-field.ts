import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCampingOptions } from './query-keys';

/** DELETE /camping-options/{id}/fields/{fieldId} (204); refused (409) once registrations hold values for it. */
export function deleteCampingOptionField(optionId: string, fieldId: string): Promise<void> {
  return apiClient.delete<void>(
    `/camping-options/${encodeURIComponent(optionId)}/fields/${encodeURIComponent(fieldId)}`,
  );
}

export function useDeleteCampingOptionField(optionId: string) {
  const invalidate = useInvalidateCampingOptions();
  return useMutation({
    mutationFn: (fieldId: string) => deleteCampingOptionField(optionId, fieldId),
    onSuccess: invalidate,
  });
}
