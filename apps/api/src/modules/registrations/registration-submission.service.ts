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
import { isUniqueViolation } from '../../db/pg-error';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import type { CurrentUser } from '../../plugins/auth';
import type { ConfigService } from '../config/config.service';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { dashboardUrlOf, registrationMail } from '../payments/payment-mail';
import { Admission } from './admission';
import { takePlaces } from './capacity';
import { type CampingOptionRow, type JobWithContext, toSubmittedRegistration } from './registrations.mapper';
import {
  type InsertedRegistration,
  insertRegistration,
  prepareSubmissionQueries,
  type SubmissionQueries,
} from './registrations.store';

const ONE_ACTIVE_PER_YEAR = 'registrations_one_active_per_user_year';
const SUBMISSIONS_IN_FLIGHT = 6;

/** A place counter as the rows hold it (a camping option's max 0 means unlimited; a job's max is at least 1). */
interface PlaceCounter {
  currentRegistrations: number;
  countedYear: number | null;
  max?: number;
  maxSignups?: number;
  maxRegistrations?: number;
}

/** Full by the counter of this year (a counter of another year says nothing: the transaction recounts). */
function isFullNow(counter: PlaceCounter, year: number): boolean {
  const max = counter.max ?? counter.maxSignups ?? counter.maxRegistrations ?? 0;
  return counter.countedYear === year && max > 0 && counter.currentRegistrations >= max;
}

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
  /** Submission transactions in flight in this process (see admission.ts); the pool holds 10 connections. */
  private readonly admission = new Admission(SUBMISSIONS_IN_FLIGHT);

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

    // Places: refuse at once what is already known to be full; the transaction decides the rest.
    const knownFull = (counters: ReadonlyMap<string, PlaceCounter>) =>
      fullMessages(
        chosenOptions.filter((option) => isFullNow(counters.get(option.id) ?? option, year)),
        chosenJobs.filter(({ job }) => isFullNow(counters.get(job.id) ?? job, year)).map(jobOnDay),
      );
    const fullNow = knownFull(new Map());
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

    const created = await this.admission.run(async (waited) => {
      // After a wait in line (a rush), look at the counters again: most of those still waiting are refused
      // here, by one cheap read, instead of by a transaction that inserts and rolls back.
      if (waited) {
        const counters = await queries.counters.execute({ optionIds, jobIds });
        const fullAfterWait = knownFull(new Map(counters.map((counter) => [counter.id, counter])));
        if (fullAfterWait) throw conflict(fullAfterWait);
      }
      return this.db.transaction(async (tx) => {
        let inserted: InsertedRegistration;
        try {
          inserted = await insertRegistration(tx, {
            userId: caller.id,
            year,
            status,
            acceptedTermsAt: this.now(),
            optionIds,
            storedValues,
            jobIds,
            duesCents: dues.cents,
          });
        } catch (error) {
          // The partial unique index is the last word on double submission: the second one waits for the
          // first to finish, then fails here.
          if (isUniqueViolation(error, ONE_ACTIVE_PER_YEAR))
            throw conflict(REGISTRATION_MESSAGES.alreadyRegistered(year));
          throw error;
        }
        // The mail before the places: the option rows' locks are taken last and held for the least time.
        await enqueueMail(
          tx,
          registrationMail(
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
        );
        const full = await takePlaces(tx, year, { campingOptionIds: optionIds, jobIds });
        const refused = fullMessages(
          chosenOptions.filter((option) => full.campingOptionIds.includes(option.id)),
          chosenJobs.filter(({ job }) => full.jobIds.includes(job.id)).map(jobOnDay),
        );
        // Throwing rolls the whole submission back: nothing of it is stored.
        if (refused) throw conflict(refused);
        return inserted;
      });
    });

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
