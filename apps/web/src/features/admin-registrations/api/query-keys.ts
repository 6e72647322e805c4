import type { AdminRegistrationSort, AdminRegistrationSortOrder } from '@camp/shared/admin-registrations';
import { useQueryClient } from '@tanstack/react-query';

/** The list's filters and page as GET /admin/registrations takes them; absent means all. */
export interface AdminRegistrationFilters {
  year?: number;
  status?: 'PENDING' | 'CONFIRMED' | 'WAITLISTED' | 'CANCELLED';
  /** Part of the e-mail. */
  email?: string;
  /** Part of the first, last or playa name. */
  name?: string;
  /** Part of the name or of the e-mail (the search box above the list). */
  q?: string;
  /** Absent: the registered date, newest first. */
  sort?: AdminRegistrationSort;
  order?: AdminRegistrationSortOrder;
  page: number;
  limit: number;
}

/** Query keys of Manage Registrations; all start with 'admin-registrations'. */
export const adminRegistrationKeys = {
  all: () => ['admin-registrations'] as const,
  list: (filters: AdminRegistrationFilters) => ['admin-registrations', 'list', filters] as const,
  campingOptions: (id: string) => ['admin-registrations', 'camping-options', id] as const,
  auditTrail: (id: string) => ['admin-registrations', 'audit-trail', id] as const,
  lists: () => ['admin-registrations', 'list'] as const,
  /** The admin Waitlist screen's lines of a year (docs/product.md §10). */
  waitlist: (year: number) => ['admin-registrations', 'waitlist', year] as const,
};

/**
 * Reloads the list, its counts and every audit trail after an edit or a cancel (docs/product.md §4: the list reloads).
 * The places of jobs and options are asked for again whenever the edit opens (their lists are never fresh).
 */
export function useInvalidateAdminRegistrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminRegistrationKeys.all() });
}
