import {
  CreateCampingOptionInputSchema,
  type CampingOption,
  type CreateCampingOptionInput,
} from '@camp/shared/camping-options';
import type { FormSchema } from '../../lib/schema-form';

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
  /** A full option offers "join the waitlist" (docs/product.md §10). */
  waitlistEnabled: boolean;
}

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
    // On by default (docs/product.md §10); an answer without the field reads as on, the database's default.
    waitlistEnabled: option?.waitlistEnabled ?? true,
  };
}

/** An empty number input counts as 0 (free, unlimited, no shifts). */
function numberOf(value: NumberValue): number {
  return value === '' ? 0 : Number(value);
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
    waitlistEnabled: values.waitlistEnabled,
  };
}

/** docs/product.md §5 Camping option: the body checked with the schema the server checks it with. */
export const campingOptionForm: FormSchema<CampingOptionFormValues> = {
  schema: CreateCampingOptionInputSchema,
  toInput: toCampingOptionInput,
};
