import { holdsPlaces, type PaymentStatus, type RegistrationStatus, type Role } from '@camp/shared';
import {
  type AuditRecordRow,
  type CampConfigRow,
  type CampingOptionFieldRow,
  type CampingOptionJobCategoryRow,
  type CampingOptionRow,
  type CampRows,
  countPlaces,
  type JobCategoryRow,
  type JobRow,
  type PaymentRow,
  type RefundRow,
  type RegistrationCampingOptionRow,
  type RegistrationFieldValueRow,
  type RegistrationJobRow,
  type RegistrationRow,
  type ShiftRow,
  type UserRow,
} from '../../apps/api/test/kit/camp-rows';
import { Prng } from '../../apps/api/test/kit/rng';
import {
  CAMP_DESCRIPTION_HTML,
  CATEGORY_SPECS,
  type CategoryKey,
  DEMO_ADMIN_EMAIL,
  DEMO_CAMP_NAME,
  HOME_PAGE_BLURB_HTML,
  OPTION_SPECS,
  type OptionKey,
  type OptionSpec,
  REGISTRATION_TERMS_HTML,
  buildSchedule,
  festivalDates,
} from './catalog';
import {
  CANCELLATION_REASONS,
  FIRST_NAMES,
  LAST_NAMES,
  PLACES,
  PLAYA_FIRST,
  PLAYA_SECOND,
  type Place,
  RELATIONSHIPS,
} from './people';

/**
 * Builds the whole demo camp as plain rows (no database): the same seed and clock give the same rows.
 * Ids are made here (repeatable UUIDs) so rows can point at each other before anything is inserted.
 * The rows keep the invariants the API relies on: counters equal the non-cancelled registrations using an
 * option or job, no option or job is over capacity, one active registration per user and year, cancelled
 * registrations hold no places (docs/product.md §4: cancelling removes the shifts and releases the options).
 */

export const DEFAULT_DEMO_SEED = 20_250_824;

/** The demo camp's rows (apps/api/test/kit), with its one configuration row on its own. */
export interface DemoData extends Omit<CampRows, 'campConfig'> {
  seed: number;
  year: number;
  campConfig: CampConfigRow;
}

export interface DemoDataOptions {
  seed?: number;
  /** The clock: the registration year is its UTC year and every timestamp lies before it. */
  now?: Date;
  participants?: number;
  staff?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Finds the row made from the catalog entry of a key (rows[i] made from entries[i]); an unknown key is an error. */
function byKey<K, R>(what: string, specs: ReadonlyArray<{ key: K }>, rows: readonly R[]): (key: K) => R {
  const map = new Map(specs.map((spec, index) => [spec.key, rows[index]]));
  return (key) => {
    const row = map.get(key);
    if (row === undefined) throw new Error(`Unknown ${what} ${String(key)}`);
    return row;
  };
}

export function buildDemoData(options: DemoDataOptions = {}): DemoData {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const now = options.now ?? new Date();
  const participantCount = options.participants ?? 200;
  const staffCount = options.staff ?? 10;
  const rng = new Prng(seed);
  const nowMs = now.getTime();
  const year = now.getUTCFullYear();
  const festival = festivalDates(year);
  // A moment in [from, to], never later than a minute before `now`.
  const between = (from: number, to: number) =>
    new Date(Math.min(from + Math.floor(rng.next() * Math.max(0, to - from)), nowMs - MINUTE));

  // ---- Configuration -------------------------------------------------------------------------------------
  const configCreated = new Date(nowMs - 400 * DAY);
  const campConfig: CampConfigRow = {
    id: rng.uuid(),
    campName: DEMO_CAMP_NAME,
    campDescription: CAMP_DESCRIPTION_HTML,
    homePageBlurb: HOME_PAGE_BLURB_HTML,
    campBannerUrl: null,
    campBannerAltText: null,
    campIconUrl: null,
    campIconAltText: null,
    registrationYear: year,
    earlyRegistrationOpen: false,
    registrationOpen: true,
    registrationTerms: REGISTRATION_TERMS_HTML,
    allowDeferredDuesPayment: true,
    stripeEnabled: false,
    stripePublicKey: null,
    stripeApiKeyEncrypted: null,
    stripeWebhookSecretEncrypted: null,
    paypalEnabled: false,
    paypalClientId: null,
    paypalClientSecretEncrypted: null,
    paypalMode: 'sandbox',
    emailEnabled: false,
    smtpHost: null,
    smtpPort: 587,
    smtpUsername: null,
    smtpPasswordEncrypted: null,
    smtpUseSsl: false,
    senderEmail: null,
    senderName: null,
    replyTo: null,
    timeZone: 'America/Los_Angeles',
    createdAt: configCreated,
    updatedAt: new Date(nowMs - 30 * DAY),
  };

  // ---- Work: categories, shifts, jobs --------------------------------------------------------------------
  const catalogCreated = new Date(nowMs - 200 * DAY);
  /** A row of the catalog: a fresh id and `fields`, written when the catalog was. */
  const catalogRow = <T extends object>(fields: T) => ({
    id: rng.uuid(),
    ...fields,
    createdAt: catalogCreated,
    updatedAt: catalogCreated,
  });
  const jobCategories = CATEGORY_SPECS.map((spec): JobCategoryRow =>
    catalogRow({
      name: spec.name,
      description: spec.description,
      staffOnly: spec.staffOnly,
      alwaysRequired: spec.alwaysRequired,
    }),
  );
  const categoryOf = byKey('job category', CATEGORY_SPECS, jobCategories);

  const schedule = buildSchedule();
  const shifts = schedule.shifts.map((spec): ShiftRow =>
    catalogRow({
      name: spec.name,
      description: spec.description,
      startTime: spec.startTime,
      endTime: spec.endTime,
      dayOfWeek: spec.day,
    }),
  );
  const shiftOf = byKey('shift', schedule.shifts, shifts);

  interface JobSlot {
    row: JobRow;
    category: CategoryKey;
    staffOnly: boolean;
    shift: ShiftRow;
    taken: number;
  }
  const jobSlots: JobSlot[] = schedule.jobs.map((spec) => {
    const shift = shiftOf(spec.shiftKey);
    const category = CATEGORY_SPECS.find((c) => c.key === spec.category);
    return {
      row: catalogRow({
        name: spec.name,
        location: spec.location,
        categoryId: categoryOf(spec.category).id,
        shiftId: shift.id,
        maxRegistrations: spec.maxRegistrations,
        currentRegistrations: 0,
      }),
      category: spec.category,
      staffOnly: category?.staffOnly ?? false,
      shift,
      taken: 0,
    };
  });
  const jobs = jobSlots.map((slot) => slot.row);

  // ---- Camping options and their fields ------------------------------------------------------------------
  interface OptionSlot {
    spec: OptionSpec;
    row: CampingOptionRow;
    fields: { row: CampingOptionFieldRow; spec: OptionSpec['fields'][number] }[];
    taken: number;
  }
  const campingOptions: CampingOptionRow[] = [];
  const campingOptionJobCategories: CampingOptionJobCategoryRow[] = [];
  const campingOptionFields: CampingOptionFieldRow[] = [];
  const optionSlots = OPTION_SPECS.map((spec): OptionSlot => {
    const row: CampingOptionRow = catalogRow({
      name: spec.name,
      description: spec.description,
      enabled: true,
      workShiftsRequired: spec.workShiftsRequired,
      participantDuesCents: spec.participantDuesCents,
      staffDuesCents: spec.staffDuesCents,
      maxSignups: spec.maxSignups,
      currentRegistrations: 0,
    });
    campingOptions.push(row);
    for (const key of spec.categories) {
      campingOptionJobCategories.push({ campingOptionId: row.id, jobCategoryId: categoryOf(key).id });
    }
    const fields = spec.fields.map((field, index) => {
      const fieldRow: CampingOptionFieldRow = catalogRow({
        campingOptionId: row.id,
        displayName: field.displayName,
        description: field.description,
        dataType: field.dataType,
        required: field.required,
        maxLength: field.maxLength ?? null,
        minLength: field.minLength ?? null,
        minValue: field.minValue ?? null,
        maxValue: field.maxValue ?? null,
        sortOrder: index,
      });
      campingOptionFields.push(fieldRow);
      return { row: fieldRow, spec: field };
    });
    return { spec, row, fields, taken: 0 };
  });
  const optionSlot = byKey('camping option', OPTION_SPECS, optionSlots);

  // ---- People --------------------------------------------------------------------------------------------
  const emails = new Set<string>();
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  const uniqueEmail = (first: string, last: string): string => {
    const f = ascii(first);
    const l = ascii(last);
    const local = rng.weighted<string>([
      [`${f}.${l}`, 6],
      [`${f}${l}`, 2],
      [`${f}_${l}`, 1],
      [`${f.slice(0, 1)}${l}`, 2],
      [`${f}`, 1],
    ]);
    const domain = rng.weighted<string>([
      ['example.org', 1],
      ['example.com', 1],
    ]);
    let email = `${local}@${domain}`;
    while (emails.has(email)) email = `${local}${rng.int(2, 99)}@${domain}`;
    emails.add(email);
    return email;
  };
  emails.add(DEMO_ADMIN_EMAIL);

  const phoneFor = (place: Place) => {
    const digits = String(rng.int(0, 99)).padStart(2, '0');
    return place.phonePrefix.startsWith('+1 ')
      ? `+1 (${place.phonePrefix.slice(3)}) 555-01${digits}`
      : `${place.phonePrefix} 555 01${digits}`;
  };
  const playaName = () => `${rng.pick(PLAYA_FIRST)} ${rng.pick(PLAYA_SECOND)}`;

  const makeUser = (role: Role, overrides: Partial<UserRow> = {}): UserRow => {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const place = rng.weighted(PLACES);
    const contactFirst = rng.pick(FIRST_NAMES);
    const contactLast = rng.chance(0.5) ? lastName : rng.pick(LAST_NAMES);
    const created = between(nowMs - 3 * 365 * DAY, nowMs - 160 * DAY);
    return {
      id: rng.uuid(),
      email: uniqueEmail(firstName, lastName),
      firstName,
      lastName,
      playaName: rng.chance(role === 'PARTICIPANT' ? 0.4 : 0.7) ? playaName() : null,
      profilePicture: null,
      role,
      isEmailVerified: true,
      phone: phoneFor(place),
      city: place.city,
      stateProvince: place.stateProvince,
      country: place.country,
      emergencyContact: `${contactFirst} ${contactLast} (${rng.pick(RELATIONSHIPS)}), ${phoneFor(place)}`,
      allowRegistration: true,
      allowEarlyRegistration: false,
      allowDeferredDuesPayment: false,
      allowNoJob: false,
      internalNotes: null,
      passwordHash: null,
      createdAt: created,
      updatedAt: created,
      ...overrides,
    };
  };

  const admin = makeUser('ADMIN', {
    email: DEMO_ADMIN_EMAIL,
    firstName: 'Morgan',
    lastName: 'Reyes',
    playaName: 'Lamplighter',
    city: 'Reno',
    stateProvince: 'NV',
    country: 'United States',
    phone: '+1 (775) 555-0100',
    allowEarlyRegistration: true,
    createdAt: configCreated,
    updatedAt: configCreated,
  });
  const staff = Array.from({ length: staffCount }, () => makeUser('STAFF', { allowEarlyRegistration: true }));
  const participants = Array.from({ length: participantCount }, () => makeUser('PARTICIPANT'));

  // Flags and special cases on distinct participants.
  const order = rng.shuffle(participants.map((_, index) => index));
  const take = (count: number) =>
    order.splice(0, Math.min(count, order.length)).map((i) => participants[i] as UserRow);
  const notRegistered = new Set<UserRow>();
  for (const user of take(3)) {
    // Signed in once, never finished the profile.
    Object.assign(user, {
      phone: null,
      emergencyContact: null,
      city: null,
      stateProvince: null,
      country: null,
    });
    notRegistered.add(user);
  }
  for (const user of take(1)) {
    user.allowRegistration = false;
    notRegistered.add(user);
  }
  for (const user of take(6)) user.allowEarlyRegistration = true;
  for (const user of take(5)) user.allowDeferredDuesPayment = true;
  for (const user of take(4)) user.allowNoJob = true;
  for (const user of take(10)) notRegistered.add(user);
  const users = [admin, ...staff, ...participants];

  // ---- Registrations -------------------------------------------------------------------------------------
  const windowEnd = nowMs - HOUR;
  const windowStart = Math.min(Math.max(Date.UTC(year, 0, 1), nowMs - 150 * DAY), windowEnd - HOUR);

  interface Intent {
    user: UserRow;
    createdAt: Date;
    status: RegistrationStatus;
    /** For CANCELLED: the status it had before, and whether the dues were refunded. */
    priorStatus?: 'CONFIRMED' | 'PENDING';
    refunded?: boolean;
    cancelledAt?: Date;
    reason?: string;
  }
  const intents: Intent[] = [];
  for (const user of users) {
    if (notRegistered.has(user)) continue;
    const createdAt = between(windowStart, windowEnd);
    let status: RegistrationStatus;
    if (user.role !== 'PARTICIPANT') status = rng.chance(0.9) ? 'CONFIRMED' : 'PENDING';
    else if (user.allowDeferredDuesPayment) status = 'PENDING';
    else {
      status = rng.weighted<RegistrationStatus>([
        ['CONFIRMED', 76],
        ['PENDING', 12],
        ['WAITLISTED', 5],
        ['CANCELLED', 7],
      ]);
    }
    if (user === admin) status = 'CONFIRMED';
    if (status !== 'CANCELLED') {
      intents.push({ user, createdAt, status });
      continue;
    }
    const priorStatus = rng.chance(0.7) ? 'CONFIRMED' : 'PENDING';
    const cancelledAt = between(createdAt.getTime() + DAY, windowEnd);
    intents.push({
      user,
      createdAt,
      status,
      priorStatus,
      refunded: priorStatus === 'CONFIRMED' && rng.chance(0.65),
      cancelledAt,
      reason: rng.pick(CANCELLATION_REASONS),
    });
    // Some come back: cancelling is irreversible, so they register again.
    if (rng.chance(0.35)) {
      intents.push({
        user,
        createdAt: between(cancelledAt.getTime() + HOUR, windowEnd + 30 * MINUTE),
        status: rng.chance(0.7) ? 'CONFIRMED' : 'PENDING',
      });
    }
  }
  // Places go first come, first served.
  intents.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const registrations: RegistrationRow[] = [];
  const registrationCampingOptions: RegistrationCampingOptionRow[] = [];
  const registrationFieldValues: RegistrationFieldValueRow[] = [];
  const registrationJobs: RegistrationJobRow[] = [];
  const payments: PaymentRow[] = [];
  const refunds: RefundRow[] = [];
  const auditRecords: AuditRecordRow[] = [];
  const refIds = new Set<string>();
  const refId = (prefix: string) => {
    let id = `${prefix}${rng.chars(24, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}`;
    while (refIds.has(id)) id = `${prefix}${rng.chars(24)}`;
    refIds.add(id);
    return id;
  };
  const hasRoom = (slot: { taken: number }, max: number) => max === 0 || slot.taken < max;

  for (const intent of intents) {
    const { user } = intent;
    const isStaff = user.role !== 'PARTICIPANT';
    // A cancelled registration keeps no links; a waitlisted one keeps them but holds no place (docs/product.md §10).
    const linked = intent.status !== 'CANCELLED';
    const holding = holdsPlaces(intent.status);

    // Camping options: one place to sleep, perhaps plus the early arrival crew.
    const wanted = rng.weighted<OptionKey>([
      ['tent', 60],
      ['rv', 15],
      ['bunk', 25],
    ]);
    const primary = hasRoom(optionSlot(wanted), optionSlot(wanted).row.maxSignups)
      ? optionSlot(wanted)
      : optionSlot('tent');
    const chosen: OptionSlot[] = [primary];
    const early = optionSlot('early');
    const earlyChance = isStaff ? 0.5 : user.allowEarlyRegistration ? 0.8 : 0.12;
    if (rng.chance(earlyChance) && hasRoom(early, early.row.maxSignups)) chosen.push(early);

    // Work shifts (docs/product.md §5 step 4): one per always-required category, plus each option's own count from its
    // categories; staff-only jobs for staff and admins only; never two overlapping shifts; never a full job.
    const pickedJobs: JobSlot[] = [];
    const overlaps = (candidate: JobSlot) =>
      pickedJobs.some(
        (picked) =>
          picked.shift.dayOfWeek === candidate.shift.dayOfWeek &&
          picked.shift.startTime < candidate.shift.endTime &&
          candidate.shift.startTime < picked.shift.endTime,
      );
    const pickJob = (categories: readonly CategoryKey[], what: string) => {
      const candidates = jobSlots.filter(
        (slot) =>
          categories.includes(slot.category) &&
          (isStaff || !slot.staffOnly) &&
          slot.taken < slot.row.maxRegistrations &&
          !pickedJobs.includes(slot) &&
          !overlaps(slot),
      );
      if (candidates.length === 0) throw new Error(`Demo data: no free job left for ${what}`);
      const leads = candidates.filter((slot) => slot.staffOnly);
      const pool = isStaff && leads.length > 0 && rng.chance(0.6) ? leads : candidates;
      // Weighted by free places so the big crews fill up alongside the small ones.
      const slot = rng.weighted(pool.map((s) => [s, s.row.maxRegistrations - s.taken] as const));
      pickedJobs.push(slot);
    };
    if (!user.allowNoJob) {
      for (const spec of CATEGORY_SPECS) if (spec.alwaysRequired) pickJob([spec.key], spec.name);
      for (const option of chosen) {
        const categories = option.spec.categories.filter(
          (key) => !CATEGORY_SPECS.find((c) => c.key === key)?.alwaysRequired,
        );
        for (let i = 0; i < option.spec.workShiftsRequired; i += 1) pickJob(categories, option.spec.name);
      }
    }

    const registrationId = rng.uuid();
    const createdAt = intent.createdAt;
    const optionIds = chosen.map((option) => option.row.id);
    const jobIds = pickedJobs.map((slot) => slot.row.id);
    const duesCents = chosen.reduce(
      (sum, option) => sum + (isStaff ? option.row.staffDuesCents : option.row.participantDuesCents),
      0,
    );
    const registration: RegistrationRow = {
      id: registrationId,
      userId: user.id,
      year,
      status: intent.status,
      acceptedTermsAt: createdAt,
      cancelledAt: intent.cancelledAt ?? null,
      cancellationReason: intent.reason ?? null,
      createdAt,
      updatedAt: intent.cancelledAt ?? createdAt,
    };
    registrations.push(registration);

    if (linked) {
      for (const option of chosen) {
        if (holding) option.taken += 1;
        registrationCampingOptions.push({
          id: rng.uuid(),
          registrationId,
          campingOptionId: option.row.id,
          createdAt,
        });
        for (const field of option.fields) {
          if (!field.spec.required && !rng.chance(0.55)) continue;
          registrationFieldValues.push({
            id: rng.uuid(),
            registrationId,
            fieldId: field.row.id,
            value: field.spec.sample(rng, { festival, firstName: user.firstName ?? '' }),
            createdAt,
            updatedAt: createdAt,
          });
        }
      }
      for (const slot of pickedJobs) {
        if (holding) slot.taken += 1;
        registrationJobs.push({ id: rng.uuid(), registrationId, jobId: slot.row.id, createdAt });
      }
    }

    // Payments: a Stripe Checkout Session per attempt.
    const payment = (status: PaymentStatus, at: Date, extra: Partial<PaymentRow> = {}): PaymentRow => {
      const row: PaymentRow = {
        id: rng.uuid(),
        userId: user.id,
        registrationId,
        amountCents: duesCents,
        currency: 'USD',
        status,
        provider: 'STRIPE',
        providerRefId: refId('cs_demo_'),
        refundedAt: null,
        refundRefId: null,
        createdAt: at,
        updatedAt: at,
        ...extra,
      };
      payments.push(row);
      return row;
    };
    const paidAt = new Date(Math.min(createdAt.getTime() + rng.int(2, 15) * MINUTE, nowMs));
    if (intent.status === 'CONFIRMED') payment('COMPLETED', paidAt);
    if (intent.status === 'PENDING') {
      if (rng.chance(0.25)) payment('FAILED', new Date(createdAt.getTime() + MINUTE));
      payment('PENDING', paidAt);
    }
    if (intent.status === 'WAITLISTED') {
      const movedAt = between(createdAt.getTime() + HOUR, windowEnd + 30 * MINUTE);
      registration.updatedAt = movedAt;
      // In the line in the order they were moved (keys handed out below, once every move is known).
      registration.waitlistedAt = movedAt;
      auditRecords.push({
        id: rng.uuid(),
        transactionId: rng.uuid(),
        actionType: 'REGISTRATION_EDIT',
        adminUserId: admin.id,
        registrationId,
        reason: `Waitlisted until a place frees up in ${primary.row.name}.`,
        oldValues: { status: 'PENDING' },
        newValues: { status: 'WAITLISTED' },
        createdAt: movedAt,
      });
    }
    if (intent.status === 'CANCELLED' && intent.cancelledAt) {
      const cancelledAt = intent.cancelledAt;
      const transactionId = rng.uuid();
      auditRecords.push({
        id: rng.uuid(),
        transactionId,
        actionType: 'REGISTRATION_CANCEL',
        adminUserId: admin.id,
        registrationId,
        reason: intent.reason ?? null,
        oldValues: { status: intent.priorStatus, campingOptionIds: optionIds, jobIds },
        newValues: { status: 'CANCELLED', campingOptionIds: [], jobIds: [] },
        createdAt: cancelledAt,
      });
      if (intent.priorStatus === 'PENDING') {
        // The checkout was never finished; the session expired.
        payment('FAILED', paidAt);
      } else if (intent.refunded) {
        const refundRefId = refId('re_demo_');
        const refunded = payment('REFUNDED', paidAt, {
          refundedAt: cancelledAt,
          refundRefId,
          updatedAt: cancelledAt,
        });
        refunds.push({
          id: rng.uuid(),
          paymentId: refunded.id,
          amountCents: duesCents,
          status: 'SUCCEEDED',
          reason: intent.reason ?? null,
          source: 'ADMIN',
          providerRefId: refundRefId,
          adminUserId: admin.id,
          createdAt: cancelledAt,
          updatedAt: cancelledAt,
        });
        auditRecords.push({
          id: rng.uuid(),
          transactionId,
          actionType: 'PAYMENT_REFUND',
          adminUserId: admin.id,
          registrationId,
          reason: intent.reason ?? null,
          oldValues: { paymentId: refunded.id, status: 'COMPLETED', amount: duesCents / 100 },
          newValues: { paymentId: refunded.id, status: 'REFUNDED', amount: duesCents / 100 },
          createdAt: cancelledAt,
        });
      } else {
        payment('COMPLETED', paidAt);
      }
    }
  }

  // ---- The waitlist's line: in the order people were moved there (writeCamp moves the sequence past it) ----
  registrations
    .filter((registration) => registration.status === 'WAITLISTED')
    .sort((a, b) => (a.waitlistedAt as Date).getTime() - (b.waitlistedAt as Date).getTime())
    .forEach((registration, index) => {
      registration.lineKey = index + 1;
    });

  // ---- Counters: exactly the places held (PENDING and CONFIRMED registrations), in the one year seeded ---
  countPlaces({ registrations, campingOptions, jobs, registrationCampingOptions, registrationJobs }, year);

  return {
    seed,
    year,
    campConfig,
    users,
    jobCategories,
    shifts,
    jobs,
    campingOptions,
    campingOptionJobCategories,
    campingOptionFields,
    registrations,
    registrationCampingOptions,
    registrationFieldValues,
    registrationJobs,
    payments,
    refunds,
    auditRecords,
  };
}
