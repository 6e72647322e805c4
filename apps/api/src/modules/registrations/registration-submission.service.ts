import {
  type ApplicationGate,
  type Capacity,
  centsToDollars,
  customFieldStoredValue,
  type DayOfWeek,
  duesFor,
  eventCalendarOf,
  findShiftOverlaps,
  isFull,
  isProfileComplete,
  isStaffRole,
  jobCapacity,
  jobLabel,
  jobMailLabel,
  optionCapacity,
  overlapMessage,
  REGISTRATION_MESSAGES,
  registrationAvailability,
  SHIFT_WAITLIST_MESSAGES,
  SHIFT_WAITS_MAX,
  type PublicConfig,
  type RegistrationStatus,
  type RegistrationSubmissionValues,
  type SubmitRegistrationResponse,
  unknownCustomFieldIds,
  validateCustomFields,
  validateShiftSelection,
  WAITLIST_MESSAGES,
} from '@camp/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import { applicationGates } from '../applications/application-state';
import { groupBy } from '../../lib/group-by';
import type { CurrentUser } from '../../plugins/auth';
import type { ConfigService } from '../config/config.service';
import type { OutboxWorker } from '../mail/outbox';
import { dashboardUrlOf, registrationMail } from '../payments/payment-mail';
import { joinedWaitlistMail } from '../waitlist/join-mails';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';
import { GroupAdmission } from './admission';
import type { FullPlaces } from './capacity';
import { type Admitted, admitGroup, fitsGroupBy, type Submission, waitsFor } from './registration-batch';
import { type CampingOptionRow, type JobWithContext, toSubmittedRegistration } from './registrations.mapper';
import { prepareSubmissionQueries, type SubmissionQueries } from './registrations.store';
import { assertJobsTakeNewPeople } from '../work/job-open';

/**
 * Submission groups running at once, per process (decision 030): while one group holds the place rows' locks,
 * the next reads and inserts. Each holds one or two of the pool's 10 connections.
 */
const GROUPS_IN_FLIGHT = 2;
/** People in one group at most: bounds one statement's size and one transaction's time. */
const GROUP_SIZE = 100;

/** A place counter as an option or job row holds it, with its capacity by the shared rule. */
interface PlaceCounter {
  currentRegistrations: number;
  countedYear: number | null;
}

/** Full by the counter of this year (a counter of another year says nothing: the transaction recounts). */
const isFullNow = (counter: PlaceCounter, capacity: Capacity, year: number): boolean =>
  counter.countedYear === year && isFull(capacity, counter.currentRegistrations);

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
  /** Woken after a submission that joined shift lines (their fill is scheduled in its transaction). */
  waitlist?: Pick<WaitlistWorker, 'kick'>;
}

/** One person's POST /registrations/camp as it waits for its group. */
interface SubmissionRequest {
  caller: CurrentUser;
  input: RegistrationSubmissionValues;
  config: PublicConfig;
  /** A draw entry (docs/product.md §10): every rule but the places, which the draw decides. */
  forDraw?: boolean;
}

/** A submission that passed every rule of its own, with what its answer is built from. */
export interface Checked {
  submission: Submission;
  options: CampingOptionRow[];
  jobs: JobWithContext[];
  status: RegistrationStatus;
  duesDollars: number;
}

/** What became of one request of a group: refused by a rule of its own, or decided by the group's transaction. */
type Answer = { refused: AppError } | { checked: Checked; admitted: Admitted };

/** The catalog rows a group's submissions chose, read once for the whole group. */
interface GroupReads {
  optionFieldRows: Awaited<ReturnType<SubmissionQueries['options']['execute']>>;
  workRows: Awaited<ReturnType<SubmissionQueries['work']['execute']>>;
  registered: ReadonlySet<string>;
  /** Each caller's application gate where the year requires applications (absent: clear). */
  applicationGates: ReadonlyMap<string, ApplicationGate>;
}

/**
 * The 409 message for what a submission found full. A person who agreed to wait is told which full options
 * have no waitlist (docs/product.md §10); full shifts are refused as always.
 */
function fullMessagesFor(
  checked: Pick<Checked, 'options' | 'jobs'>,
  full: FullPlaces,
  joinWaitlist: boolean,
) {
  const options = checked.options.filter((option) => full.campingOptionIds.includes(option.id));
  const jobsFull = checked.jobs.filter(({ job }) => full.jobIds.includes(job.id)).map(jobOnDay);
  const closed = options.filter((option) => !option.waitlistEnabled);
  if (joinWaitlist && jobsFull.length === 0 && closed.length > 0) {
    const messages = closed.map((option) => WAITLIST_MESSAGES.optionFullNoWaitlist(option.name));
    return messages.length === 1 ? (messages[0] as string) : messages;
  }
  return fullMessages(options, jobsFull);
}

/** The wizard's submission: POST /registrations/camp. */
export class RegistrationSubmissionService {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly config: ConfigService;
  private readonly outbox: Pick<OutboxWorker, 'kick'>;
  private readonly publicUrl: string;
  private readonly waitlist: Pick<WaitlistWorker, 'kick'> | undefined;
  private prepared: SubmissionQueries | undefined;
  /** Submissions wait here and go in groups (admission.ts): one set of reads and one transaction per group. */
  private readonly admission = new GroupAdmission<SubmissionRequest, Answer>({
    run: (group) => this.runGroup(group),
    concurrency: GROUPS_IN_FLIGHT,
    maxGroup: GROUP_SIZE,
    // One year per group (the configuration may change between two requests), one submission per person.
    fits: fitsGroupBy<SubmissionRequest>(({ config, caller }) => ({
      year: config.registrationYear,
      userId: caller.id,
    })),
    // The mails of admitted people are in the outbox; they are sent once no submission waits, so that in a
    // rush sending them does not take the CPU and the database from the people still waiting (the outbox
    // worker's own poll still runs meanwhile).
    onIdle: () => this.outbox.kick(),
  });

  constructor(deps: SubmissionDeps) {
    this.db = deps.db;
    this.now = deps.now;
    this.config = deps.config;
    this.outbox = deps.outbox;
    this.publicUrl = deps.publicUrl;
    this.waitlist = deps.waitlist;
  }

  /** Built once: building a Drizzle select costs more CPU than running it (see docs/benchmarks.md). */
  private submissionQueries(): SubmissionQueries {
    this.prepared ??= prepareSubmissionQueries(this.db);
    return this.prepared;
  }

  /**
   * Registers the caller for the configured year. Every rule of the wizard is checked again (check below);
   * places are taken in the same transaction as the inserts (registration-batch.ts), so a full option or job
   * stores nothing.
   */
  async submit(
    caller: CurrentUser,
    input: RegistrationSubmissionValues,
  ): Promise<SubmitRegistrationResponse> {
    const config = await this.config.getPublic();
    const answer = await this.admission.admit({ caller, input, config });
    if ('refused' in answer) throw answer.refused;
    const { checked, admitted } = answer;
    const year = config.registrationYear;
    // Refused: nothing of the submission is stored.
    if (admitted.outcome === 'registered') throw conflict(REGISTRATION_MESSAGES.alreadyRegistered(year));
    if (admitted.outcome === 'full') {
      throw conflict(fullMessagesFor(checked, admitted.full, input.joinWaitlist) ?? []);
    }

    // Its shift lines' fill was scheduled in its transaction: a place may have freed meanwhile.
    if ((checked.submission.waitJobIds?.length ?? 0) > 0) this.waitlist?.kick();
    // A person who waits holds no place and owes nothing yet (docs/product.md §10).
    const waits = admitted.outcome === 'waitlisted';
    const status: RegistrationStatus = waits ? 'WAITLISTED' : checked.status;
    const registration = toSubmittedRegistration(admitted.registration, {
      user: caller,
      year,
      status,
      options: checked.options,
      jobs: checked.jobs,
      duesDollars: waits ? 0 : checked.duesDollars,
      waitlist: waits ? { joinedAt: admitted.joinedAt, spots: admitted.spots } : null,
    });
    return { jobRegistration: { id: registration.id, status, year }, registration };
  }

  /**
   * A group: four reads for all of it (the chosen options with their fields, the chosen jobs with category
   * and shift plus every always-required category, who is already registered, and the callers' application
   * gates: one more read when the year requires applications), each submission checked
   * on its own, then one transaction for those that passed. A refusal of one never touches the others.
   */
  private async runGroup(group: SubmissionRequest[]): Promise<Answer[]> {
    const reads = await this.groupReads(group);
    const answers = new Array<Answer>(group.length);
    const passed: Array<{ index: number; checked: Checked }> = [];
    group.forEach((request, index) => {
      try {
        passed.push({ index, checked: this.check(request, reads) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answers[index] = { refused: error };
      }
    });
    if (passed.length > 0) {
      const admitted = await admitGroup(
        this.db,
        passed.map(({ checked }) => checked.submission),
        this.now,
      );
      passed.forEach(({ index, checked }, position) => {
        answers[index] = { checked, admitted: admitted[position] as Admitted };
      });
    }
    return answers;
  }

  /** The reads a group's checks share. */
  private async groupReads(group: readonly SubmissionRequest[]): Promise<GroupReads> {
    const year = (group[0] as SubmissionRequest).config.registrationYear;
    const queries = this.submissionQueries();
    const [optionFieldRows, workRows, registeredRows, gates] = await Promise.all([
      queries.options.execute({
        optionIds: [...new Set(group.flatMap((request) => request.input.campingOptions))],
      }),
      queries.work.execute({
        jobIds: [...new Set(group.flatMap((request) => [...request.input.jobs, ...request.input.waitJobs]))],
      }),
      queries.registered.execute({ userIds: group.map((request) => request.caller.id), year }),
      // Application approval (docs/product.md §12, decision 065): the same rule as GET /applications/me.
      applicationGates(
        this.db,
        year,
        group.map((request) => request.caller),
      ),
    ]);
    return {
      optionFieldRows,
      workRows,
      registered: new Set(registeredRows.map((row) => row.userId)),
      applicationGates: gates,
    };
  }

  /**
   * A draw entry's submission (docs/product.md §10, decision 049): the same rules as a registration (who may, the
   * steps, the shifts), with the window standing for "registration open" and the places left to the draw.
   * Throws the AppError it answers; nothing is stored here.
   */
  async checkDrawEntry(
    caller: CurrentUser,
    input: RegistrationSubmissionValues,
    config: PublicConfig,
  ): Promise<Checked> {
    const request: SubmissionRequest = {
      caller,
      input,
      config: { ...config, registrationOpen: true },
      forDraw: true,
    };
    return this.check(request, await this.groupReads([request]));
  }

  /** Every rule of the wizard for one submission, on the group's reads; throws the AppError it answers. */
  private check({ caller, input, config, forDraw }: SubmissionRequest, reads: GroupReads): Checked {
    const year = config.registrationYear;
    const optionIds = input.campingOptions;
    const jobIds = input.jobs;
    // The shifts waited for (docs/product.md §10, decision 052); a draw entry has none (ignored in the window).
    const waitJobIds = forDraw ? [] : input.waitJobs;

    // Who may register, and when (docs/product.md §4), and whether their application lets them (§12).
    const availability = registrationAvailability(
      config,
      caller,
      reads.registered.has(caller.id) ? [{ year, status: 'PENDING' }] : [],
      reads.applicationGates.get(caller.id) ?? 'clear',
    );
    if (availability.status === 'already-registered') throw conflict(availability.message);
    if (!availability.canRegister) throw forbidden(availability.message);
    if (!isProfileComplete(caller)) throw badRequest(REGISTRATION_MESSAGES.profileIncomplete);

    // What was chosen must exist (staff-only work exists only for staff and admins, as in the catalog).
    const optionById = new Map(reads.optionFieldRows.map((row) => [row.option.id, row.option]));
    const seesStaffOnly = isStaffRole(caller.role);
    const jobById = new Map<string, JobWithContext>();
    for (const { category, job, shift } of reads.workRows) {
      if (job && shift && (seesStaffOnly || !category.staffOnly))
        jobById.set(job.id, { job, category, shift });
    }
    const unknown = [
      ...optionIds.filter((id) => !optionById.has(id)).map(REGISTRATION_MESSAGES.unknownOption),
      ...[...new Set([...jobIds, ...waitJobIds])]
        .filter((id) => !jobById.has(id))
        .map(REGISTRATION_MESSAGES.unknownJob),
    ];
    if (unknown.length > 0) throw badRequest(unknown);
    const labelOf = ({ job, shift }: JobWithContext) => jobLabel(job.name, shift.name, shift.dayOfWeek);
    const waitedJobs = waitJobIds.map((id) => jobById.get(id) as JobWithContext);
    const chosenOptions = optionIds.map((id) => optionById.get(id) as CampingOptionRow);
    const chosenJobs = jobIds.map((id) => jobById.get(id) as JobWithContext);
    const disabled = chosenOptions.filter((option) => !option.enabled);
    if (disabled.length > 0) {
      throw conflict(disabled.map((option) => REGISTRATION_MESSAGES.optionUnavailable(option.name)));
    }
    // A retired job, or one of a retired shift, takes nobody new, chosen or waited for (docs/product.md §11).
    assertJobsTakeNewPeople([...new Set([...chosenJobs, ...waitedJobs])]);

    // The details and shifts steps (docs/product.md §5 steps 3 and 4). The categories are this submission's: every
    // always-required one and those of its chosen jobs (the group read holds the others' too).
    const fieldsOf = groupBy(
      reads.optionFieldRows.flatMap((row) => (row.field ? [row.field] : [])),
      (field) => field.campingOptionId,
    );
    const fields = optionIds.flatMap((id) => fieldsOf.get(id) ?? []);
    const chosenCategoryIds = new Set(chosenJobs.map(({ job }) => job.categoryId));
    const categories = [
      ...new Map(reads.workRows.map((row) => [row.category.id, row.category])).values(),
    ].filter((category) => category.alwaysRequired || chosenCategoryIds.has(category.id));
    const problems = [
      // Waits are extras: never also chosen, and they do not count towards the shifts needed (below).
      ...waitedJobs
        .filter(({ job }) => jobIds.includes(job.id))
        .map((row) => SHIFT_WAITLIST_MESSAGES.chosenAndWaiting(labelOf(row))),
      ...(waitJobIds.length > SHIFT_WAITS_MAX ? [SHIFT_WAITLIST_MESSAGES.tooMany] : []),
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
    // No double-booking (docs/product.md §11, decision 056): the first overlapping pair, as the wizard words it.
    const calendar = eventCalendarOf(config);
    const [overlap] = findShiftOverlaps(
      chosenJobs.map(({ job, shift }) => ({ id: job.id, name: job.name, shift })),
      calendar,
    );
    if (overlap) throw badRequest(overlapMessage(overlap, calendar));
    const noWaitlist = waitedJobs.filter(({ job }) => !job.waitlistEnabled);
    if (noWaitlist.length > 0) {
      throw conflict(noWaitlist.map((row) => SHIFT_WAITLIST_MESSAGES.waitlistOff(labelOf(row))));
    }

    // Places: refuse at once what the counters read for this group already show full, unless the person
    // may wait for it (then the transaction puts them on the waitlist); the transaction decides the rest.
    const waitlist = chosenOptions.filter((option) => option.waitlistEnabled).map((option) => option.id);
    const fullNow: FullPlaces = {
      campingOptionIds: chosenOptions
        .filter((option) => isFullNow(option, optionCapacity(option.maxSignups), year))
        .map((option) => option.id),
      jobIds: chosenJobs
        .filter(({ job }) => isFullNow(job, jobCapacity(job.maxRegistrations), year))
        .map(({ job }) => job.id),
    };
    const anyFull = !forDraw && (fullNow.campingOptionIds.length > 0 || fullNow.jobIds.length > 0);
    if (anyFull && !waitsFor(input.joinWaitlist ? waitlist : undefined, fullNow)) {
      throw conflict(
        fullMessagesFor({ options: chosenOptions, jobs: chosenJobs }, fullNow, input.joinWaitlist) ?? [],
      );
    }

    const dues = duesFor(
      chosenOptions.map((option) => ({
        participantDues: centsToDollars(option.participantDuesCents),
        staffDues: centsToDollars(option.staffDuesCents),
      })),
      caller.role,
    );
    const status: RegistrationStatus = dues.cents === 0 ? 'CONFIRMED' : 'PENDING';
    const mailTo = {
      to: caller.email,
      firstName: caller.firstName,
      campName: config.campName,
      year,
      dashboardUrl: dashboardUrlOf(this.publicUrl),
    };
    // The mails name each shift with its date when the camp has event dates (docs/product.md §11).
    const jobLabels = chosenJobs.map(({ job, shift }) => jobMailLabel(job.name, shift, calendar));
    const optionName = new Map(chosenOptions.map((option) => [option.id, option.name]));
    const storedValues = fields.flatMap((field) => {
      const value = customFieldStoredValue(field, input.customFields[field.id]);
      return value === null ? [] : [{ fieldId: field.id, value }];
    });
    return {
      submission: {
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
        waitJobIds,
        duesCents: dues.cents,
        mail: registrationMail(mailTo, {
          confirmed: status === 'CONFIRMED',
          duesCents: dues.cents,
          campingOptions: chosenOptions.map((option) => option.name),
          jobs: jobLabels,
        }),
        waitlist: input.joinWaitlist
          ? {
              optionIds: waitlist,
              summary: {
                campingOptions: chosenOptions.map((option) => option.name).sort(),
                jobs: chosenJobs.map(labelOf).sort(),
              },
              mail: (spots) =>
                joinedWaitlistMail(mailTo, {
                  positions: spots.map((spot) => ({
                    name: optionName.get(spot.campingOptionId) ?? '',
                    position: spot.position,
                  })),
                  jobs: jobLabels,
                }),
            }
          : null,
      },
      options: chosenOptions,
      jobs: chosenJobs,
      status,
      duesDollars: dues.dollars,
    };
  }
}
