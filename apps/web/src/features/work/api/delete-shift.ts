import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** DELETE /shifts/{id} (204). Refused (409, with a message) while jobs use the shift. */
export function deleteShift(id: string): Promise<void> {
  return apiClient.delete<void>(`/shifts/${encodeURIComponent(id)}`);
}

export function useDeleteShift() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: deleteShift, onSuccess: invalidate });
}
