import type {
  CampRegistration,
  DrawEntryDto,
  Registration,
  RegistrationListItem,
  RegistrationSubmissionValues,
  ShiftChangesValues,
  SubmitCampResponse,
} from '@camp/shared';
import { ADMIN_REGISTRATION_MESSAGES, DRAW_MESSAGES, drawPhase, formatDateTime } from '@camp/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { draws, registrations } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { DrawEntriesService } from '../draw/draw-entries';
import type { CurrentUser } from '../../plugins/auth';
import { leaveWaitlist } from '../waitlist/leave';
import type { ConfigService } from '../config/config.service';
import { RegistrationSubmissionService, type SubmissionDeps } from './registration-submission.service';
import { toCampRegistration, toRegistrationDtos } from './registrations.mapper';
import { ShiftChangesService } from './shift-changes.service';
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
  private readonly shiftChanges: ShiftChangesService;
  /** Draw entries (docs/product.md §10): made here while the application window is open. */
  readonly drawEntries: DrawEntriesService;

  constructor(deps: SubmissionDeps) {
    this.deps = deps;
    this.db = deps.db;
    this.config = deps.config;
    this.submission = new RegistrationSubmissionService(deps);
    this.shiftChanges = new ShiftChangesService(deps);
    this.drawEntries = new DrawEntriesService({
      db: deps.db,
      now: deps.now,
      check: (caller, input, config) => this.submission.checkDrawEntry(caller, input, config),
    });
  }

  /**
   * POST /registrations/camp. With an application window (docs/product.md §10): before it opens nothing is taken
   * (403 with when it opens); while it is open the submission is a draw entry; once it closes, registrations wait
   * for the draw (409) and then go on first come, first served.
   */
  async submit(caller: CurrentUser, input: RegistrationSubmissionValues): Promise<SubmitCampResponse> {
    const config = await this.config.getPublic();
    const year = config.registrationYear;
    const phase = drawPhase(config, this.deps.now());
    if (phase === 'before') {
      throw forbidden(DRAW_MESSAGES.notOpenYet(formatDateTime(config.drawOpensAt, config.timeZone)));
    }
    if (phase === 'open' || phase === 'closed') {
      // Once the draw has run ("Draw now" may run it before the window closes), first come, first served.
      const [drawn] = await this.db
        .select({ id: draws.id })
        .from(draws)
        .where(and(eq(draws.year, year), isNotNull(draws.ranAt)));
      if (!drawn && phase === 'open') {
        return { drawEntry: await this.drawEntries.enter(caller, input, config) };
      }
      if (!drawn) throw conflict(DRAW_MESSAGES.drawPending(year));
    }
    return this.submission.submit(caller, input);
  }

  /** GET /draw-entries/me: the caller's live draw entry of the registration year. */
  async myDrawEntry(userId: string): Promise<DrawEntryDto | null> {
    return this.drawEntries.mine(userId, (await this.config.getPublic()).registrationYear);
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

  /**
   * POST /registrations/me/shift-changes: the caller drops and takes shifts of their own registration of the
   * registration year (shift-changes.service.ts, docs/product.md §11). Answers the registration as it is now.
   */
  async changeShifts(caller: CurrentUser, input: ShiftChangesValues): Promise<Registration> {
    return this.shiftChanges.change(caller, input);
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
