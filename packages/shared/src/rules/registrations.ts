import { APPLICATION_AVAILABILITY_MESSAGES, type ApplicationGate } from './applications';
import { isWholeCents, type FieldDataType } from './camping-options';
import { isStaffRole, type Role } from './enums';
import { DAY_LABELS, type DayOfWeek } from './work';
import { type DatedShiftInput, type EventCalendar, shiftWhenDated } from './event-dates';
import {
  availabilityReason,
  isActiveRegistration,
  type AvailabilityConfig,
  type AvailabilityUser,
  type RegistrationYearStatus,
} from './availability';
import type { PublicConfig } from './public-config';
import { centsToDollars, dollarsToCents } from './text';
import type { User } from './users';

// The registration rules of docs/product.md §4-§6 and §9, pure, so the wizard and the server can never disagree
// (docs/architecture.md §4). The server runs every one of them again on submission.

// ---- Messages ------------------------------------------------------------------------------------------

export const REGISTRATION_MESSAGES = {
  open: (year: number) => `Registration for ${year} is open!`,
  early: (year: number) => `Early registration for ${year} is open!`,
  closed: (year: number) => `Registration for ${year} is not currently open.`,
  alreadyRegistered: (year: number) =>
    `You are already registered for ${year}. You can view your registration details on the dashboard.`,
  unavailable: 'Configuration not available. Please try again later.',
  /** Our choice (docs/product.md §8 Registrations): an admin switched off allowRegistration for this person. */
  notAllowed: (year: number) =>
    `Registration for ${year} is not available for your account. Please contact the camp organizers if you believe this is a mistake.`,
  profileIncomplete: 'Please complete your profile before registering.',
  selectOption: 'Please select at least one camping option',
  acceptTerms: 'You must accept the terms to continue',
  optionFull: (name: string) => `"${name}" is full`,
  optionUnavailable: (name: string) => `"${name}" is not available for registration`,
  jobFull: (name: string, day: DayOfWeek) => `The "${name}" shift on ${DAY_LABELS[day]} is full`,
  unknownOption: (id: string) => `Camping option ${id} does not exist`,
  unknownJob: (id: string) => `Job ${id} does not exist`,
  unknownField: (id: string) => `Custom field ${id} does not belong to the camping options you chose`,
} as const;

/** A job with its shift, as mails and the audit trail name it: 'Dishes (Tuesday lunch, Tuesday)'. */
export const jobLabel = (job: string, shift: string, day: DayOfWeek): string =>
  `${job} (${shift}, ${DAY_LABELS[day]})`;

/**
 * A job as a mail names it: `jobLabel` without event dates, and with them the shift's date and times, 'Dishes
 * (Tuesday lunch, Tuesday, Aug 31, 12:00–14:00)' (docs/product.md §11).
 */
export function jobMailLabel(
  job: string,
  shift: DatedShiftInput & { name: string },
  calendar: EventCalendar | null,
): string {
  if (!calendar) return jobLabel(job, shift.name, shift.dayOfWeek);
  return `${job} (${shift.name}, ${shiftWhenDated(shift, calendar)})`;
}

/** Texts of the registration screens: the wizard, the dashboard and /shifts (docs/product.md §2, §8). */
export const REGISTRATION_TEXTS = {
  notAvailableTitle: 'Registration Not Available',
  mustLogIn: 'You must be logged in to register.',
  noOptions: 'No camping options available',
  noShiftsInCategory: 'No shifts available for this category',
  submitFailed: 'Failed to submit registration',
  createFailed: 'Failed to create registration. Please try again.',
  completeFailed: 'Failed to complete registration. Please try again.',
  paymentUnavailable: 'Payment processing is not currently available. Please contact camp administrators.',
  fetchRegistrationsFailed: 'Failed to fetch registrations',
  fetchCampRegistrationFailed: 'Failed to fetch camp registration',
  fetchOptionsFailed: 'Failed to fetch camping options',
  fetchJobsFailed: 'Failed to fetch jobs',
  fetchCategoriesFailed: 'Failed to fetch job categories',
  loadingAccess: 'Checking registration...',
  noCampingOptions: 'No camping options selected.',
  noShiftsAssigned: 'No shifts assigned yet',
  noAvailableShifts: 'No available shifts found',
  toDashboard: 'Go to Dashboard',
} as const;

// ---- Availability (docs/product.md §4) ----------------------------------------------------------------------------

/** 'application': registration is open, but the person must first apply or be approved (docs/product.md §12). */
export type RegistrationAvailabilityStatus =
  'open' | 'early' | 'closed' | 'already-registered' | 'unavailable' | 'application';

export interface RegistrationAvailability {
  status: RegistrationAvailabilityStatus;
  /** Whether this person may start (and submit) a registration now. */
  canRegister: boolean;
  message: string;
  /** The registration year the answer is about; null without a configuration. */
  year: number | null;
}

/** Whether a person may register for the configured year, and the message to show (docs/product.md §4). */
export function registrationAvailability(
  config: AvailabilityConfig | null | undefined,
  user: AvailabilityUser | null | undefined,
  registrations: readonly RegistrationYearStatus[] | null | undefined,
  application?: ApplicationGate,
): RegistrationAvailability {
  const reason = availabilityReason(config, user, registrations, application);
  if (!config || reason === 'unavailable') {
    return {
      status: 'unavailable',
      canRegister: false,
      message: REGISTRATION_MESSAGES.unavailable,
      year: null,
    };
  }
  const year = config.registrationYear;
  const answer = (status: RegistrationAvailabilityStatus, message: string): RegistrationAvailability => ({
    status,
    canRegister: status === 'open' || status === 'early',
    message,
    year,
  });
  switch (reason) {
    case 'already-registered':
      return answer('already-registered', REGISTRATION_MESSAGES.alreadyRegistered(year));
    case 'not-allowed':
      return answer('closed', REGISTRATION_MESSAGES.notAllowed(year));
    case 'open':
      return answer('open', REGISTRATION_MESSAGES.open(year));
    case 'early':
      return answer('early', REGISTRATION_MESSAGES.early(year));
    case 'closed':
      return answer('closed', REGISTRATION_MESSAGES.closed(year));
    case 'application-none':
      return answer('application', APPLICATION_AVAILABILITY_MESSAGES.none(year));
    case 'application-pending':
      return answer('application', APPLICATION_AVAILABILITY_MESSAGES.pending(year));
    case 'application-declined':
      return answer('application', APPLICATION_AVAILABILITY_MESSAGES.declined(year));
  }
}

/** The current registration: the first active one of the year, oldest first (docs/product.md §4). */
export function currentRegistration<T extends RegistrationYearStatus & { createdAt: string }>(
  registrations: readonly T[],
  year: number,
): T | undefined {
  return [...registrations]
    .filter((entry) => entry.year === year && isActiveRegistration(entry))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
}

/** Registration history of the dashboard: the cancelled registrations of the year, newest first (docs/product.md §2). */
export function cancelledRegistrations<T extends RegistrationYearStatus & { createdAt: string }>(
  registrations: readonly T[],
  year: number,
): T[] {
  return registrations
    .filter((entry) => entry.year === year && entry.status === 'CANCELLED')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

// ---- Dues (docs/product.md §6, §9) --------------------------------------------------------------------------------

export interface Dues {
  /** Integer cents: what the server stores and charges. */
  cents: number;
  /** Decimal dollars: what people read. */
  dollars: number;
}

/** The rate a person pays for one option, in dollars: the staff rate for STAFF and ADMIN (docs/product.md §6). */
export const optionDuesFor = (option: { participantDues: number; staffDues: number }, role: Role): number =>
  isStaffRole(role) ? option.staffDues : option.participantDues;

/** Total dues of the chosen options at the staff rate (STAFF, ADMIN) or the participant rate, in dollars. */
export function duesFor(
  options: ReadonlyArray<{ participantDues: number; staffDues: number }>,
  role: Role,
): Dues {
  const cents = options.reduce((sum, option) => sum + dollarsToCents(optionDuesFor(option, role)), 0);
  return { cents, dollars: centsToDollars(cents) };
}

/** Deferred dues payment needs both the configuration and the person to allow it (docs/product.md §6, §9). */
export function canDeferDues(
  config: Pick<PublicConfig, 'allowDeferredDuesPayment'> | null | undefined,
  user: Pick<User, 'allowDeferredDuesPayment'> | null | undefined,
): boolean {
  return Boolean(config?.allowDeferredDuesPayment && user?.allowDeferredDuesPayment);
}

// ---- Work shifts (docs/product.md §5 step 4) ----------------------------------------------------------------------

export interface ShiftRuleOption {
  name: string;
  workShiftsRequired: number;
}

export interface ShiftRuleCategory {
  id: string;
  name: string;
  alwaysRequired: boolean;
  staffOnly: boolean;
}

export interface ShiftRuleUser {
  role: Role;
  allowNoJob: boolean;
}

export interface ShiftRequirement {
  /** allowNoJob: this person needs no shifts at all. */
  waived: boolean;
  /** Shifts needed in all: the options' workShiftsRequired plus one per always-required category. */
  total: number;
  /** Sum of workShiftsRequired of the chosen options. */
  optionShifts: number;
  /** Options that ask for shifts, with how many. */
  perOption: Array<{ name: string; shifts: number }>;
  /** Always-required categories this person can see (staff-only ones only for staff and admins). */
  requiredCategories: ShiftRuleCategory[];
}

/** What the chosen options and the always-required categories ask of this person. */
export function shiftRequirement(
  options: readonly ShiftRuleOption[],
  categories: readonly ShiftRuleCategory[],
  user: ShiftRuleUser,
): ShiftRequirement {
  const perOption = options
    .filter((option) => option.workShiftsRequired > 0)
    .map((option) => ({ name: option.name, shifts: option.workShiftsRequired }));
  const optionShifts = perOption.reduce((sum, option) => sum + option.shifts, 0);
  const seesStaffOnly = isStaffRole(user.role);
  const requiredCategories = categories.filter(
    (category) => category.alwaysRequired && (seesStaffOnly || !category.staffOnly),
  );
  if (user.allowNoJob) {
    return { waived: true, total: 0, optionShifts: 0, perOption: [], requiredCategories: [] };
  }
  return {
    waived: false,
    total: optionShifts + requiredCategories.length,
    optionShifts,
    perOption,
    requiredCategories,
  };
}

const shiftsWord = (count: number) => `${count} ${count === 1 ? 'shift' : 'shifts'}`;

/**
 * The step 4 messages, in this order: too few shifts in all ('You need to select at least N shifts'); one per
 * always-required category without a shift ('You must select at least one Gate shift'); too few shifts outside
 * the always-required categories for the options ('You must select at least 3 shifts for your camping options
 * (Tent Camping: 2, RV Camping: 1)'). Empty when the selection is enough. allowNoJob lifts all of it.
 */
export function validateShiftSelection(
  selectedJobs: ReadonlyArray<{ categoryId: string }>,
  options: readonly ShiftRuleOption[],
  categories: readonly ShiftRuleCategory[],
  user: ShiftRuleUser,
): string[] {
  const requirement = shiftRequirement(options, categories, user);
  if (requirement.waived) return [];
  const problems: string[] = [];
  if (selectedJobs.length < requirement.total) {
    problems.push(`You need to select at least ${shiftsWord(requirement.total)}`);
  }
  for (const category of requirement.requiredCategories) {
    if (!selectedJobs.some((job) => job.categoryId === category.id)) {
      problems.push(`You must select at least one ${category.name} shift`);
    }
  }
  const alwaysRequiredIds = new Set(
    categories.filter((category) => category.alwaysRequired).map((category) => category.id),
  );
  const optionalSelected = selectedJobs.filter((job) => !alwaysRequiredIds.has(job.categoryId)).length;
  if (optionalSelected < requirement.optionShifts) {
    const parts = requirement.perOption.map((option) => `${option.name}: ${option.shifts}`).join(', ');
    const where = alwaysRequiredIds.size > 0 ? ' outside the always-required categories' : '';
    problems.push(
      `You must select at least ${shiftsWord(requirement.optionShifts)}${where} for your camping options (${parts})`,
    );
  }
  return problems;
}

// ---- Custom fields (docs/product.md §5 step 3) --------------------------------------------------------------------

/** A custom field's value as the wizard sends it. */
export type CustomFieldValue = string | number | boolean | null;

export interface CustomFieldRule {
  id: string;
  displayName: string;
  dataType: FieldDataType;
  required: boolean;
  minLength: number | null;
  maxLength: number | null;
  minValue: number | null;
  maxValue: number | null;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A valid calendar date written YYYY-MM-DD (2025-02-30 is not). */
export function isValidIsoDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Empty for the required rule: nothing, null or blank text. For a boolean only null (or nothing) counts. */
function isEmptyValue(field: CustomFieldRule, value: CustomFieldValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  return field.dataType !== 'BOOLEAN' && typeof value === 'string' && value.trim() === '';
}

/** A number from a number or numeric text (form inputs send either); undefined for anything else. */
function numberFrom(value: CustomFieldValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMBER_PATTERN.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function booleanFrom(value: CustomFieldValue): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/**
 * The first problem with one field's value, or undefined when it is fine. Messages: '<name> is required';
 * '<name> must be at least N characters'; '<name> must be less than N characters' (more than maxLength);
 * '<name> must be at least N' / 'at most N' for numbers; INTEGER must be whole, NUMBER in steps of 0.01;
 * DATE a real YYYY-MM-DD date. Text is measured trimmed, in characters.
 */
export function customFieldProblem(
  field: CustomFieldRule,
  value: CustomFieldValue | undefined,
): string | undefined {
  const name = field.displayName;
  if (isEmptyValue(field, value)) return field.required ? `${name} is required` : undefined;
  const given = value as CustomFieldValue;
  switch (field.dataType) {
    case 'STRING':
    case 'MULTILINE_STRING': {
      if (typeof given !== 'string') return `${name} must be text`;
      if (given.includes('\0')) return `${name} contains a character that is not allowed`;
      const length = Array.from(given.trim()).length;
      if (field.minLength !== null && length < field.minLength) {
        return `${name} must be at least ${field.minLength} characters`;
      }
      if (field.maxLength !== null && length > field.maxLength) {
        return `${name} must be less than ${field.maxLength} characters`;
      }
      return undefined;
    }
    case 'INTEGER':
    case 'NUMBER': {
      const number = numberFrom(given);
      if (number === undefined) return `${name} must be a number`;
      if (field.dataType === 'INTEGER' && !Number.isSafeInteger(number))
        return `${name} must be a whole number`;
      if (field.dataType === 'NUMBER' && !isWholeCents(number)) {
        return `${name} must have at most 2 decimal places`;
      }
      if (field.minValue !== null && number < field.minValue)
        return `${name} must be at least ${field.minValue}`;
      if (field.maxValue !== null && number > field.maxValue)
        return `${name} must be at most ${field.maxValue}`;
      return undefined;
    }
    case 'BOOLEAN':
      return booleanFrom(given) === undefined ? `${name} must be true or false` : undefined;
    case 'DATE':
      return typeof given === 'string' && isValidIsoDate(given.trim())
        ? undefined
        : `${name} must be a valid date (YYYY-MM-DD)`;
  }
}

/** One message per field with a problem, in the fields' order (the custom fields of the chosen options). */
export function validateCustomFields(
  fields: readonly CustomFieldRule[],
  values: Readonly<Record<string, CustomFieldValue | undefined>>,
): string[] {
  return fields.flatMap((field) => {
    const problem = customFieldProblem(field, values[field.id]);
    return problem ? [problem] : [];
  });
}

/** Ids sent that are not fields of the chosen options (the wizard drops values of deselected options). */
export function unknownCustomFieldIds(
  fields: ReadonlyArray<{ id: string }>,
  values: Readonly<Record<string, unknown>>,
): string[] {
  const known = new Set(fields.map((field) => field.id));
  return Object.keys(values).filter((id) => !known.has(id));
}

/** The text the server stores for a valid value; null when there is nothing to store. */
export function customFieldStoredValue(
  field: Pick<CustomFieldRule, 'dataType'>,
  value: CustomFieldValue | undefined,
): string | null {
  if (value === undefined || value === null) return null;
  switch (field.dataType) {
    case 'BOOLEAN': {
      const flag = booleanFrom(value);
      return flag === undefined ? null : String(flag);
    }
    case 'INTEGER':
    case 'NUMBER': {
      const number = numberFrom(value);
      return number === undefined ? null : String(number);
    }
    default: {
      const text = String(value).trim();
      return text === '' ? null : text;
    }
  }
}

/** A stored value read back as its type: BOOLEAN → true/false, INTEGER/NUMBER → number, else text. */
export function customFieldValueFromStored(dataType: FieldDataType, stored: string | null): CustomFieldValue {
  if (stored === null) return null;
  if (dataType === 'BOOLEAN') return stored === 'true';
  if (dataType === 'INTEGER' || dataType === 'NUMBER') {
    const number = Number(stored);
    return Number.isFinite(number) ? number : stored;
  }
  return stored;
}
