import type { PaymentProvider, PaymentStatus, RegistrationStatus, Role } from '@camp/shared/rules';
import type { UserReportStatus } from '@camp/shared/reports';

/** The registration report's filters as GET /reports/registrations takes them; absent means all. */
export interface RegistrationReportFilters {
  year?: number;
  status?: RegistrationStatus;
  campingOptionId?: string;
}

/** The user report's filters (GET /reports/users); no year means the configured registration year. */
export interface UserReportFilters {
  year?: number;
  status?: UserReportStatus;
  role?: Role;
  /** Only people with ('true') or without ('false') a no-show (docs/product.md §11 Check-in). */
  hasNoShows?: 'true' | 'false';
}

/** The payment report's filters (GET /payments). */
export interface PaymentReportFilters {
  provider?: PaymentProvider;
  status?: PaymentStatus;
}

/** Query keys of the reports; all start with 'reports'. */
export const reportKeys = {
  all: () => ['reports'] as const,
  registrations: (filters: RegistrationReportFilters) => ['reports', 'registrations', filters] as const,
  users: (filters: UserReportFilters) => ['reports', 'users', filters] as const,
  payments: (filters: PaymentReportFilters) => ['reports', 'payments', filters] as const,
  workSchedule: (year: number | undefined) => ['reports', 'work-schedule', year ?? null] as const,
};
