import type { Shift, CreateShiftInput } from '@camp/shared/work';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** POST /shifts (201). */
export function createShift(input: CreateShiftInput): Promise<Shift> {
  return apiClient.post<Shift>('/shifts', { body: input });
}

export function useCreateShift() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: createShift, onSuccess: invalidate });
}
