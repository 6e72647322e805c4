import type { AdminCampConfig } from '@camp/shared/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { configKeys } from './query-keys';

/**
 * GET /core-config/current (admin): the full configuration, secrets only as `*Set` flags. Answers null when
 * none is stored yet (404 'Configuration not found'): the screen then shows the blank form and creates.
 */
export async function getAdminConfig({
  signal,
}: { signal?: AbortSignal } = {}): Promise<AdminCampConfig | null> {
  try {
    return await apiClient.get<AdminCampConfig>('/core-config/current', { signal });
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 404) return null;
    throw error;
  }
}

export function adminConfigQueryOptions() {
  return queryOptions({
    queryKey: configKeys.admin(),
    queryFn: ({ signal }) => getAdminConfig({ signal }),
    // An admin opening the form expects what is stored now, not a copy from minutes ago.
    staleTime: 0,
  });
}

export function useAdminConfig() {
  return useQuery(adminConfigQueryOptions());
}
