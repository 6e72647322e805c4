import type { Shift, UpdateShiftInput } from '@camp/shared/work';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** PATCH /shifts/{id}: only the fields given change. */
export function updateShift(id: string, input: UpdateShiftInput): Promise<Shift> {
  return apiClient.patch<Shift>(`/shifts/${encodeURIComponent(id)}`, { body: input });
}

export function useUpdateShift() {
  const invalidate = useInvalidateWork();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateShiftInput }) => updateShift(id, input),
    onSuccess: invalidate,
  });
}
