import type { CampingOptionField } from '@camp/shared/camping-options';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateCampingOptions } from './query-keys';

/** PATCH /camping-option-fields/reorder/{optionId} {fieldOrders}: all or nothing; answers the fields in order. */
export function reorderCampingOptionFields(
  optionId: string,
  orderedIds: readonly string[],
): Promise<CampingOptionField[]> {
  return apiClient.patch<CampingOptionField[]>(
    `/camping-option-fields/reorder/${encodeURIComponent(optionId)}`,
    {
      body: { fieldOrders: orderedIds.map((id, order) => ({ id, order })) },
    },
  );
}

/** docs/product.md §4: after a reorder the list reloads (on failure too, so it shows the order that was kept). */
export function useReorderCampingOptionFields(optionId: string) {
  const invalidate = useInvalidateCampingOptions();
  return useMutation({
    mutationFn: (orderedIds: readonly string[]) => reorderCampingOptionFields(optionId, orderedIds),
    onSettled: invalidate,
  });
}
