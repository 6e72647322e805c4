import type {
  CampRegistration,
  Registration,
  RegistrationListItem,
  RegistrationSubmissionValues,
  SubmitRegistrationResponse,
} from '@camp/shared';
import { ADMIN_REGISTRATION_MESSAGES } from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import { leaveWaitlist } from '../waitlist/leave';
import type { ConfigService } from '../config/config.service';
import { RegistrationSubmissionService, type SubmissionDeps } from './registration-submission.service';
import { toCampRegistration, toRegistrationDtos } from './registrations.mapper';
import {
  type RegistrationFilters,
  registrationFilter,
  selectCampRegistration,
  selectRegistrations,
} from './registrations.store';

export type { RegistrationFilters } from './registrations.store';

/** The registration routes: the wizard's submission (registration-submission.service.ts) and the reads. */
export class RegistrationsService {
  private readonly db: Db;
  private readonly config: ConfigService;
  private readonly submission: RegistrationSubmissionService;
  private readonly deps: SubmissionDeps;

  constructor(deps: SubmissionDeps) {
    this.deps = deps;
    this.db = deps.db;
    this.config = deps.config;
    this.submission = new RegistrationSubmissionService(deps);
  }

  /** POST /registrations/camp. */
  async submit(
    caller: CurrentUser,
    input: RegistrationSubmissionValues,
  ): Promise<SubmitRegistrationResponse> {
    return this.submission.submit(caller, input);
  }

  /**
   * POST /registrations/{id}/leave-waitlist: the caller's own WAITLISTED registration is cancelled
   * (waitlist/leave.ts). Answers it as it is now.
   */
  async leaveWaitlist(caller: CurrentUser, registrationId: string): Promise<Registration> {
    await leaveWaitlist(this.deps, caller.id, registrationId);
    const [registration] = toRegistrationDtos(
      await selectRegistrations(this.db, eq(registrations.id, registrationId)),
    );
    if (!registration) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
    return registration;
  }

  /** GET /registrations/me: the caller's own registrations, newest year first; one year with ?year. */
  async listForUser(userId: string, year?: number): Promise<Registration[]> {
    return toRegistrationDtos(
      await selectRegistrations(
        this.db,
        and(eq(registrations.userId, userId), year === undefined ? undefined : eq(registrations.year, year)),
      ),
    );
  }

  /**
   * GET /registrations (staff and admins): everyone's, optionally of one person, job or year. The payments only
   * `withPayments` (an admin): staff get registrations without a payments key, and no payment is read.
   */
  async list(
    filters: RegistrationFilters,
    { withPayments }: { withPayments: boolean },
  ): Promise<RegistrationListItem[]> {
    const found = toRegistrationDtos(
      await selectRegistrations(this.db, registrationFilter(this.db, filters), { withPayments }),
    );
    return withPayments
      ? found
      : found.map(
          ({ payments: _payments, amountOwed: _owed, payBy: _payBy, ...registration }) => registration,
        );
  }

  /**
   * GET /registrations/camp/me: the camp registration of docs/product.md §3 (options and custom field answers) of the
   * caller's current registration: the first active one of the configured year.
   */
  async campRegistration(userId: string): Promise<CampRegistration> {
    const year = (await this.config.getPublic()).registrationYear;
    return toCampRegistration(year, await selectCampRegistration(this.db, userId, year));
  }
}
