import {
  CAMPING_OPTION_DESCRIPTION_MAX,
  CAMPING_OPTION_NAME_MAX,
  DUES_MAX_DOLLARS,
  MAX_SIGNUPS_LIMIT,
  WORK_SHIFTS_REQUIRED_LIMIT,
  isWholeCents,
} from '@camp/shared/rules';
import type { CampingOption, CreateCampingOptionInput } from '@camp/shared/camping-options';

/** A number input's value: a number, or '' when empty. */
export type NumberValue = number | string;

export interface CampingOptionFormValues {
  name: string;
  description: string;
  enabled: boolean;
  participantDues: NumberValue;
  staffDues: NumberValue;
  /** 0 means unlimited. */
  maxSignups: NumberValue;
  workShiftsRequired: NumberValue;
  jobCategoryIds: string[];
}

export type CampingOptionErrors = Partial<Record<keyof CampingOptionFormValues, string>>;

export function campingOptionFormValues(option?: CampingOption): CampingOptionFormValues {
  return {
    name: option?.name ?? '',
    description: option?.description ?? '',
    enabled: option?.enabled ?? true,
    participantDues: option?.participantDues ?? 0,
    staffDues: option?.staffDues ?? 0,
    maxSignups: option?.maxSignups ?? 0,
    workShiftsRequired: option?.workShiftsRequired ?? 0,
    jobCategoryIds: option?.jobCategoryIds ?? [],
  };
}

/** An empty number input counts as 0 (free, unlimited, no shifts). */
function numberOf(value: NumberValue): number {
  return value === '' ? 0 : Number(value);
}

function duesProblem(label: string, value: NumberValue): string | undefined {
  const dollars = numberOf(value);
  if (!Number.isFinite(dollars)) return `${label} must be a number`;
  if (dollars < 0) return `${label} cannot be negative`;
  if (dollars > DUES_MAX_DOLLARS) return `${label} must be at most ${DUES_MAX_DOLLARS}`;
  if (!isWholeCents(dollars)) return `${label} must be in whole cents (at most 2 decimal places)`;
  return undefined;
}

function countProblem(label: string, value: NumberValue, max: number): string | undefined {
  const count = numberOf(value);
  if (!Number.isFinite(count)) return `${label} must be a number`;
  if (count < 0) return `${label} cannot be negative`;
  if (!Number.isInteger(count)) return `${label} must be a whole number`;
  if (count > max) return `${label} must be at most ${max}`;
  return undefined;
}

/** Spec §5 Camping option, with the server's own limits. */
export function validateCampingOption(values: CampingOptionFormValues): CampingOptionErrors {
  const errors: CampingOptionErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required';
  else if (name.length > CAMPING_OPTION_NAME_MAX) {
    errors.name = `Name must be at most ${CAMPING_OPTION_NAME_MAX} characters`;
  }
  if (values.description.trim().length > CAMPING_OPTION_DESCRIPTION_MAX) {
    errors.description = `Description must be at most ${CAMPING_OPTION_DESCRIPTION_MAX} characters`;
  }
  const checks: Array<[keyof CampingOptionFormValues, string | undefined]> = [
    ['participantDues', duesProblem('Participant dues', values.participantDues)],
    ['staffDues', duesProblem('Staff dues', values.staffDues)],
    ['maxSignups', countProblem('Max signups', values.maxSignups, MAX_SIGNUPS_LIMIT)],
    [
      'workShiftsRequired',
      countProblem('Work shifts required', values.workShiftsRequired, WORK_SHIFTS_REQUIRED_LIMIT),
    ],
  ];
  for (const [key, problem] of checks) if (problem) errors[key] = problem;
  return errors;
}

export function toCampingOptionInput(values: CampingOptionFormValues): CreateCampingOptionInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    enabled: values.enabled,
    participantDues: numberOf(values.participantDues),
    staffDues: numberOf(values.staffDues),
    maxSignups: numberOf(values.maxSignups),
    workShiftsRequired: numberOf(values.workShiftsRequired),
    jobCategoryIds: values.jobCategoryIds,
  };
}
