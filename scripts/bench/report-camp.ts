import { randomUUID } from 'node:crypto';
import { prng } from './stats';

// The camp the report benchmark reads: N registrations over two years, planned in memory (pure, seeded) and
// written with a few multi-row INSERTs (jsonb_to_recordset), so 5,000 registrations take seconds.

export const REPORT_YEAR = 2030;

const DAYS = [
  'PRE_OPENING',
  'OPENING_SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'CLOSING_SUNDAY',
  'POST_EVENT',
] as const;
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

type Row = Record<string, string | number | boolean | null>;

export interface ReportCampPlan {
  year: number;
  /** Rows per table, in insertion order; ids are UUIDs made here. */
  tables: {
    users: Row[];
    camp_config: Row[];
    job_categories: Row[];
    shifts: Row[];
    jobs: Row[];
    camping_options: Row[];
    camping_option_job_categories: Row[];
    camping_option_fields: Row[];
    registrations: Row[];
    registration_camping_options: Row[];
    registration_jobs: Row[];
    registration_field_values: Row[];
    payments: Row[];
    refunds: Row[];
  };
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
const isoIn = (year: number, dayOfYear: number, seconds: number) =>
  new Date(Date.UTC(year, 0, 1 + dayOfYear, 0, 0, seconds)).toISOString();

/**
 * The camp: 6 camping options (three with 2–3 custom fields), 8 job categories, 40 shifts over the 10 days,
 * 150 jobs; 65% of the registrations in REPORT_YEAR and 35% in the year before, every status; one user per
 * registration of a year (a fifth of last year's people came back this year) plus 10% of N who never
 * registered; options,
 * 1–4 jobs, answers and payments (COMPLETED, PENDING, FAILED, REFUNDED with refunds) per registration. The
 * place counters of REPORT_YEAR equal the rows, job limits leave room.
 */
export function planReportCamp(input: ReportCampInput): ReportCampPlan {
  const random = prng(input.seed);
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
  const users: Row[] = [
    person(admin, input.adminEmail, 'ADMIN', 0),
    person(staff, input.staffEmail, 'STAFF', 1),
  ];
  const people: string[] = [];
  for (let index = 0; index < peopleCount; index += 1) {
    const id = randomUUID();
    people.push(id);
    users.push(person(id, `camper${index}@example.org`, chance(0.03) ? 'STAFF' : 'PARTICIPANT', index + 2));
  }
  function person(id: string, email: string, role: string, index: number): Row {
    const [city, state, country] = CITIES[index % CITIES.length] as [string, string, string];
    return {
      id,
      email,
      first_name: FIRST_NAMES[index % FIRST_NAMES.length] as string,
      last_name: `${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}-${index}`,
      playa_name: index % 3 === 0 ? `Sparkle ${index}` : null,
      role,
      is_email_verified: true,
      phone: `555-${String(index).padStart(4, '0')}`,
      city,
      state_province: state,
      country,
      emergency_contact: `Kin of ${index}, 555-9${String(index).padStart(3, '0')}`,
      created_at: isoIn(year - 2, index % 365, index),
    };
  }

  const campConfig: Row[] = [
    {
      id: randomUUID(),
      camp_name: 'Report Camp',
      registration_year: year,
      registration_open: true,
      registration_terms: '<p>Be excellent to each other.</p>',
    },
  ];

  const categoryNames = ['Gate', 'Kitchen', 'Build', 'Strike', 'Greeters', 'Medical', 'Sound', 'Rangers'];
  const categories: Row[] = categoryNames.map((name, index) => ({
    id: randomUUID(),
    name,
    description: `${name} crew`,
    staff_only: name === 'Medical',
    always_required: index === 0,
  }));
  const shifts: Row[] = [];
  for (const day of DAYS) {
    for (const [start, end] of SHIFT_TIMES) {
      shifts.push({
        id: randomUUID(),
        name: `${day.toLowerCase().replace('_', ' ')} ${start}`,
        day_of_week: day,
        start_time: start,
        end_time: end,
        description: null,
      });
    }
  }
  const jobs: Row[] = [];
  for (let index = 0; index < 150; index += 1) {
    const category = categories[index % categories.length] as Row;
    jobs.push({
      id: randomUUID(),
      name: `${String(category.name)} ${pad(Math.floor(index / categories.length) + 1)}`,
      location: `${String(category.name)} area`,
      category_id: category.id as string,
      shift_id: (shifts[index % shifts.length] as Row).id as string,
      max_registrations: 1, // set below from the rows
      current_registrations: 0,
      counted_year: year,
    });
  }

  const optionSpecs: Array<{ name: string; dues: [number, number]; fields: Array<[string, string]> }> = [
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
  const options: Row[] = [];
  const optionCategories: Row[] = [];
  const fields: Row[] = [];
  const fieldsOfOption = new Map<string, Array<{ id: string; type: string }>>();
  for (const spec of optionSpecs) {
    const id = randomUUID();
    options.push({
      id,
      name: spec.name,
      description: `${spec.name} at Report Camp`,
      enabled: true,
      work_shifts_required: spec.name === 'Early Arrival' ? 0 : 1,
      participant_dues_cents: spec.dues[0],
      staff_dues_cents: spec.dues[1],
      max_signups: 0,
      current_registrations: 0,
      counted_year: year,
    });
    for (const category of categories.slice(1, 4)) {
      optionCategories.push({ camping_option_id: id, job_category_id: category.id as string });
    }
    const list: Array<{ id: string; type: string }> = [];
    for (const [index, [displayName, type]] of spec.fields.entries()) {
      const fieldId = randomUUID();
      list.push({ id: fieldId, type });
      fields.push({
        id: fieldId,
        camping_option_id: id,
        display_name: displayName,
        data_type: type,
        required: index === 0,
        sort_order: index,
      });
    }
    fieldsOfOption.set(id, list);
  }
  // Main options by weight (Tent most); Early Arrival only as a second option.
  const mainWeights = [0.45, 0.15, 0.1, 0.2, 0.1];
  const mainOption = (): Row => {
    let roll = random();
    for (const [index, weight] of mainWeights.entries()) {
      if (roll < weight) return options[index] as Row;
      roll -= weight;
    }
    return options[0] as Row;
  };
  const answer = (type: string, index: number): string => {
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

  const registrations: Row[] = [];
  const registrationOptions: Row[] = [];
  const registrationJobs: Row[] = [];
  const fieldValues: Row[] = [];
  const payments: Row[] = [];
  const refunds: Row[] = [];
  const byStatusOfYear: Record<string, number> = { PENDING: 0, CONFIRMED: 0, WAITLISTED: 0, CANCELLED: 0 };
  const jobRowsOfYear = new Map<string, number>();
  const jobRowsOfLastYear = new Map<string, number>();
  const optionRowsOfYear = new Map<string, number>();
  let activeUsersOfYear = 0;
  let scheduleEntries = 0;
  let reference = 0;

  const register = (userId: string, registrationYear: number, index: number) => {
    const current = registrationYear === year;
    const roll = random();
    const status = current
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
    const createdAt = isoIn(registrationYear, Math.floor(random() * 200), index % 86_400);
    const cancelled = status === 'CANCELLED';
    registrations.push({
      id,
      user_id: userId,
      year: registrationYear,
      status,
      accepted_terms_at: createdAt,
      cancelled_at: cancelled ? createdAt : null,
      cancellation_reason: cancelled ? 'Plans changed' : null,
      created_at: createdAt,
    });
    if (current) {
      byStatusOfYear[status] = (byStatusOfYear[status] ?? 0) + 1;
      if (!cancelled) activeUsersOfYear += 1;
    }
    const chosen = [mainOption()];
    if (chance(0.1)) chosen.push(options[5] as Row);
    let duesCents = 0;
    for (const option of chosen) {
      const optionId = option.id as string;
      registrationOptions.push({ id: randomUUID(), registration_id: id, camping_option_id: optionId });
      duesCents += option.participant_dues_cents as number;
      if (current && !cancelled) optionRowsOfYear.set(optionId, (optionRowsOfYear.get(optionId) ?? 0) + 1);
      for (const field of fieldsOfOption.get(optionId) ?? []) {
        if (field !== fieldsOfOption.get(optionId)?.[0] && chance(0.2)) continue; // optional, left blank
        fieldValues.push({
          id: randomUUID(),
          registration_id: id,
          field_id: field.id,
          value: answer(field.type, index),
        });
      }
    }
    const jobCount = 1 + Math.floor(random() * 4);
    const taken = new Set<string>();
    while (taken.size < jobCount) taken.add(pick(jobs).id as string);
    for (const jobId of taken) {
      registrationJobs.push({ id: randomUUID(), registration_id: id, job_id: jobId });
      if (!cancelled) {
        const counts = current ? jobRowsOfYear : jobRowsOfLastYear;
        counts.set(jobId, (counts.get(jobId) ?? 0) + 1);
        if (current) scheduleEntries += 1;
      }
    }

    const pay = (paymentStatus: string, amountCents: number, refundedCents = 0) => {
      reference += 1;
      const paymentId = randomUUID();
      const provider = reference % 10 === 0 ? 'MANUAL' : reference % 4 === 0 ? 'PAYPAL' : 'STRIPE';
      const paidAt = new Date(Date.parse(createdAt) + reference * 1000).toISOString();
      payments.push({
        id: paymentId,
        user_id: userId,
        registration_id: id,
        amount_cents: amountCents,
        currency: 'USD',
        status: paymentStatus,
        provider,
        provider_ref_id: provider === 'MANUAL' ? null : `bench_${provider.toLowerCase()}_${reference}`,
        payment_intent_id: provider === 'STRIPE' ? `pi_bench_${reference}` : null,
        method: provider === 'MANUAL' ? pick(['CASH', 'CHECK', 'BANK_TRANSFER']) : null,
        reference: provider === 'MANUAL' ? `receipt ${reference}` : null,
        refunded_at: paymentStatus === 'REFUNDED' ? paidAt : null,
        refund_ref_id: paymentStatus === 'REFUNDED' ? `re_bench_${reference}` : null,
        created_at: paidAt,
      });
      if (refundedCents > 0) {
        refunds.push({
          id: randomUUID(),
          payment_id: paymentId,
          amount_cents: refundedCents,
          status: 'SUCCEEDED',
          reason: 'Cancelled',
          source: 'ADMIN',
          provider_ref_id: `re_bench_${reference}`,
          idempotency_key: `bench-refund-${reference}`,
          admin_user_id: admin,
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
    const taken = jobRowsOfYear.get(job.id as string) ?? 0;
    const before = jobRowsOfLastYear.get(job.id as string) ?? 0;
    job.current_registrations = taken;
    job.max_registrations = Math.max(taken, before) + 10;
  }
  for (const option of options) option.current_registrations = optionRowsOfYear.get(option.id as string) ?? 0;

  return {
    year,
    tables: {
      users,
      camp_config: campConfig,
      job_categories: categories,
      shifts,
      jobs,
      camping_options: options,
      camping_option_job_categories: optionCategories,
      camping_option_fields: fields,
      registrations,
      registration_camping_options: registrationOptions,
      registration_jobs: registrationJobs,
      registration_field_values: fieldValues,
      payments,
      refunds,
    },
    expected: {
      registrationsOfYear: ofYear,
      registrationsAllYears: n,
      byStatusOfYear,
      users: users.length,
      activeUsersOfYear,
      payments: payments.length,
      shifts: shifts.length,
      jobs: jobs.length,
      scheduleEntries,
    },
  };
}

/** The column types of each table the plan writes (for jsonb_to_recordset). */
const COLUMN_TYPES: Record<keyof ReportCampPlan['tables'], Record<string, string>> = {
  users: {
    id: 'uuid',
    email: 'text',
    first_name: 'text',
    last_name: 'text',
    playa_name: 'text',
    role: 'user_role',
    is_email_verified: 'boolean',
    phone: 'text',
    city: 'text',
    state_province: 'text',
    country: 'text',
    emergency_contact: 'text',
    created_at: 'timestamptz',
  },
  camp_config: {
    id: 'uuid',
    camp_name: 'text',
    registration_year: 'integer',
    registration_open: 'boolean',
    registration_terms: 'text',
  },
  job_categories: {
    id: 'uuid',
    name: 'text',
    description: 'text',
    staff_only: 'boolean',
    always_required: 'boolean',
  },
  shifts: {
    id: 'uuid',
    name: 'text',
    day_of_week: 'day_of_week',
    start_time: 'time',
    end_time: 'time',
    description: 'text',
  },
  jobs: {
    id: 'uuid',
    name: 'text',
    location: 'text',
    category_id: 'uuid',
    shift_id: 'uuid',
    max_registrations: 'integer',
    current_registrations: 'integer',
    counted_year: 'integer',
  },
  camping_options: {
    id: 'uuid',
    name: 'text',
    description: 'text',
    enabled: 'boolean',
    work_shifts_required: 'integer',
    participant_dues_cents: 'integer',
    staff_dues_cents: 'integer',
    max_signups: 'integer',
    current_registrations: 'integer',
    counted_year: 'integer',
  },
  camping_option_job_categories: { camping_option_id: 'uuid', job_category_id: 'uuid' },
  camping_option_fields: {
    id: 'uuid',
    camping_option_id: 'uuid',
    display_name: 'text',
    data_type: 'field_data_type',
    required: 'boolean',
    sort_order: 'integer',
  },
  registrations: {
    id: 'uuid',
    user_id: 'uuid',
    year: 'integer',
    status: 'registration_status',
    accepted_terms_at: 'timestamptz',
    cancelled_at: 'timestamptz',
    cancellation_reason: 'text',
    created_at: 'timestamptz',
  },
  registration_camping_options: { id: 'uuid', registration_id: 'uuid', camping_option_id: 'uuid' },
  registration_jobs: { id: 'uuid', registration_id: 'uuid', job_id: 'uuid' },
  registration_field_values: { id: 'uuid', registration_id: 'uuid', field_id: 'uuid', value: 'text' },
  payments: {
    id: 'uuid',
    user_id: 'uuid',
    registration_id: 'uuid',
    amount_cents: 'integer',
    currency: 'text',
    status: 'payment_status',
    provider: 'payment_provider',
    provider_ref_id: 'text',
    payment_intent_id: 'text',
    method: 'manual_payment_method',
    reference: 'text',
    refunded_at: 'timestamptz',
    refund_ref_id: 'text',
    created_at: 'timestamptz',
  },
  refunds: {
    id: 'uuid',
    payment_id: 'uuid',
    amount_cents: 'integer',
    status: 'refund_status',
    reason: 'text',
    source: 'text',
    provider_ref_id: 'text',
    idempotency_key: 'text',
    admin_user_id: 'uuid',
  },
};

/** The part of a pg.Client or a PGlite the seeding uses. */
export interface SqlRunner {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** One INSERT … SELECT FROM jsonb_to_recordset($1) per table and chunk of rows. */
export function insertStatement(table: string, types: Record<string, string>): string {
  const columns = Object.keys(types);
  const definition = columns.map((column) => `${column} ${types[column]}`).join(', ');
  return `insert into ${table} (${columns.join(', ')}) select ${columns.join(', ')} from jsonb_to_recordset($1::jsonb) as t(${definition})`;
}

/**
 * Writes the plan in one transaction (tables in foreign-key order, 5,000 rows a statement), then refreshes
 * the planner's statistics. Answers the rows written per table.
 */
export async function writeReportCamp(db: SqlRunner, plan: ReportCampPlan): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  await db.query('begin');
  try {
    for (const [table, rows] of Object.entries(plan.tables) as Array<
      [keyof ReportCampPlan['tables'], Row[]]
    >) {
      const statement = insertStatement(table, COLUMN_TYPES[table]);
      for (let from = 0; from < rows.length; from += 5000) {
        await db.query(statement, [JSON.stringify(rows.slice(from, from + 5000))]);
      }
      written[table] = rows.length;
    }
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  await db.query('analyze');
  return written;
}

/** The place counters of `year` against the rows (registrations not cancelled): names of those that differ. */
export async function counterDrift(db: SqlRunner, year: number): Promise<string[]> {
  const result = await db.query(
    `select o.name, o.current_registrations as counter,
            (select count(*)::int from registration_camping_options l join registrations r on r.id = l.registration_id
              where l.camping_option_id = o.id and r.year = $1 and r.status <> 'CANCELLED') as taken
       from camping_options o where o.counted_year = $1
     union all
     select j.name, j.current_registrations,
            (select count(*)::int from registration_jobs l join registrations r on r.id = l.registration_id
              where l.job_id = j.id and r.year = $1 and r.status <> 'CANCELLED')
       from jobs j where j.counted_year = $1`,
    [year],
  );
  return (result.rows as Array<{ name: string; counter: number; taken: number }>)
    .filter((row) => Number(row.counter) !== Number(row.taken))
    .map((row) => `${row.name}: counter ${row.counter}, rows ${row.taken}`);
}
