import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DAYS_OF_WEEK, holdsPlaces, PLACE_HOLDING_STATUSES } from '@camp/shared';
import type { Db } from '../../apps/api/src/db/client';
import {
  addRegistration,
  type CampingOptionFieldRow,
  type CampingOptionRow,
  type CampRows,
  countPlaces,
  emptyCamp,
  type JobCategoryRow,
  type JobRow,
  type PaymentRow,
  type RegistrationRow,
  type ShiftRow,
  type UserRow,
  writeCamp,
} from '../../apps/api/test/kit/camp-rows';
import { Prng } from '../../apps/api/test/kit/rng';

// The camp the report benchmark reads: N registrations over two years, planned in memory (pure, seeded) as the
// test kit's rows and written with a few multi-row INSERTs a table, so 5,000 registrations take seconds.

export const REPORT_YEAR = 2030;

const SHIFT_TIMES = [
  ['06:00', '10:00'],
  ['10:00', '14:00'],
  ['14:00', '18:00'],
  ['18:00', '22:00'],
] as const;
const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chloé',
  'Dev',
  'Emma',
  'Farid',
  'Grace',
  'Hiro',
  'Inés',
  'Jon',
  'Kai',
  'Lea',
];
const LAST_NAMES = [
  'Adams',
  'Brown',
  'Çelik',
  'Diaz',
  'Evans',
  'Fischer',
  'García',
  'Hughes',
  'Ito',
  'Jones',
];
const CITIES: Array<[string, string, string]> = [
  ['Reno', 'NV', 'USA'],
  ['Oakland', 'CA', 'USA'],
  ['Portland', 'OR', 'USA'],
  ['Vancouver', 'BC', 'Canada'],
  ['Berlin', 'Berlin', 'Germany'],
];

export interface ReportCampPlan {
  year: number;
  /** Rows per table, in insertion order; ids are UUIDs made here. */
  tables: CampRows;
  /** What the reports must answer. */
  expected: {
    registrationsOfYear: number;
    registrationsAllYears: number;
    byStatusOfYear: Record<string, number>;
    users: number;
    activeUsersOfYear: number;
    payments: number;
    shifts: number;
    jobs: number;
    /** People on jobs in the work schedule of the year (registrations not cancelled, one per job link). */
    scheduleEntries: number;
  };
}

export interface ReportCampInput {
  registrations: number;
  seed: number;
  /** People signed in by the benchmark: they are rows too, with these roles. */
  adminEmail: string;
  staffEmail: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dateIn = (year: number, dayOfYear: number, seconds: number) =>
  new Date(Date.UTC(year, 0, 1 + dayOfYear, 0, 0, seconds));

/**
 * The camp: 6 camping options (three with 2–3 custom fields), 8 job categories, 40 shifts over the 10 days,
 * 150 jobs; 65% of the registrations in REPORT_YEAR and 35% in the year before, every status; one user per
 * registration of a year (a fifth of last year's people came back this year) plus 10% of N who never
 * registered; options,
 * 1–4 jobs, answers and payments (COMPLETED, PENDING, FAILED, REFUNDED with refunds) per registration. The
 * place counters of REPORT_YEAR equal the rows, job limits leave room.
 */
export function planReportCamp(input: ReportCampInput): ReportCampPlan {
  const random = new Prng(input.seed).next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (share: number) => random() < share;
  const year = REPORT_YEAR;
  const n = input.registrations;
  const ofYear = Math.round(n * 0.65);
  const ofLastYear = n - ofYear;
  // People 0..ofYear-1 registered this year; from lastYearFrom on, last year (a fifth of them in both years);
  // 10% of N more never registered.
  const lastYearFrom = ofYear - Math.round(ofLastYear * 0.2);
  const peopleCount = Math.max(ofYear, lastYearFrom + ofLastYear) + Math.round(n * 0.1);

  const admin = randomUUID();
  const staff = randomUUID();
  const camp = emptyCamp();
  const users: UserRow[] = [
    person(admin, input.adminEmail, 'ADMIN', 0),
    person(staff, input.staffEmail, 'STAFF', 1),
  ];
  const people: string[] = [];
  for (let index = 0; index < peopleCount; index += 1) {
    const id = randomUUID();
    people.push(id);
    users.push(person(id, `camper${index}@example.org`, chance(0.03) ? 'STAFF' : 'PARTICIPANT', index + 2));
  }
  function person(id: string, email: string, role: UserRow['role'], index: number): UserRow {
    const [city, stateProvince, country] = CITIES[index % CITIES.length] as [string, string, string];
    return {
      id,
      email,
      firstName: FIRST_NAMES[index % FIRST_NAMES.length] as string,
      lastName: `${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}-${index}`,
      playaName: index % 3 === 0 ? `Sparkle ${index}` : null,
      role,
      isEmailVerified: true,
      phone: `555-${String(index).padStart(4, '0')}`,
      city,
      stateProvince,
      country,
      emergencyContact: `Kin of ${index}, 555-9${String(index).padStart(3, '0')}`,
      createdAt: dateIn(year - 2, index % 365, index),
    };
  }

  camp.campConfig.push({
    id: randomUUID(),
    campName: 'Report Camp',
    registrationYear: year,
    registrationOpen: true,
    registrationTerms: '<p>Be excellent to each other.</p>',
  });

  const categoryNames = ['Gate', 'Kitchen', 'Build', 'Strike', 'Greeters', 'Medical', 'Sound', 'Rangers'];
  const categories: JobCategoryRow[] = categoryNames.map((name, index) => ({
    id: randomUUID(),
    name,
    description: `${name} crew`,
    staffOnly: name === 'Medical',
    alwaysRequired: index === 0,
  }));
  const shifts: ShiftRow[] = [];
  for (const day of DAYS_OF_WEEK) {
    for (const [startTime, endTime] of SHIFT_TIMES) {
      shifts.push({
        id: randomUUID(),
        name: `${day.toLowerCase().replace('_', ' ')} ${startTime}`,
        dayOfWeek: day,
        startTime,
        endTime,
        description: null,
      });
    }
  }
  const jobs: JobRow[] = [];
  for (let index = 0; index < 150; index += 1) {
    const category = categories[index % categories.length] as JobCategoryRow;
    jobs.push({
      id: randomUUID(),
      name: `${category.name} ${pad(Math.floor(index / categories.length) + 1)}`,
      location: `${category.name} area`,
      categoryId: category.id,
      shiftId: (shifts[index % shifts.length] as ShiftRow).id,
      maxRegistrations: 1, // set below from the rows
      currentRegistrations: 0, // counted from the rows below
    });
  }

  const optionSpecs: Array<{
    name: string;
    dues: [number, number];
    fields: Array<[string, CampingOptionFieldRow['dataType']]>;
  }> = [
    {
      name: 'Tent Camping',
      dues: [15000, 7500],
      fields: [
        ['Vehicle plate', 'STRING'],
        ['People', 'INTEGER'],
        ['Arrival', 'DATE'],
      ],
    },
    {
      name: 'RV Camping',
      dues: [30000, 15000],
      fields: [
        ['Vehicle plate', 'STRING'],
        ['RV length (ft)', 'NUMBER'],
      ],
    },
    {
      name: 'Cabin',
      dues: [45000, 22500],
      fields: [
        ['Bunk mate', 'STRING'],
        ['Needs ramp', 'BOOLEAN'],
      ],
    },
    { name: 'Car Camping', dues: [12000, 6000], fields: [] },
    { name: 'Hammock Grove', dues: [8000, 4000], fields: [] },
    { name: 'Early Arrival', dues: [5000, 0], fields: [] },
  ];
  const options: CampingOptionRow[] = [];
  const fieldsOfOption = new Map<string, CampingOptionFieldRow[]>();
  for (const spec of optionSpecs) {
    const id = randomUUID();
    options.push({
      id,
      name: spec.name,
      description: `${spec.name} at Report Camp`,
      enabled: true,
      workShiftsRequired: spec.name === 'Early Arrival' ? 0 : 1,
      participantDuesCents: spec.dues[0],
      staffDuesCents: spec.dues[1],
      maxSignups: 0,
      currentRegistrations: 0, // counted from the rows below
    });
    for (const category of categories.slice(1, 4)) {
      camp.campingOptionJobCategories.push({ campingOptionId: id, jobCategoryId: category.id });
    }
    const list: CampingOptionFieldRow[] = [];
    for (const [index, [displayName, dataType]] of spec.fields.entries()) {
      const field: CampingOptionFieldRow = {
        id: randomUUID(),
        campingOptionId: id,
        displayName,
        dataType,
        required: index === 0,
        sortOrder: index,
      };
      list.push(field);
      camp.campingOptionFields.push(field);
    }
    fieldsOfOption.set(id, list);
  }
  // Main options by weight (Tent most); Early Arrival only as a second option.
  const mainWeights = [0.45, 0.15, 0.1, 0.2, 0.1];
  const mainOption = (): CampingOptionRow => {
    let roll = random();
    for (const [index, weight] of mainWeights.entries()) {
      if (roll < weight) return options[index] as CampingOptionRow;
      roll -= weight;
    }
    return options[0] as CampingOptionRow;
  };
  const answer = (type: CampingOptionFieldRow['dataType'], index: number): string => {
    switch (type) {
      case 'INTEGER':
        return String(1 + Math.floor(random() * 6));
      case 'NUMBER':
        return (18 + random() * 20).toFixed(1);
      case 'DATE':
        return `${year}-08-${pad(20 + Math.floor(random() * 6))}`;
      case 'BOOLEAN':
        return chance(0.2) ? 'true' : 'false';
      default:
        return `RC${index}`;
    }
  };

  const byStatusOfYear: Record<string, number> = { PENDING: 0, CONFIRMED: 0, WAITLISTED: 0, CANCELLED: 0 };
  const jobRowsOfYear = new Map<string, number>();
  const jobRowsOfLastYear = new Map<string, number>();
  let activeUsersOfYear = 0;
  /** The waitlist's line (docs/product.md §10): waitlisted registrations in the order they are made. */
  let lineKey = 0;
  let scheduleEntries = 0;
  let reference = 0;

  const register = (userId: string, registrationYear: number, index: number) => {
    const current = registrationYear === year;
    const roll = random();
    const status: RegistrationRow['status'] = current
      ? roll < 0.55
        ? 'CONFIRMED'
        : roll < 0.8
          ? 'PENDING'
          : roll < 0.9
            ? 'WAITLISTED'
            : 'CANCELLED'
      : roll < 0.8
        ? 'CONFIRMED'
        : roll < 0.85
          ? 'PENDING'
          : roll < 0.9
            ? 'WAITLISTED'
            : 'CANCELLED';
    const id = randomUUID();
    const createdAt = dateIn(registrationYear, Math.floor(random() * 200), index % 86_400);
    const cancelled = status === 'CANCELLED';
    if (current) {
      byStatusOfYear[status] = (byStatusOfYear[status] ?? 0) + 1;
      if (!cancelled) activeUsersOfYear += 1;
    }
    const chosen = [mainOption()];
    if (chance(0.1)) chosen.push(options[5] as CampingOptionRow);
    let duesCents = 0;
    const fieldValues: Array<[string, string]> = [];
    for (const option of chosen) {
      duesCents += option.participantDuesCents;
      const fields = fieldsOfOption.get(option.id) ?? [];
      for (const field of fields) {
        if (field !== fields[0] && chance(0.2)) continue; // optional, left blank
        fieldValues.push([field.id, answer(field.dataType, index)]);
      }
    }
    const jobCount = 1 + Math.floor(random() * 4);
    const taken = new Set<string>();
    while (taken.size < jobCount) taken.add(pick(jobs).id);
    addRegistration(
      camp,
      {
        id,
        userId,
        year: registrationYear,
        status,
        acceptedTermsAt: createdAt,
        cancelledAt: cancelled ? createdAt : null,
        cancellationReason: cancelled ? 'Plans changed' : null,
        createdAt,
        ...(status === 'WAITLISTED' ? { lineKey: (lineKey += 1), waitlistedAt: createdAt } : {}),
      },
      { campingOptionIds: chosen.map((option) => option.id), jobIds: [...taken], fieldValues },
    );
    for (const jobId of taken) {
      // Only a registration holding its places is on the job's counter and roster (decision 048).
      if (holdsPlaces(status)) {
        const counts = current ? jobRowsOfYear : jobRowsOfLastYear;
        counts.set(jobId, (counts.get(jobId) ?? 0) + 1);
        if (current) scheduleEntries += 1;
      }
    }

    const pay = (paymentStatus: PaymentRow['status'], amountCents: number, refundedCents = 0) => {
      reference += 1;
      const paymentId = randomUUID();
      const provider = reference % 10 === 0 ? 'MANUAL' : reference % 4 === 0 ? 'PAYPAL' : 'STRIPE';
      const paidAt = new Date(createdAt.getTime() + reference * 1000);
      camp.payments.push({
        id: paymentId,
        userId,
        registrationId: id,
        amountCents,
        currency: 'USD',
        status: paymentStatus,
        provider,
        providerRefId: provider === 'MANUAL' ? null : `bench_${provider.toLowerCase()}_${reference}`,
        paymentIntentId: provider === 'STRIPE' ? `pi_bench_${reference}` : null,
        method: provider === 'MANUAL' ? pick(['CASH', 'CHECK', 'BANK_TRANSFER'] as const) : null,
        reference: provider === 'MANUAL' ? `receipt ${reference}` : null,
        refundedAt: paymentStatus === 'REFUNDED' ? paidAt : null,
        refundRefId: paymentStatus === 'REFUNDED' ? `re_bench_${reference}` : null,
        createdAt: paidAt,
      });
      if (refundedCents > 0) {
        camp.refunds.push({
          id: randomUUID(),
          paymentId,
          amountCents: refundedCents,
          status: 'SUCCEEDED',
          reason: 'Cancelled',
          source: 'ADMIN',
          providerRefId: `re_bench_${reference}`,
          idempotencyKey: `bench-refund-${reference}`,
          adminUserId: admin,
        });
      }
    };
    switch (status) {
      case 'CONFIRMED':
        if (chance(0.1)) pay('FAILED', duesCents);
        if (chance(0.05)) {
          // Partly refunded: still COMPLETED, with a refund row.
          pay('COMPLETED', duesCents, Math.round(duesCents / 4));
        } else {
          pay('COMPLETED', duesCents);
        }
        break;
      case 'PENDING':
        if (chance(0.15)) pay('FAILED', duesCents);
        if (chance(0.7)) pay('PENDING', duesCents);
        break;
      case 'WAITLISTED':
        if (chance(0.3)) pay('PENDING', duesCents);
        break;
      default:
        if (chance(0.6)) pay('REFUNDED', duesCents, duesCents);
    }
  };

  for (let index = 0; index < ofLastYear; index += 1) {
    register(people[lastYearFrom + index] as string, year - 1, index);
  }
  for (let index = 0; index < ofYear; index += 1) register(people[index] as string, year, index);

  for (const job of jobs) {
    job.maxRegistrations = Math.max(jobRowsOfYear.get(job.id) ?? 0, jobRowsOfLastYear.get(job.id) ?? 0) + 10;
  }
  camp.users = users;
  camp.jobCategories = categories;
  camp.shifts = shifts;
  camp.jobs = jobs;
  camp.campingOptions = options;
  countPlaces(camp, year);

  return {
    year,
    tables: camp,
    expected: {
      registrationsOfYear: ofYear,
      registrationsAllYears: n,
      byStatusOfYear,
      users: users.length,
      activeUsersOfYear,
      payments: camp.payments.length,
      shifts: shifts.length,
      jobs: jobs.length,
      scheduleEntries,
    },
  };
}

/** The part of a pg.Client or a PGlite the counter check uses. */
export interface SqlRunner {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Writes the plan in one transaction (tables in foreign-key order), then refreshes the planner's statistics.
 * Answers the rows written per table.
 */
export async function writeReportCamp(db: Db, plan: ReportCampPlan): Promise<Record<string, number>> {
  const written = await db.transaction((tx) => writeCamp(tx, plan.tables));
  await db.execute(sql`analyze`);
  return written;
}

/** The place counters of `year` against the rows (registrations holding a place): names of those that differ. */
export async function counterDrift(db: SqlRunner, year: number): Promise<string[]> {
  const result = await db.query(
    `select o.name, o.current_registrations as counter,
            (select count(*)::int from registration_camping_options l join registrations r on r.id = l.registration_id
              where l.camping_option_id = o.id and r.year = $1 and r.status::text = any($2)) as taken
       from camping_options o where o.counted_year = $1
     union all
     select j.name, j.current_registrations,
            (select count(*)::int from registration_jobs l join registrations r on r.id = l.registration_id
              where l.job_id = j.id and r.year = $1 and r.status::text = any($2))
       from jobs j where j.counted_year = $1`,
    [year, [...PLACE_HOLDING_STATUSES]],
  );
  return (result.rows as Array<{ name: string; counter: number; taken: number }>)
    .filter((row) => Number(row.counter) !== Number(row.taken))
    .map((row) => `${row.name}: counter ${row.counter}, rows ${row.taken}`);
}
