import { RegistrationReportSchema, type RegistrationReport, type UserReport } from '@camp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { payments, refunds, registrationJobs, registrations } from '../../db/schema/index';
import {
  adminKitchenJob,
  adminPost,
  configure,
  insertSignedInPerson,
  YEAR,
  adminShift,
} from '../../../test/camp-registrations';
import { type Camp, insertRegistration, messagesOf, startCamp } from '../../../test/camp';

// GET /reports/registrations and /reports/users (docs/product.md §2 Reports, §6; decision 019).

describe('reports API', () => {
  let camp: Camp;
  let tent: string;
  let rv: string;
  let plate: string;
  let arrival: string;
  let greeter: string;
  let dishes: string;
  const people: Record<string, { id: string; email: string }> = {};
  const registration: Record<string, string> = {};

  const db = () => camp.t.database.db;
  /** A payment of `who`'s registration, written straight into the database. */
  async function insertPayment(who: string, amountCents: number, status: 'COMPLETED' | 'PENDING') {
    const [row] = await db()
      .insert(payments)
      .values({ userId: people[who]!.id, registrationId: registration[who], amountCents, status })
      .returning({ id: payments.id });
    return row;
  }

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    const gate = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets' });
    const kitchen = await adminPost(camp, '/api/job-categories', { name: 'Kitchen', description: 'Cooks' });
    const monday = await adminShift(camp, 'Monday morning', 'MONDAY', '09:00', '13:00');
    const opening = await adminShift(camp, 'Build', 'PRE_OPENING', '07:30', '11:00');
    greeter = await adminPost(camp, '/api/jobs', {
      name: 'Gate Greeter',
      location: 'Front gate',
      categoryId: gate,
      shiftId: monday,
      maxRegistrations: 10,
    });
    dishes = await adminKitchenJob(camp, {
      name: 'Dishes',
      categoryId: kitchen,
      shiftId: opening,
      maxRegistrations: 10,
    });
    tent = await adminPost(camp, '/api/camping-options', { name: 'Tent Camping', participantDues: 100 });
    rv = await adminPost(camp, '/api/camping-options', { name: 'RV Spot', participantDues: 300 });
    plate = await adminPost(camp, `/api/camping-options/${rv}/fields`, { displayName: 'Vehicle plate' });
    arrival = await adminPost(camp, `/api/camping-options/${tent}/fields`, {
      displayName: 'Arrival',
      dataType: 'DATE',
    });

    const person = async (key: string, values: Record<string, unknown>) => {
      people[key] = await insertSignedInPerson(camp, values as never);
    };
    await person('zoe', { firstName: 'Zoë', lastName: 'Åkesson', playaName: 'Sparkle', city: 'Reno' });
    await person('al', { firstName: 'Al', lastName: 'Baker', role: 'STAFF' });
    await person('cy', { firstName: 'Cy', lastName: 'Cole' });
    await person('di', { firstName: 'Di', lastName: 'Dunn' });

    registration.zoe = await insertRegistration(db(), {
      userId: people.zoe!.id,
      status: 'CONFIRMED',
      year: YEAR,
      campingOptionIds: [tent, rv],
      jobIds: [greeter, dishes],
      fieldValues: { [plate]: 'ABC 123', [arrival]: '2027-08-28' },
    });
    registration.al = await insertRegistration(db(), {
      userId: people.al!.id,
      status: 'PENDING',
      year: YEAR,
      campingOptionIds: [tent],
    });
    registration.cy = await insertRegistration(db(), {
      userId: people.cy!.id,
      status: 'CANCELLED',
      year: YEAR,
      campingOptionIds: [],
    });
    registration.cyOld = await insertRegistration(db(), {
      userId: people.cy!.id,
      status: 'CONFIRMED',
      year: YEAR - 1,
      campingOptionIds: [rv],
    });
    // Creation times one minute apart in the order of the inserts: the reports list the newest first, and two
    // inserts in a row can share the clock's tick (the id then broke the tie, and a CI run saw the order swap).
    for (const [minute, id] of [
      registration.zoe,
      registration.al,
      registration.cy,
      registration.cyOld,
    ].entries()) {
      await db()
        .update(registrations)
        .set({ createdAt: new Date(Date.UTC(YEAR, 0, 15, 12, minute)) })
        .where(eq(registrations.id, id!));
    }
    // Zoë paid 400.00 by card and got 50.00 back; Al owes 100.00 and a failed attempt is not money.
    const paid = await insertPayment('zoe', 40000, 'COMPLETED');
    await db()
      .insert(refunds)
      .values([
        { paymentId: paid!.id, amountCents: 5000, status: 'SUCCEEDED', source: 'ADMIN' },
        { paymentId: paid!.id, amountCents: 7000, status: 'FAILED', source: 'ADMIN' },
      ]);
    await db()
      .insert(payments)
      .values([
        { userId: people.al!.id, registrationId: registration.al, amountCents: 10000, status: 'PENDING' },
        { userId: people.al!.id, registrationId: registration.al, amountCents: 10000, status: 'FAILED' },
      ]);
  });
  afterAll(async () => {
    await camp?.close();
  });

  const get = (url: string, as: Camp['admin'] | null = camp.admin) => camp.call('GET', url, as);

  async function report(query = '', as = camp.staff): Promise<RegistrationReport> {
    const response = await get(`/api/reports/registrations${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RegistrationReport>();
  }

  it('registration report: people, choices, answers and money of each registration, newest first', async () => {
    // The money is for admins; staff read the same rows without it (the last tests of this file).
    const body = await report(`?year=${YEAR}`, camp.admin);
    expect(body.registrations.map((row) => row.id)).toEqual([
      registration.cy,
      registration.al,
      registration.zoe,
    ]);
    expect(body.counts).toEqual({ total: 3, confirmed: 1, pending: 1, waitlisted: 0, cancelled: 1 });
    expect(body.years).toEqual([YEAR, YEAR - 1]);
    expect(body.fields).toEqual([
      {
        id: plate,
        displayName: 'Vehicle plate',
        dataType: 'STRING',
        campingOptionId: rv,
        campingOptionName: 'RV Spot',
      },
      {
        id: arrival,
        displayName: 'Arrival',
        dataType: 'DATE',
        campingOptionId: tent,
        campingOptionName: 'Tent Camping',
      },
    ]);
    const zoe = body.registrations.find((row) => row.id === registration.zoe);
    expect(zoe).toEqual({
      id: registration.zoe,
      year: YEAR,
      status: 'CONFIRMED',
      createdAt: expect.any(String),
      user: {
        id: people.zoe!.id,
        email: people.zoe!.email,
        firstName: 'Zoë',
        lastName: 'Åkesson',
        playaName: 'Sparkle',
        role: 'PARTICIPANT',
        phone: '555-0100',
        city: 'Reno',
        stateProvince: null,
        country: null,
        emergencyContact: 'Mum, 555-0199, mother',
      },
      campingOptions: [
        { id: rv, name: 'RV Spot' },
        { id: tent, name: 'Tent Camping' },
      ],
      // In festival day order (docs/product.md §3 Shift): PRE_OPENING before MONDAY.
      jobs: [
        {
          id: dishes,
          name: 'Dishes',
          location: 'Kitchen tent',
          category: 'Kitchen',
          shiftName: 'Build',
          dayOfWeek: 'PRE_OPENING',
          dayOffset: 1,
          startTime: '07:30',
          endTime: '11:00',
        },
        {
          id: greeter,
          name: 'Gate Greeter',
          location: 'Front gate',
          category: 'Gate',
          shiftName: 'Monday morning',
          dayOfWeek: 'MONDAY',
          dayOffset: 1,
          startTime: '09:00',
          endTime: '13:00',
        },
      ],
      customFields: { [plate]: 'ABC 123', [arrival]: '2027-08-28' },
      paidAmount: 350,
      outstandingAmount: 0,
    });
    const al = body.registrations.find((row) => row.id === registration.al);
    expect(al).toMatchObject({
      status: 'PENDING',
      jobs: [],
      customFields: {},
      paidAmount: 0,
      outstandingAmount: 100,
    });
    expect(al?.user.role).toBe('STAFF');
  });

  it('registration report: the JSON PostgreSQL writes is exactly the schema, with ISO times and cents', async () => {
    // Al's pending payment of 100.00 gets a sibling of 12.34 for this test only.
    const extra = await insertPayment('al', 1234, 'PENDING');
    const response = await get('/api/reports/registrations', camp.admin);
    await db().delete(payments).where(eq(payments.id, extra!.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(response.body) as unknown;
    // parse() drops keys the schema does not name: equal means nothing more and nothing less was sent.
    expect(RegistrationReportSchema.parse(body)).toEqual(body);
    const rows = (body as RegistrationReport).registrations;
    expect(rows.map((row) => row.id)).toEqual([
      registration.cyOld,
      registration.cy,
      registration.al,
      registration.zoe,
    ]);
    const stored = await db()
      .select({ id: registrations.id, createdAt: registrations.createdAt })
      .from(registrations)
      .where(inArray(registrations.id, Object.values(registration)));
    for (const row of rows) {
      expect(row.createdAt).toBe(stored.find((entry) => entry.id === row.id)!.createdAt.toISOString());
    }
    expect(rows.find((row) => row.id === registration.al)?.outstandingAmount).toBe(112.34);
    expect(rows.find((row) => row.id === registration.cy)).toMatchObject({
      campingOptions: [],
      jobs: [],
      customFields: {},
      paidAmount: 0,
      outstandingAmount: 0,
    });
  });

  it('registration report filters: status, camping option, no year = every year', async () => {
    expect((await report(`?year=${YEAR}&status=PENDING`)).registrations.map((row) => row.id)).toEqual([
      registration.al,
    ]);
    const inRv = await report(`?campingOptionId=${rv}`);
    expect(inRv.registrations.map((row) => row.id)).toEqual([registration.cyOld, registration.zoe]);
    expect(inRv.counts).toEqual({ total: 2, confirmed: 2, pending: 0, waitlisted: 0, cancelled: 0 });
    expect((await report()).registrations).toHaveLength(4);
    expect((await report(`?year=2031`)).registrations).toEqual([]);
  });

  it('user report: everyone by name, active when registered for the year (not cancelled)', async () => {
    const response = await get(`/api/reports/users?year=${YEAR}`, camp.staff);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UserReport>();
    expect(body.year).toBe(YEAR);
    const mine = body.users.filter((row) => Object.values(people).some((person) => person.id === row.id));
    expect(mine.map((row) => [row.lastName, row.registrationStatus, row.active])).toEqual([
      ['Åkesson', 'CONFIRMED', true],
      ['Baker', 'PENDING', true],
      ['Cole', null, false],
      ['Dunn', null, false],
    ]);
    // The admin, staff and participant of the camp are users too (none registered).
    expect(body.counts).toEqual({ total: 7, active: 2, inactive: 5 });
    expect(mine[0]).toMatchObject({ email: people.zoe!.email, city: 'Reno', isEmailVerified: false });
    expect(mine[0]).not.toHaveProperty('internalNotes');

    const active = (await get(`/api/reports/users?year=${YEAR}&status=active`)).json<UserReport>();
    expect(active.users.map((row) => row.lastName)).toEqual(['Åkesson', 'Baker']);
    expect(active.counts).toEqual(body.counts);
    const lastYear = (await get(`/api/reports/users?year=${YEAR - 1}&status=active`)).json<UserReport>();
    expect(lastYear.users.map((row) => row.lastName)).toEqual(['Cole']);
    const staff = (await get(`/api/reports/users?year=${YEAR}&role=STAFF`)).json<UserReport>();
    expect(staff.users.map((row) => row.role)).toEqual(['STAFF', 'STAFF']);
    expect(staff.counts).toEqual({ total: 2, active: 1, inactive: 1 });
    // No year: the configured registration year.
    expect((await get('/api/reports/users')).json<UserReport>().year).toBe(YEAR);
  });

  it('staff and admins only; bad filters get 400 with the message', async () => {
    for (const url of ['/api/reports/registrations', '/api/reports/users']) {
      expect((await get(url, camp.participant)).statusCode).toBe(403);
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, camp.admin)).statusCode).toBe(200);
    }
    const cases: Array<[string, string]> = [
      ['/api/reports/registrations?year=1999', 'Year must be a whole number between 2000 and 2100'],
      ['/api/reports/registrations?year=abc', 'Year must be a whole number between 2000 and 2100'],
      [
        '/api/reports/registrations?status=DONE',
        'Status must be one of PENDING, CONFIRMED, WAITLISTED or CANCELLED',
      ],
      ['/api/reports/registrations?campingOptionId=x', 'Invalid camping option id'],
      ['/api/reports/users?status=asleep', 'Status must be active or inactive'],
      ['/api/reports/users?role=KING', 'Role must be one of ADMIN, STAFF or PARTICIPANT'],
    ];
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(messagesOf(response), url).toEqual([message]);
    }
    expect((await get('/api/reports/users?other=1')).statusCode).toBe(400);
  });
  it('registration report for staff: the same rows, answers and counts, and no money at all', async () => {
    const asAdmin = await report(`?year=${YEAR}`, camp.admin);
    const response = await get(`/api/reports/registrations?year=${YEAR}`, camp.staff);
    expect(response.statusCode, response.body).toBe(200);
    const body = JSON.parse(response.body) as RegistrationReport;
    // Still exactly the schema (nothing more sent), and each row is the admin's row less its two amounts.
    expect(RegistrationReportSchema.parse(body)).toEqual(body);
    expect(body.registrations).toEqual(
      asAdmin.registrations.map(({ paidAmount: _paid, outstandingAmount: _owed, ...row }) => row),
    );
    expect(body.registrations.map((row) => Object.keys(row))).toEqual(
      body.registrations.map(() => [
        'id',
        'year',
        'status',
        'createdAt',
        'user',
        'campingOptions',
        'jobs',
        'customFields',
      ]),
    );
    expect(response.body).not.toMatch(/amount|paid|outstanding/i);
    expect(body.counts).toEqual(asAdmin.counts);
    expect(body.fields).toEqual(asAdmin.fields);
    expect(body.years).toEqual(asAdmin.years);
    // Every filter answers staff without money too.
    for (const query of [`?status=PENDING`, `?campingOptionId=${rv}`, '']) {
      const filtered = await get(`/api/reports/registrations${query}`, camp.staff);
      expect(filtered.statusCode, query).toBe(200);
      expect(filtered.body, query).not.toMatch(/amount/i);
    }
  });

  it('user report: shows and no-shows of the year (docs/product.md §11 Check-in), and the Has no-shows filter', async () => {
    const mark = async (registrationId: string, jobId: string, attendance: 'SHOWED' | 'NO_SHOW') => {
      const rows = await db()
        .select({ id: registrationJobs.id, jobId: registrationJobs.jobId })
        .from(registrationJobs)
        .where(eq(registrationJobs.registrationId, registrationId));
      const row = rows.find((candidate) => candidate.jobId === jobId);
      await db().update(registrationJobs).set({ attendance }).where(eq(registrationJobs.id, row!.id));
    };
    await mark(registration.zoe!, greeter, 'SHOWED');
    await mark(registration.zoe!, dishes, 'NO_SHOW');
    // A no-show of another year does not count in this one.
    const diOld = await insertRegistration(db(), {
      userId: people.di!.id,
      status: 'CONFIRMED',
      year: YEAR - 1,
      jobIds: [greeter],
    });
    await mark(diOld, greeter, 'NO_SHOW');

    const body = (await get(`/api/reports/users?year=${YEAR}`, camp.staff)).json<UserReport>();
    const mine = body.users.filter((row) => Object.values(people).some((person) => person.id === row.id));
    expect(mine.map((row) => [row.lastName, row.shows, row.noShows])).toEqual([
      ['Åkesson', 1, 1],
      ['Baker', 0, 0],
      ['Cole', 0, 0],
      ['Dunn', 0, 0],
    ]);
    const withNoShows = (await get(`/api/reports/users?year=${YEAR}&hasNoShows=true`)).json<UserReport>();
    expect(withNoShows.users.map((row) => row.lastName)).toEqual(['Åkesson']);
    expect(withNoShows.counts).toEqual(body.counts);
    const without = (await get(`/api/reports/users?year=${YEAR}&hasNoShows=false`)).json<UserReport>();
    expect(without.users).toHaveLength(body.users.length - 1);
    const lastYear = (await get(`/api/reports/users?year=${YEAR - 1}&hasNoShows=true`)).json<UserReport>();
    expect(lastYear.users.map((row) => [row.lastName, row.shows, row.noShows])).toEqual([['Dunn', 0, 1]]);
    const bad = await get('/api/reports/users?hasNoShows=maybe');
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['Has no-shows must be true or false']);
  });
});
