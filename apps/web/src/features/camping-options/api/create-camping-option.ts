import type { CampingOption, CreateCampingOptionInput } from '@camp/shared/camping-options';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCampingOptions } from './query-keys';

/** POST /camping-options (201). */
export function createCampingOption(input: CreateCampingOptionInput): Promise<CampingOption> {
  return apiClient.post<CampingOption>('/camping-options', { body: input });
}

export function useCreateCampingOption() {
  const invalidate = useInvalidateCampingOptions();
  return useMutation({ mutationFn: createCampingOption, onSuccess: invalidate });
}
