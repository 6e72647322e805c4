import type { CampingOption, UpdateCampingOptionInput } from '@camp/shared/camping-options';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCampingOptions } from './query-keys';

/** PATCH /camping-options/{id}: only the fields given change; jobCategoryIds replaces the list. */
export function updateCampingOption(id: string, input: UpdateCampingOptionInput): Promise<CampingOption> {
  return apiClient.patch<CampingOption>(`/camping-options/${encodeURIComponent(id)}`, { body: input });
}

export function useUpdateCampingOption() {
  const invalidate = useInvalidateCampingOptions();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCampingOptionInput }) =>
      updateCampingOption(id, input),
    onSuccess: invalidate,
  });
}
