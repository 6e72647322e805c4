import {
  type CampRegistration,
  centsToDollars,
  customFieldValueFromStored,
  dollarsToCents,
  compareShifts,
  openRefundStatus,
  type RefundStatus,
  type Registration,
  type RegistrationJob,
  type RegistrationPayment,
  type RegistrationUser,
} from '@camp/shared';
import type { campingOptions, jobCategories, jobs, payments, shifts } from '../../db/schema/index';
import { groupBy } from '../../lib/group-by';
import { toCampingOptionSummary } from '../camping-options/camping-options.service';
import { owedCents } from '../payments/owed';
import { type LineSpot, toRegistrationWaitlist } from '../waitlist/lines';
import { toJobCategoryDto, toShiftSummaryDto } from '../work/work-common';
import type {
  InsertedRegistration,
  SelectedCampRegistration,
  SelectedRegistrations,
} from './registrations.store';

// Rows → the shared response shapes of the registration routes (docs/product.md §3, §7).

export type CampingOptionRow = typeof campingOptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect & { refundStatuses: RefundStatus[] };
export interface JobWithContext {
  job: typeof jobs.$inferSelect;
  category: typeof jobCategories.$inferSelect;
  shift: typeof shifts.$inferSelect;
}

export function toRegistrationUser(user: RegistrationUser): RegistrationUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    playaName: user.playaName,
    email: user.email,
  };
}

export function toRegistrationJob(
  linkId: string,
  { job, category, shift }: JobWithContext,
  attendance: RegistrationJob['attendance'] = null,
): RegistrationJob {
  return {
    id: linkId,
    job: {
      id: job.id,
      name: job.name,
      location: job.location,
      categoryId: job.categoryId,
      shiftId: job.shiftId,
      shift: toShiftSummaryDto(shift),
      category: toJobCategoryDto(category),
      active: job.active,
    },
    attendance,
  };
}

/** A registration's link to a camping option. */
function toRegistrationOption(linkId: string, option: CampingOptionRow) {
  return { id: linkId, campingOption: toCampingOptionSummary(option) };
}

function toPaymentDto(row: PaymentRow): RegistrationPayment {
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    provider: row.provider,
    providerRefId: row.providerRefId,
    registrationId: row.registrationId,
    refundStatus: openRefundStatus(row.status, row.refundStatuses),
  };
}

/** Festival order of a registration's jobs: the shared shift order (day, start, end), then name. */
function byFestivalOrder(a: JobWithContext, b: JobWithContext): number {
  return compareShifts(a.shift, b.shift) || a.job.name.localeCompare(b.job.name);
}

/** The registrations of selectRegistrations, each with its jobs, options and payments. */
export function toRegistrationDtos({
  rows,
  jobRows,
  optionRows,
  paymentRows,
  waitlist,
}: SelectedRegistrations): Registration[] {
  const jobsOf = groupBy(jobRows, (row) => row.registrationId);
  const optionsOf = groupBy(optionRows, (row) => row.registrationId);
  const paymentsOf = groupBy(paymentRows, (row) => row.registrationId ?? '');
  return rows.map(({ registration, user }) => ({
    id: registration.id,
    userId: registration.userId,
    year: registration.year,
    status: registration.status,
    createdAt: registration.createdAt.toISOString(),
    updatedAt: registration.updatedAt.toISOString(),
    user,
    jobs: (jobsOf.get(registration.id) ?? []).map((row) => toRegistrationJob(row.id, row, row.attendance)),
    campingOptions: (optionsOf.get(registration.id) ?? []).map((row) =>
      toRegistrationOption(row.id, row.option),
    ),
    payments: (paymentsOf.get(registration.id) ?? []).map(toPaymentDto),
    amountOwed: centsToDollars(owedCents(paymentsOf.get(registration.id) ?? [])),
    payBy: registration.payBy?.toISOString() ?? null,
    waitlist: toRegistrationWaitlist(
      registration,
      (optionsOf.get(registration.id) ?? []).map((row) => row.option),
      waitlist,
    ),
  }));
}

/**
 * The registration a submission just stored, from what the submission already knows: no read back. Jobs in
 * festival order and options by name, as the reads answer them.
 */
export function toSubmittedRegistration(
  created: InsertedRegistration,
  values: {
    user: RegistrationUser;
    year: number;
    status: Registration['status'];
    options: readonly CampingOptionRow[];
    jobs: readonly JobWithContext[];
    duesDollars: number;
    /** When it joined the waitlist and its positions, for a WAITLISTED one (it has no offer yet). */
    waitlist: { joinedAt: Date; spots: LineSpot[] } | null;
  },
): Registration {
  const options = [...values.options].sort((a, b) => a.name.localeCompare(b.name));
  return {
    id: created.id,
    userId: values.user.id,
    year: values.year,
    status: values.status,
    createdAt: created.createdAt,
    updatedAt: created.updatedAt,
    user: toRegistrationUser(values.user),
    jobs: [...values.jobs]
      .sort(byFestivalOrder)
      .map((entry) => toRegistrationJob(created.jobLinks[entry.job.id] ?? '', entry)),
    campingOptions: options.map((option) =>
      toRegistrationOption(created.optionLinks[option.id] ?? '', option),
    ),
    payments: created.payment
      ? [
          {
            id: created.payment.id,
            amount: values.duesDollars,
            currency: 'USD',
            status: 'PENDING',
            createdAt: created.payment.createdAt,
            provider: 'STRIPE',
            providerRefId: null,
            registrationId: created.id,
            refundStatus: null,
          },
        ]
      : [],
    amountOwed: centsToDollars(
      owedCents(
        created.payment ? [{ status: 'PENDING', amountCents: dollarsToCents(values.duesDollars) }] : [],
      ),
    ),
    // A submission sets no deadline: one is set when an offer is accepted or a place is won.
    payBy: null,
    waitlist: values.waitlist
      ? toRegistrationWaitlist(
          { id: created.id, status: values.status, waitlistedAt: values.waitlist.joinedAt },
          options,
          { spots: values.waitlist.spots, offers: [] },
        )
      : null,
  };
}

/** The camp registration of docs/product.md §3, or the empty one when the person has no current registration. */
export function toCampRegistration(
  year: number,
  selected: SelectedCampRegistration | undefined,
): CampRegistration {
  if (!selected)
    return { registrationId: null, year, status: null, campingOptions: [], customFieldValues: [] };
  const { current, optionRows, valueRows } = selected;
  return {
    registrationId: current.id,
    year,
    status: current.status,
    campingOptions: optionRows.map((row) => toRegistrationOption(row.id, row.option)),
    customFieldValues: valueRows.map(({ value, field }) => ({
      id: value.id,
      fieldId: field.id,
      value: customFieldValueFromStored(field.dataType, value.value),
      field: {
        id: field.id,
        displayName: field.displayName,
        dataType: field.dataType,
        campingOptionId: field.campingOptionId,
        order: field.sortOrder,
      },
    })),
  };
}
