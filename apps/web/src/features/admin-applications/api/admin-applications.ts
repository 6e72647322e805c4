import {
  AdminApplicationListSchema,
  type ApplicationDecisionInput,
  ApplicationDecisionResultSchema,
  type ApplicationSettingsInput,
  ApplicationSettingsSchema,
} from '@camp/shared/applications';
import type { AdminApplication, ApplicationStatus } from '@camp/shared/rules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// Admin → Applications (docs/product.md §12 Application approval, decision 065): the registration year's
// applications, the decisions on them, and the year's settings. Admins only.

/** The list's status filter: one status, or every application. */
export type ApplicationStatusFilter = ApplicationStatus | 'ALL';

export interface ApplicationListFilters {
  status: ApplicationStatusFilter;
  /** Part of a name or e-mail; blank for none. */
  q: string;
}

export const adminApplicationKeys = {
  all: () => ['applications'] as const,
  lists: () => ['applications', 'admin', 'list'] as const,
  list: ({ status, q }: ApplicationListFilters) =>
    ['applications', 'admin', 'list', status, q.trim()] as const,
  settings: () => ['applications', 'admin', 'settings'] as const,
};

/** GET /applications?status=&q=: oldest first; a blank search is left out of the request. */
export async function getAdminApplications(
  { status, q }: ApplicationListFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminApplication[]> {
  const search = q.trim();
  return AdminApplicationListSchema.parse(
    await apiClient.get('/applications', { query: { status, q: search || undefined }, signal }),
  );
}

export function adminApplicationsQueryOptions(filters: ApplicationListFilters) {
  return queryOptions({
    queryKey: adminApplicationKeys.list(filters),
    queryFn: ({ signal }) => getAdminApplications(filters, { signal }),
    staleTime: 0,
  });
}

/** GET /applications/settings: the registration year's settings (defaults when none were saved). */
export function applicationSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminApplicationKeys.settings(),
    queryFn: async ({ signal }) =>
      ApplicationSettingsSchema.parse(await apiClient.get('/applications/settings', { signal })),
  });
}

/** PUT /applications/settings: the answer becomes the settings shown. */
export function useSaveApplicationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplicationSettingsInput) =>
      ApplicationSettingsSchema.parse(await apiClient.put('/applications/settings', { body: input })),
    onSuccess: (settings) => queryClient.setQueryData(adminApplicationKeys.settings(), settings),
  });
}

/** POST /applications/decisions: approve or decline one or many; every list is fetched again afterwards. */
export function useDecideApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplicationDecisionInput) =>
      ApplicationDecisionResultSchema.parse(await apiClient.post('/applications/decisions', { body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminApplicationKeys.lists() }),
  });
}
