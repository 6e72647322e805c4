import {
  canJoinOptionWaitlist,
  canJoinShiftWaitlist,
  compareShifts,
  REGISTRATION_MESSAGES,
  customFieldProblem,
  duesFor,
  type EventCalendar,
  findShiftOverlaps,
  isJobFull,
  isOptionSelectable,
  isStaffRole,
  overlapMessage,
  SHIFT_WAITLIST_MESSAGES,
  SHIFT_WAITS_MAX,
  shiftRequirement,
  validateShiftSelection,
  type CustomFieldValue,
  type Role,
} from '@camp/shared/rules';
import type { CampingOption, CampingOptionField } from '@camp/shared/camping-options';
import type { RegistrationSubmission } from '@camp/shared/registrations';
import type { User } from '@camp/shared/users';
import type { Job, JobCategory } from '@camp/shared/work';

/** The choices the person makes on steps 2 to 5. */
export interface WizardChoices {
  optionIds: string[];
  /** By field id; text inputs hold text, checkboxes true/false. */
  fieldValues: Record<string, CustomFieldValue>;
  jobIds: string[];
  /**
   * Full jobs with their waitlist on that the person waits for (docs/product.md §10, decision 052): extras, never
   * counted towards the shifts needed, never also in `jobIds`.
   */
  waitJobs: string[];
  acceptedTerms: boolean;
}

export const emptyChoices = (): WizardChoices => ({
  optionIds: [],
  fieldValues: {},
  jobIds: [],
  waitJobs: [],
  acceptedTerms: false,
});

/** Chosen options in the catalog's order. */
export function chosenOptions(options: readonly CampingOption[], choices: WizardChoices): CampingOption[] {
  return options.filter((option) => choices.optionIds.includes(option.id));
}

/** The custom fields of the chosen options, option by option, each in its own order. */
export function fieldsOf(options: readonly CampingOption[]): CampingOptionField[] {
  return options.flatMap((option) => [...option.fields].sort((a, b) => a.order - b.order));
}

/**
 * Step 2 (docs/product.md §5, §10): at least one option; each chosen one enabled with a free place, or full with its
 * waitlist on (the registration then joins the waitlist).
 */
export function validateOptionsStep(options: readonly CampingOption[], choices: WizardChoices): string[] {
  const chosen = chosenOptions(options, choices);
  if (chosen.length === 0) return [REGISTRATION_MESSAGES.selectOption];
  return chosen
    .filter((option) => !isOptionSelectable(option) && !canJoinOptionWaitlist(option))
    .map((option) =>
      option.enabled
        ? REGISTRATION_MESSAGES.optionFull(option.name)
        : REGISTRATION_MESSAGES.optionUnavailable(option.name),
    );
}

/** A value of a number field as typed: text that is a number becomes one; other text stays for the rule. */
function typedValue(field: CampingOptionField, value: CustomFieldValue | undefined): CustomFieldValue {
  if (value === undefined) return field.dataType === 'BOOLEAN' ? false : null;
  if (typeof value === 'string' && value.trim() === '') return null;
  if ((field.dataType === 'INTEGER' || field.dataType === 'NUMBER') && typeof value === 'string') {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

/** Step 3 (docs/product.md §5): one message per field with a problem, by field id. */
export function validateDetailsStep(
  fields: readonly CampingOptionField[],
  choices: WizardChoices,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const problem = customFieldProblem(field, typedValue(field, choices.fieldValues[field.id]));
    if (problem) problems[field.id] = problem;
  }
  return problems;
}

/** Jobs the person may see: staff-only work only for staff and admins (the server filters too). */
export function visibleJobs(jobs: readonly Job[], role: Role): Job[] {
  return jobs.filter((job) => isStaffRole(role) || !job.staffOnly);
}

export function visibleCategories(categories: readonly JobCategory[], role: Role): JobCategory[] {
  return categories.filter((category) => isStaffRole(role) || !category.staffOnly);
}

/** Jobs in festival order: their shifts' order, then name. */
export const byFestivalOrder = (a: Job, b: Job): number =>
  compareShifts(a.shift, b.shift) || a.name.localeCompare(b.name);

/**
 * The shifts waited for (docs/product.md §10): at most SHIFT_WAITS_MAX, each still full with its waitlist on (the
 * catalog may have been read again meanwhile); the server's own messages.
 */
export function shiftWaitProblems(jobs: readonly Job[], choices: WizardChoices): string[] {
  const problems: string[] = [];
  if (choices.waitJobs.length > SHIFT_WAITS_MAX) problems.push(SHIFT_WAITLIST_MESSAGES.tooMany);
  for (const id of choices.waitJobs) {
    const job = jobs.find((candidate) => candidate.id === id);
    if (!job || canJoinShiftWaitlist(job)) continue;
    problems.push(
      job.waitlistEnabled
        ? SHIFT_WAITLIST_MESSAGES.notFull(job.name)
        : SHIFT_WAITLIST_MESSAGES.waitlistOff(job.name),
    );
  }
  return problems;
}

/**
 * No double-booking (docs/product.md §11, decision 056): one message per pair of chosen shifts that overlap in time,
 * in the order they were ticked (the order the submission sends, so the server names the first pair alike). None
 * without event dates.
 */
export function shiftOverlapProblems(
  jobs: readonly Job[],
  choices: Pick<WizardChoices, 'jobIds'>,
  calendar: EventCalendar | null,
): string[] {
  const chosen = choices.jobIds.flatMap((id) => jobs.find((job) => job.id === id) ?? []);
  return findShiftOverlaps(chosen, calendar).map((overlap) => overlapMessage(overlap, calendar));
}

/**
 * Step 4 (docs/product.md §5): the shared shift rules on the chosen shifts only (waits never count, decision 052),
 * the shifts that overlap in time (docs/product.md §11), then the shifts waited for.
 */
export function validateShiftsStep(
  options: readonly CampingOption[],
  categories: readonly JobCategory[],
  jobs: readonly Job[],
  choices: WizardChoices,
  user: Pick<User, 'role' | 'allowNoJob'>,
  calendar: EventCalendar | null = null,
): string[] {
  const chosenJobs = jobs.filter((job) => choices.jobIds.includes(job.id));
  const problems = validateShiftSelection(
    chosenJobs.map((job) => ({ categoryId: job.categoryId })),
    chosenOptions(options, choices),
    categories,
    user,
  );
  const missing = [...choices.jobIds, ...choices.waitJobs].filter((id) => !jobs.some((job) => job.id === id));
  return [
    ...problems,
    ...(missing.length > 0 ? ['Some shifts you chose are no longer offered. Please choose again.'] : []),
    ...shiftOverlapProblems(jobs, choices, calendar),
    ...shiftWaitProblems(jobs, choices),
  ];
}

/** One thing step 4 asks for, and how far the selection has got: e.g. one Leave No Trace shift, 0 chosen. */
export interface ShiftProgressItem {
  label: string;
  chosen: number;
  needed: number;
}

/** Step 4's summary: shifts chosen, shifts needed, and each rule's progress (none when shifts are waived). */
export interface ShiftProgress {
  waived: boolean;
  chosen: number;
  needed: number;
  items: ShiftProgressItem[];
}

/**
 * Step 4's summary: how many shifts are chosen and, rule by rule (docs/product.md §5: a shift of each always-required
 * category, the options' shifts outside them, the total), how far that goes. The same counts as the rules of
 * validateShiftSelection, shown while choosing; the messages stay the rules' own.
 */
export function shiftProgress(
  options: readonly CampingOption[],
  categories: readonly JobCategory[],
  jobs: readonly Job[],
  choices: WizardChoices,
  user: Pick<User, 'role' | 'allowNoJob'>,
): ShiftProgress {
  const requirement = shiftRequirement(chosenOptions(options, choices), categories, user);
  const chosenJobs = jobs.filter((job) => choices.jobIds.includes(job.id));
  const inCategory = (id: string) => chosenJobs.filter((job) => job.categoryId === id).length;
  const alwaysRequired = new Set(categories.filter((c) => c.alwaysRequired).map((c) => c.id));
  const items: ShiftProgressItem[] = requirement.requiredCategories.map((category) => ({
    label: category.name,
    chosen: inCategory(category.id),
    needed: 1,
  }));
  if (requirement.optionShifts > 0) {
    items.push({
      label: `${requirement.perOption.map((option) => option.name).join(', ')} shifts`,
      chosen: chosenJobs.filter((job) => !alwaysRequired.has(job.categoryId)).length,
      needed: requirement.optionShifts,
    });
  }
  return {
    waived: requirement.waived,
    chosen: choices.jobIds.length,
    needed: requirement.total,
    items: requirement.waived ? [] : items,
  };
}

/** Step 5 (docs/product.md §5): the terms must be accepted. */
export function validateReviewStep(choices: WizardChoices): string[] {
  return choices.acceptedTerms ? [] : [REGISTRATION_MESSAGES.acceptTerms];
}

/** Whether a job can be ticked: places left, or already chosen (docs/product.md §5 step 4). */
export const isJobPickable = (job: Job, choices: WizardChoices): boolean =>
  !isJobFull(job) || choices.jobIds.includes(job.id);

/**
 * Whether a job's row offers waiting in line instead of choosing it (docs/product.md §10): full with its waitlist
 * on and not chosen, or already waited for (so the person can still untick it).
 */
export const isJobWaitable = (job: Job, choices: WizardChoices): boolean =>
  !choices.jobIds.includes(job.id) && (canJoinShiftWaitlist(job) || choices.waitJobs.includes(job.id));

/** The total of the review step: staff rate for staff and admins, else the participant rate (docs/product.md §6, §9). */
export const totalDues = (options: readonly CampingOption[], choices: WizardChoices, role: Role) =>
  duesFor(chosenOptions(options, choices), role);

/** A chosen option is full with its waitlist on: the submission joins the waitlist (docs/product.md §10). */
export const joinsWaitlist = (options: readonly CampingOption[], choices: WizardChoices): boolean =>
  chosenOptions(options, choices).some(canJoinOptionWaitlist);

/**
 * The submission payload of docs/product.md §3: only values of the chosen options' fields, numbers as numbers; with
 * `joinWaitlist` when a chosen option is full and `waitJobs` when shifts are waited for (docs/product.md §10).
 */
export function submissionOf(
  options: readonly CampingOption[],
  choices: WizardChoices,
): RegistrationSubmission {
  const fields = fieldsOf(chosenOptions(options, choices));
  const customFields: Record<string, CustomFieldValue> = {};
  for (const field of fields) {
    const value = typedValue(field, choices.fieldValues[field.id]);
    if (value !== null) customFields[field.id] = value;
  }
  return {
    campingOptions: chosenOptions(options, choices).map((option) => option.id),
    customFields,
    jobs: [...choices.jobIds],
    acceptedTerms: true,
    ...(joinsWaitlist(options, choices) && { joinWaitlist: true }),
    ...(choices.waitJobs.length > 0 && { waitJobs: [...choices.waitJobs] }),
  };
}

export type WizardStepKey = 'profile' | 'options' | 'details' | 'shifts' | 'review' | 'payment';

/** What a step's Continue found: problems listed under the step, or errors by field id. */
export interface StepCheck {
  problems?: string[];
  fieldErrors?: Record<string, string>;
}

/** What the steps' checks read. */
export interface WizardData {
  options: readonly CampingOption[];
  categories: readonly JobCategory[];
  jobs: readonly Job[];
  choices: WizardChoices;
  user: User;
  /** The event's dates (docs/product.md §11): shifts overlap only with them. */
  calendar: EventCalendar | null;
}

export interface StepDefinition {
  key: WizardStepKey;
  /** Label in the progress bar and the step's heading (docs/product.md §2). */
  label: string;
  /**
   * The wizard's own form (Back and this Continue button) wraps the step. Without one the step brings its own
   * action: the profile form saves and continues, the payment step submits.
   */
  continueLabel?: 'Continue' | 'Review & Pay';
  /** Checked on Continue; nothing found moves to the next step. */
  check?: (data: WizardData) => StepCheck;
  /** The step has a Back button (to the step before). */
  back: boolean;
  /** Problems are listed under the form (the review shows its one problem at the terms instead). */
  listsProblems: boolean;
}

/** The six steps of docs/product.md §2, in order: the wizard moves through this table and nowhere else. */
export const WIZARD_STEP_TABLE: readonly StepDefinition[] = [
  { key: 'profile', label: 'Profile', back: false, listsProblems: false },
  {
    key: 'options',
    label: 'Options',
    continueLabel: 'Continue',
    check: ({ options, choices }) => ({ problems: validateOptionsStep(options, choices) }),
    back: true,
    listsProblems: true,
  },
  {
    key: 'details',
    label: 'Details',
    continueLabel: 'Continue',
    check: ({ options, choices }) => ({
      fieldErrors: validateDetailsStep(fieldsOf(chosenOptions(options, choices)), choices),
    }),
    back: true,
    listsProblems: true,
  },
  {
    key: 'shifts',
    label: 'Shifts',
    continueLabel: 'Continue',
    check: ({ options, categories, jobs, choices, user, calendar }) => ({
      problems: validateShiftsStep(options, categories, jobs, choices, user, calendar),
    }),
    back: true,
    listsProblems: true,
  },
  {
    key: 'review',
    label: 'Review',
    continueLabel: 'Review & Pay',
    // The shifts again (the catalog may have been read again meanwhile), then the terms.
    check: ({ jobs, choices, calendar }) => ({
      problems: [...shiftOverlapProblems(jobs, choices, calendar), ...validateReviewStep(choices)],
    }),
    back: true,
    listsProblems: false,
  },
  { key: 'payment', label: 'Payment', back: true, listsProblems: false },
];

/** The labels of the progress bar: Profile, Options, Details, Shifts, Review, Payment. */
export const WIZARD_STEPS = WIZARD_STEP_TABLE.map((step) => step.label);
