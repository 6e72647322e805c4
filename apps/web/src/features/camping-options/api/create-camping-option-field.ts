import type { CampingOptionField, CreateCampingOptionFieldInput } from '@camp/shared/camping-options';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCampingOptions } from './query-keys';

/** POST /camping-options/{id}/fields (201): the new field goes last. */
export function createCampingOptionField(
  optionId: string,
  input: CreateCampingOptionFieldInput,
): Promise<CampingOptionField> {
  return apiClient.post<CampingOptionField>(`/camping-options/${encodeURIComponent(optionId)}/fields`, {
    body: input,
  });
}

export function useCreateCampingOptionField(optionId: string) {
  const invalidate = useInvalidateCampingOptions();
  return useMutation({
    mutationFn: (input: CreateCampingOptionFieldInput) => createCampingOptionField(optionId, input),
    onSuccess: invalidate,
  });
}
