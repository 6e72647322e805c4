import type { CampingOptionField, UpdateCampingOptionFieldInput } from '@camp/shared/camping-options';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCampingOptions } from './query-keys';

/** PATCH /camping-options/{id}/fields/{fieldId}. */
export function updateCampingOptionField(
  optionId: string,
  fieldId: string,
  input: UpdateCampingOptionFieldInput,
): Promise<CampingOptionField> {
  return apiClient.patch<CampingOptionField>(
    `/camping-options/${encodeURIComponent(optionId)}/fields/${encodeURIComponent(fieldId)}`,
    { body: input },
  );
}

export function useUpdateCampingOptionField(optionId: string) {
  const invalidate = useInvalidateCampingOptions();
  return useMutation({
    mutationFn: ({ fieldId, input }: { fieldId: string; input: UpdateCampingOptionFieldInput }) =>
      updateCampingOptionField(optionId, fieldId, input),
    onSuccess: invalidate,
  });
}
