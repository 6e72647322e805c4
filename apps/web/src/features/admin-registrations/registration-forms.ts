import {
  CancelRegistrationInputSchema,
  UpdateRegistrationInputSchema,
  type CancelRegistrationInput,
  type UpdateRegistrationInput,
} from '@camp/shared/admin-registrations';
import type { Registration } from '@camp/shared/registrations';
import type { FormSchema } from '../../lib/schema-form';
import type { EditableStatus } from './admin-registration-texts';

// The edit and cancel forms: their values, the request body of those values, and the shared schema that
// checks that body (the server's own rules and messages, docs/product.md §5 Admin edit / Admin cancel).

// ---- Edit ------------------------------------------------------------------------------------------------

export interface EditFormValues {
  status: EditableStatus;
  jobIds: string[];
  campingOptionIds: string[];
  notes: string;
  sendNotification: boolean;
  /** The admin saves shifts that overlap in time anyway (docs/product.md §11, decision 056). */
  acknowledgeOverlap: boolean;
}

/** What the registration holds now: the form's first values, and what a change is measured against. */
export function editFormValues(
  registration: Pick<Registration, 'status' | 'jobs'>,
  campingOptionIds: readonly string[],
): EditFormValues {
  return {
    // Only an active registration is edited; a cancelled one never reaches the form.
    status: registration.status === 'CANCELLED' ? 'PENDING' : registration.status,
    jobIds: registration.jobs.map(({ job }) => job.id),
    campingOptionIds: [...campingOptionIds],
    notes: '',
    sendNotification: false,
    acknowledgeOverlap: false,
  };
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** docs/product.md §5: a change in status, jobs or camping options is needed (notes alone are not a change). */
export function editChanges(values: EditFormValues, initial: EditFormValues) {
  return {
    status: values.status !== initial.status,
    jobIds: !sameIds(values.jobIds, initial.jobIds),
    campingOptionIds: !sameIds(values.campingOptionIds, initial.campingOptionIds),
  };
}

export function hasEditChanges(values: EditFormValues, initial: EditFormValues): boolean {
  return Object.values(editChanges(values, initial)).some(Boolean);
}

/**
 * The PUT body: only what changed, the notes when given, whether to mail the person, and the acknowledgement of
 * overlapping shifts when the shifts changed and it was ticked.
 */
export function toUpdateInput(values: EditFormValues, initial: EditFormValues): UpdateRegistrationInput {
  const changed = editChanges(values, initial);
  const notes = values.notes.trim();
  return {
    ...(changed.status ? { status: values.status } : {}),
    ...(changed.jobIds ? { jobIds: [...values.jobIds] } : {}),
    ...(changed.campingOptionIds ? { campingOptionIds: [...values.campingOptionIds] } : {}),
    ...(notes ? { notes } : {}),
    sendNotification: values.sendNotification,
    ...(changed.jobIds && values.acknowledgeOverlap ? { acknowledgeOverlap: true } : {}),
  };
}

export function editForm(initial: EditFormValues): FormSchema<EditFormValues> {
  return {
    schema: UpdateRegistrationInputSchema,
    toInput: (values) => toUpdateInput(values, initial),
  };
}

// ---- Cancel ----------------------------------------------------------------------------------------------

export interface CancelFormValues {
  reason: string;
  sendNotification: boolean;
  processRefund: boolean;
}

export const EMPTY_CANCEL_FORM: CancelFormValues = {
  reason: '',
  sendNotification: false,
  processRefund: false,
};

/** The DELETE body; a refund is asked for only where there is something to refund. */
export function toCancelInput(values: CancelFormValues, canRefund: boolean): CancelRegistrationInput {
  return {
    reason: values.reason.trim(),
    sendNotification: values.sendNotification,
    processRefund: canRefund && values.processRefund,
  };
}

export function cancelForm(canRefund: boolean): FormSchema<CancelFormValues> {
  return {
    schema: CancelRegistrationInputSchema,
    toInput: (values) => toCancelInput(values, canRefund),
  };
}
