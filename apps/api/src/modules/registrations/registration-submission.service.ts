import {
  centsToDollars,
  customFieldStoredValue,
  type DayOfWeek,
  duesFor,
  isProfileComplete,
  isStaffRole,
  jobLabel,
  REGISTRATION_MESSAGES,
  registrationAvailability,
  type RegistrationStatus,
  type RegistrationSubmissionValues,
  type SubmitRegistrationResponse,
  unknownCustomFieldIds,
  validateCustomFields,
  validateShiftSelection,
} from '@camp/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import type { CurrentUser } from '../../plugins/auth';
import type { ConfigService } from '../config/config.service';
import type { OutboxWorker } from '../mail/outbox';
import { dashboardUrlOf, registrationMail } from '../payments/payment-mail';
import { GroupAdmission } from './admission';
import {
  type Admitted,
  admitGroup,
  fitsGroup,
  isFullNow,
  type PlaceCounter,
  type Submission,
} from './registration-batch';
import { type CampingOptionRow, type JobWithContext, toSubmittedRegistration } from './registrations.mapper';
import { prepareSubmissionQueries, type SubmissionQueries } from './registrations.store';

/**
 * Submission groups in one transaction each at once, per process (decision 030): while one group holds the
 * place rows' locks, the next is inserting its rows. Each holds one of the pool's 10 connections.
 */
const GROUPS_IN_FLIGHT = 2;
/** People in one group at most: bounds one statement's size and one transaction's time. */
const GROUP_SIZE = 100;

/** A chosen job as the 409 message names it. */
const jobOnDay = ({ job, shift }: JobWithContext) => ({ name: job.name, dayOfWeek: shift.dayOfWeek });

/** The 409 message for what is full: one text, or a list when several things are (the admin edit's too). */
export function fullMessages(
  options: ReadonlyArray<{ name: string }>,
  jobsFull: ReadonlyArray<{ name: string; dayOfWeek: DayOfWeek }>,
): string | string[] | undefined {
  const messages = [
    ...options.map((option) => REGISTRATION_MESSAGES.optionFull(option.name)),
    ...jobsFull.map((job) => REGISTRATION_MESSAGES.jobFull(job.name, job.dayOfWeek)),
  ];
  if (messages.length === 0) return undefined;
  return messages.length === 1 ? (messages[0] as string) : messages;
}

export interface SubmissionDeps {
  db: Db;
  now: () => Date;
  config: ConfigService;
  /** The registration mail goes through the outbox, written in the submission's transaction. */
  outbox: Pick<OutboxWorker, 'kick'>;
  publicUrl: string;
}

/** The wizard's submission: POST /registrations/camp. */
export class RegistrationSubmissionService {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly config: ConfigService;
  private readonly outbox: Pick<OutboxWorker, 'kick'>;
  private readonly publicUrl: string;
  private prepared: SubmissionQueries | undefined;
  /** Submissions wait here to be admitted in groups (admission.ts, registration-batch.ts). */
  private readonly admission = new GroupAdmission<Submission, Admitted>({
    run: (group) => admitGroup(this.db, this.submissionQueries(), group),
    concurrency: GROUPS_IN_FLIGHT,
    maxGroup: GROUP_SIZE,
    fits: fitsGroup,
  });

  constructor(deps: SubmissionDeps) {
    this.db = deps.db;
    this.now = deps.now;
    this.config = deps.config;
    this.outbox = deps.outbox;
    this.publicUrl = deps.publicUrl;
  }

  /** Built once: building a Drizzle select costs more CPU than running it (see docs/benchmarks.md). */
  private submissionQueries(): SubmissionQueries {
    this.prepared ??= prepareSubmissionQueries(this.db);
    return this.prepared;
  }

  /**
   * Registers the caller for the configured year. Every rule of the wizard is checked again here; places are
   * taken in the same transaction as the inserts (capacity.ts), so a full option or job stores nothing.
   */
  async submit(
    caller: CurrentUser,
    input: RegistrationSubmissionValues,
  ): Promise<SubmitRegistrationResponse> {
    const config = await this.config.getPublic();
    const year = config.registrationYear;
    const optionIds = input.campingOptions;
    const jobIds = input.jobs;

    // Two reads: the chosen options with their fields (and whether the caller is already registered), and the
    // chosen jobs with their categories and shifts plus every always-required category.
    const queries = this.submissionQueries();
    const [optionFieldRows, workRows] = await Promise.all([
      queries.options.execute({ optionIds, userId: caller.id, year }),
      queries.work.execute({ jobIds }),
    ]);
    const registered =
      optionFieldRows[0]?.registered ??
      (await queries.registered.execute({ userId: caller.id, year })).length > 0;

    // Who may register, and when (spec §4).
    const availability = registrationAvailability(
      config,
      caller,
      registered ? [{ year, status: 'PENDING' }] : [],
    );
    if (availability.status === 'already-registered') throw conflict(availability.message);
    if (!availability.canRegister) throw forbidden(availability.message);
    if (!isProfileComplete(caller)) throw badRequest(REGISTRATION_MESSAGES.profileIncomplete);

    // What was chosen must exist (staff-only work exists only for staff and admins, as in the catalog).
    const optionById = new Map(optionFieldRows.map((row) => [row.option.id, row.option]));
    const seesStaffOnly = isStaffRole(caller.role);
    const jobById = new Map<string, JobWithContext>();
    for (const { category, job, shift } of workRows) {
      if (job && shift && (seesStaffOnly || !category.staffOnly))
        jobById.set(job.id, { job, category, shift });
    }
    const unknown = [
      ...optionIds.filter((id) => !optionById.has(id)).map(REGISTRATION_MESSAGES.unknownOption),
      ...jobIds.filter((id) => !jobById.has(id)).map(REGISTRATION_MESSAGES.unknownJob),
    ];
    if (unknown.length > 0) throw badRequest(unknown);
    const chosenOptions = optionIds.map((id) => optionById.get(id) as CampingOptionRow);
    const chosenJobs = jobIds.map((id) => jobById.get(id) as JobWithContext);
    const disabled = chosenOptions.filter((option) => !option.enabled);
    if (disabled.length > 0) {
      throw conflict(disabled.map((option) => REGISTRATION_MESSAGES.optionUnavailable(option.name)));
    }

    // The details and shifts steps (spec §5 steps 3 and 4).
    const fieldsOf = groupBy(
      optionFieldRows.flatMap((row) => (row.field ? [row.field] : [])),
      (field) => field.campingOptionId,
    );
    const fields = optionIds.flatMap((id) => fieldsOf.get(id) ?? []);
    const categories = [...new Map(workRows.map((row) => [row.category.id, row.category])).values()];
    const problems = [
      ...unknownCustomFieldIds(fields, input.customFields).map(REGISTRATION_MESSAGES.unknownField),
      ...validateCustomFields(fields, input.customFields),
      ...validateShiftSelection(
        chosenJobs.map(({ job }) => ({ categoryId: job.categoryId })),
        chosenOptions,
        categories,
        caller,
      ),
    ];
    if (problems.length > 0) throw badRequest(problems);

    // Places: refuse at once what the counters already show to be full; the group's transaction decides.
    const fullMessagesOf = (full: { campingOptionIds: readonly string[]; jobIds: readonly string[] }) =>
      fullMessages(
        chosenOptions.filter((option) => full.campingOptionIds.includes(option.id)),
        chosenJobs.filter(({ job }) => full.jobIds.includes(job.id)).map(jobOnDay),
      );
    const knownFull = (counter: PlaceCounter & { id: string }) => isFullNow(counter, year);
    const fullNow = fullMessagesOf({
      campingOptionIds: chosenOptions.filter(knownFull).map((option) => option.id),
      jobIds: chosenJobs.filter(({ job }) => knownFull(job)).map(({ job }) => job.id),
    });
    if (fullNow) throw conflict(fullNow);

    const dues = duesFor(
      chosenOptions.map((option) => ({
        participantDues: centsToDollars(option.participantDuesCents),
        staffDues: centsToDollars(option.staffDuesCents),
      })),
      caller.role,
    );
    const status: RegistrationStatus = dues.cents === 0 ? 'CONFIRMED' : 'PENDING';
    const storedValues = fields.flatMap((field) => {
      const value = customFieldStoredValue(field, input.customFields[field.id]);
      return value === null ? [] : [{ fieldId: field.id, value }];
    });

    const admitted = await this.admission.admit({
      year,
      registration: {
        userId: caller.id,
        status,
        acceptedTermsAt: this.now(),
        optionIds,
        storedValues,
        jobIds,
      },
      places: { campingOptionIds: optionIds, jobIds },
      duesCents: dues.cents,
      mail: registrationMail(
        {
          to: caller.email,
          firstName: caller.firstName,
          campName: config.campName,
          year,
          dashboardUrl: dashboardUrlOf(this.publicUrl),
        },
        {
          confirmed: status === 'CONFIRMED',
          duesCents: dues.cents,
          campingOptions: chosenOptions.map((option) => option.name),
          jobs: chosenJobs.map(({ job, shift }) => jobLabel(job.name, shift.name, shift.dayOfWeek)),
        },
      ),
    });
    // Refused: nothing of the submission is stored.
    if (admitted.outcome === 'registered') throw conflict(REGISTRATION_MESSAGES.alreadyRegistered(year));
    if (admitted.outcome === 'full') throw conflict(fullMessagesOf(admitted.full) ?? []);
    const created = admitted.registration;

    this.outbox.kick();

    const registration = toSubmittedRegistration(created, {
      user: caller,
      year,
      status,
      options: chosenOptions,
      jobs: chosenJobs,
      duesDollars: dues.dollars,
    });
    return { jobRegistration: { id: registration.id, status, year }, registration };
  }
}
