import type { CampingOption, CampingOptionField } from '@camp/shared/camping-options';
import type { CampRegistration, Registration } from '@camp/shared/registrations';
import type { Job, JobCategory, RegistrationJobDetail } from '@camp/shared/work';

// Sample catalog and registrations for the wizard and dashboard tests (shapes of packages/shared).

export function testField(overrides: Partial<CampingOptionField> = {}): CampingOptionField {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    displayName: 'Vehicle length',
    description: null,
    dataType: 'STRING',
    required: false,
    maxLength: null,
    minLength: null,
    minValue: null,
    maxValue: null,
    order: 0,
    campingOptionId: 'o0000000-0000-4000-8000-000000000001',
    ...overrides,
  };
}

export function testOption(overrides: Partial<CampingOption> = {}): CampingOption {
  return {
    id: 'o0000000-0000-4000-8000-000000000001',
    name: 'Tent Camping',
    description: 'Pitch your tent in the shade structure.',
    enabled: true,
    workShiftsRequired: 1,
    participantDues: 150,
    staffDues: 75,
    maxSignups: 0,
    waitlistEnabled: true,
    jobCategoryIds: [],
    currentRegistrations: 0,
    availabilityStatus: 'AVAILABLE',
    fields: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const kitchen: JobCategory = {
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Kitchen',
  description: 'Cook and clean for the camp',
  staffOnly: false,
  alwaysRequired: false,
};

export const gate: JobCategory = {
  id: 'c0000000-0000-4000-8000-000000000002',
  name: 'Gate',
  description: 'Greet arrivals',
  staffOnly: false,
  alwaysRequired: true,
};

export const greeters: JobCategory = {
  id: 'c0000000-0000-4000-8000-000000000003',
  name: 'Greeters',
  description: 'Hugs at the entrance',
  staffOnly: false,
  alwaysRequired: false,
};

export function testJob(category: JobCategory, overrides: Partial<Job> = {}): Job {
  return {
    id: 'j0000000-0000-4000-8000-000000000001',
    name: 'Breakfast crew',
    location: 'Main kitchen',
    categoryId: category.id,
    category,
    shiftId: 's0000000-0000-4000-8000-000000000001',
    shift: {
      id: 's0000000-0000-4000-8000-000000000001',
      name: 'Morning',
      description: 'Bring a hat',
      startTime: '08:00',
      endTime: '11:00',
      dayOfWeek: 'MONDAY',
      dayOffset: 1,
      active: true,
    },
    maxRegistrations: 4,
    currentRegistrations: 1,
    staffOnly: category.staffOnly,
    alwaysRequired: category.alwaysRequired,
    waitlistEnabled: false,
    active: true,
    ...overrides,
  };
}

/** Tuesday evening: the shift of the full jobs in the shift waitlist's tests (docs/product.md §10). */
export const tuesdayEvening = {
  id: 's0000000-0000-4000-8000-000000000002',
  name: 'Evening',
  description: null,
  dayOfWeek: 'TUESDAY' as const,
  startTime: '18:00',
  endTime: '21:00',
  dayOffset: 1,
  active: true,
};

/** Dinner crew on Tuesday evening: full (2 of 2), its waitlist on. */
export const dinnerCrew = (overrides: Partial<Job> = {}): Job =>
  testJob(kitchen, {
    id: 'j0000000-0000-4000-8000-000000000002',
    name: 'Dinner crew',
    shiftId: tuesdayEvening.id,
    shift: tuesdayEvening,
    maxRegistrations: 2,
    currentRegistrations: 2,
    waitlistEnabled: true,
    ...overrides,
  });

/** The Bar in the Saloon on Tuesday evening: full (1 of 1), its waitlist off unless given. */
export const fullBar = (overrides: Partial<Job> = {}): Job =>
  testJob(kitchen, {
    id: 'j0000000-0000-4000-8000-000000000003',
    name: 'Bar',
    location: 'Saloon',
    shiftId: tuesdayEvening.id,
    shift: tuesdayEvening,
    maxRegistrations: 1,
    currentRegistrations: 1,
    ...overrides,
  });

/** A job as a registration's (and a shift waitlist entry's) summary carries it: without places and switches. */
export const jobDetail = ({
  maxRegistrations: _m,
  currentRegistrations: _c,
  staffOnly: _s,
  alwaysRequired: _a,
  waitlistEnabled: _w,
  ...job
}: Job): RegistrationJobDetail => job;

/** The PENDING Stripe dues row of `amount` dollars of a registration. */
export const pendingPayment = (
  amount: number,
  registrationId: string,
  createdAt = '2026-03-02T10:00:00.000Z',
): Registration['payments'][number] => ({
  id: 'p-1',
  amount,
  currency: 'USD',
  status: 'PENDING',
  createdAt,
  provider: 'STRIPE',
  providerRefId: null,
  registrationId,
  refundStatus: null,
});

/** A registration as GET /registrations/me answers it: amountOwed, unless given, is its PENDING payments. */
export function testRegistration(overrides: Partial<Registration> = {}): Registration {
  const registration: Omit<Registration, 'amountOwed'> = {
    id: 'r0000000-0000-4000-8000-000000000001',
    userId: '4b8f5c7e-2f3a-4c1d-9e8b-1a2b3c4d5e6f',
    year: 2026,
    status: 'PENDING',
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    user: {
      id: '4b8f5c7e-2f3a-4c1d-9e8b-1a2b3c4d5e6f',
      firstName: 'Dusty',
      lastName: 'Rhodes',
      playaName: null,
      email: 'dusty@example.org',
    },
    jobs: [
      {
        id: 'rj-1',
        job: jobDetail(testJob(kitchen)),
        attendance: null,
      },
    ],
    campingOptions: [],
    payments: [pendingPayment(150, 'r0000000-0000-4000-8000-000000000001')],
    payBy: null,
    waitlist: null,
    ...overrides,
  };
  const pending = registration.payments.filter((payment) => payment.status === 'PENDING');
  return {
    ...registration,
    amountOwed: overrides.amountOwed ?? pending.reduce((sum, payment) => sum + payment.amount, 0),
  };
}

export function testCampRegistration(overrides: Partial<CampRegistration> = {}): CampRegistration {
  return {
    registrationId: null,
    year: 2026,
    status: null,
    campingOptions: [],
    customFieldValues: [],
    ...overrides,
  };
}

/** A camp registration for Tent Camping with these answers (field names and types as given). */
export function campWithAnswers(
  answers: [string, CampRegistration['customFieldValues'][number]['field']['dataType'], unknown][],
) {
  return testCampRegistration({
    registrationId: 'r1',
    status: 'PENDING',
    campingOptions: [
      {
        id: 'link-1',
        campingOption: {
          id: 'o1',
          name: 'Tent Camping',
          description: 'Shade for tents',
          enabled: true,
          workShiftsRequired: 1,
          participantDues: 150,
          staffDues: 75,
          maxSignups: 0,
        },
      },
    ],
    customFieldValues: answers.map(([displayName, dataType, value], order) => ({
      id: `v${order}`,
      fieldId: `f${order}`,
      value: value as string | number | boolean | null,
      field: { id: `f${order}`, displayName, dataType, campingOptionId: 'o1', order },
    })),
  });
}
