import type { AdminCampConfig, UpdateCampConfigInput } from '@camp/shared/config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { configKeys } from './query-keys';

export interface SaveConfigOutcome {
  config: AdminCampConfig;
  /** True when this save created the configuration (POST), false when it changed the stored one (PATCH). */
  created: boolean;
}

/** A 404 whose message says the configuration is not found ('Configuration not found'). */
function isConfigNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    error.status === 404 &&
    error.serverMessages.some((message) => /not found/i.test(message))
  );
}

/**
 * docs/product.md §4 Configuration save: PATCH /core-config/current when a configuration exists, else POST /core-config.
 * If the PATCH answers 'not found' (none stored, so no configuration is known to the server any more, e.g.
 * after a database reset), the same payload is sent again as a create. The payload must already leave out
 * blank secrets (see toConfigPayload) so that stored ones are kept.
 */
export async function saveAdminConfig(
  payload: UpdateCampConfigInput,
  { exists }: { exists: boolean },
): Promise<SaveConfigOutcome> {
  if (!exists) {
    return {
      config: await apiClient.post<AdminCampConfig>('/core-config', { body: payload }),
      created: true,
    };
  }
  try {
    return {
      config: await apiClient.patch<AdminCampConfig>('/core-config/current', { body: payload }),
      created: false,
    };
  } catch (error) {
    if (!isConfigNotFound(error)) throw error;
    return {
      config: await apiClient.post<AdminCampConfig>('/core-config', { body: payload }),
      created: true,
    };
  }
}

/**
 * Saves the configuration (as `request` builds it from the form's values). The admin form's cached copy
 * becomes the saved one, and the public configuration (header, page title, home page) is fetched again so
 * the change shows at once.
 */
export function useSaveAdminConfig<TValues>(
  request: (values: TValues) => { payload: UpdateCampConfigInput; exists: boolean },
  {
    onSuccess,
    onError,
  }: {
    onSuccess?: (outcome: SaveConfigOutcome, values: TValues) => void;
    onError?: (error: unknown, values: TValues) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TValues) => {
      const { payload, exists } = request(values);
      return saveAdminConfig(payload, { exists });
    },
    onSuccess: async (outcome, values) => {
      queryClient.setQueryData(configKeys.admin(), outcome.config);
      onSuccess?.(outcome, values);
      await queryClient.invalidateQueries({ queryKey: configKeys.public() });
    },
    onError: (error, values) => onError?.(error, values),
  });
}
