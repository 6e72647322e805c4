import type { CampingOption, Job, Registration, SubmitRegistrationResponse } from '@camp/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campingOptions,
  emailOutbox,
  jobs,
  payments,
  registrationCampingOptions,
  registrationFieldValues,
  registrationJobs,
  registrations,
} from '../../db/schema/index';
import { type Camp, insertRegistration, messageOf, messagesOf, startCamp } from '../../../test/camp';
import { releasePlaces } from './capacity';
import {
  adminPost,
  configure,
  insertSignedInPerson,
  type Person,
  YEAR,
  adminShift,
} from '../../../test/camp-registrations';

describe('registration submission: POST /api/registrations/camp', () => {
  let camp: Camp;
  const category: Record<string, string> = {};
  const shift: Record<string, string> = {};
  const job: Record<string, string> = {};
  const option: Record<string, string> = {};
  const field: Record<string, string> = {};

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    category.gate = await adminPost(camp, '/api/job-categories', {
      name: 'Gate',
      description: 'Greets arrivals',
    });
    category.kitchen = await adminPost(camp, '/api/job-categories', {
      name: 'Kitchen',
      description: 'Cooking',
    });
    category.leads = await adminPost(camp, '/api/job-categories', {
      name: 'Leads',
      description: 'Shift leads',
      staffOnly: true,
    });
    shift.monday = await adminShift(camp, 'Monday morning', 'MONDAY', '09:00', '13:00', {
      description: 'Open the gate',
    });
    shift.tuesday = await adminShift(camp, 'Tuesday lunch', 'TUESDAY', '11:00', '14:00');
    const addJob = (name: string, location: string, categoryId: string, shiftId: string, max = 50) =>
      adminPost(camp, '/api/jobs', { name, location, categoryId, shiftId, maxRegistrations: max });
    job.greeter = await addJob('Gate Greeter', 'Front gate', category.gate, shift.monday);
    job.dishes = await addJob('Dishes', 'Kitchen tent', category.kitchen, shift.tuesday);
    job.lead = await addJob('Shift Lead', 'HQ', category.leads, shift.monday);
    option.tent = await adminPost(camp, '/api/camping-options', {
      name: 'Tent Camping',
      description: 'Bring your own tent',
      participantDues: 125.5,
      staffDues: 50,
      workShiftsRequired: 1,
      maxSignups: 500,
      jobCategoryIds: [category.kitchen],
    });
    option.dayPass = await adminPost(camp, '/api/camping-options', { name: 'Day Pass' });
    option.bus = await adminPost(camp, '/api/camping-options', { name: 'Old Bus', enabled: false });
    const addField = (values: Record<string, unknown>) =>
      adminPost(camp, `/api/camping-options/${option.tent}/fields`, values);
    field.plate = await addField({
      displayName: 'Vehicle plate',
      required: true,
      minLength: 2,
      maxLength: 10,
    });
    field.notes = await addField({ displayName: 'Notes', dataType: 'MULTILINE_STRING' });
    field.people = await addField({
      displayName: 'People in tent',
      dataType: 'INTEGER',
      minValue: 1,
      maxValue: 6,
    });
    field.length = await addField({
      displayName: 'Vehicle length',
      dataType: 'NUMBER',
      minValue: 0.5,
      maxValue: 12.25,
    });
    field.bike = await addField({ displayName: 'Bringing a bike', dataType: 'BOOLEAN', required: true });
    field.arrival = await addField({ displayName: 'Arrival', dataType: 'DATE' });
  });
  afterAll(async () => {
    await camp.close();
  });

  const call = (method: 'GET' | 'POST', url: string, who: Person | null, payload?: unknown) =>
    camp.t.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const submit = (who: Person | null, payload: unknown) =>
    call('POST', '/api/registrations/camp', who, payload);
  const person = (values: Parameters<typeof insertSignedInPerson>[1] = {}) =>
    insertSignedInPerson(camp, values);
  const tentBody = (values: Record<string, unknown> = {}) => ({
    campingOptions: [option.tent],
    customFields: { [field.plate!]: 'ABC123', [field.bike!]: false },
    jobs: [job.dishes],
    acceptedTerms: true,
    ...values,
  });
  const dayPassBody = (values: Record<string, unknown> = {}) => ({
    campingOptions: [option.dayPass],
    acceptedTerms: true,
    ...values,
  });

  /** Everything the database holds for a person's registrations. */
  async function storedFor(userId: string) {
    const db = camp.t.database.db;
    const rows = await db.select().from(registrations).where(eq(registrations.userId, userId));
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return { registrations: rows, options: [], values: [], jobs: [], payments: [] };
    return {
      registrations: rows,
      options: await db
        .select()
        .from(registrationCampingOptions)
        .where(inArray(registrationCampingOptions.registrationId, ids)),
      values: await db
        .select()
        .from(registrationFieldValues)
        .where(inArray(registrationFieldValues.registrationId, ids)),
      jobs: await db.select().from(registrationJobs).where(inArray(registrationJobs.registrationId, ids)),
      payments: await db.select().from(payments).where(eq(payments.userId, userId)),
    };
  }

  const expectNothingStored = async (userId: string) => {
    expect(await storedFor(userId)).toEqual({
      registrations: [],
      options: [],
      values: [],
      jobs: [],
      payments: [],
    });
  };

  describe('a successful submission', () => {
    it('registers a participant: PENDING with one PENDING payment of the dues in cents', async () => {
      const ada = await person({ firstName: 'Ada', lastName: 'Lovelace', playaName: 'Sparkle' });
      const response = await submit(
        ada,
        tentBody({
          customFields: {
            [field.plate!]: '  ABC123  ',
            [field.notes!]: 'Near the kitchen please',
            [field.people!]: 2,
            [field.length!]: '4.35',
            [field.bike!]: true,
            [field.arrival!]: '2027-08-28',
          },
          jobs: [job.dishes, job.greeter, job.dishes],
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<SubmitRegistrationResponse>();
      const registrationId = body.registration.id;
      expect(body.jobRegistration).toEqual({ id: registrationId, status: 'PENDING', year: YEAR });
      expect(body.registration).toEqual({
        id: registrationId,
        userId: ada.id,
        year: YEAR,
        status: 'PENDING',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        user: { id: ada.id, firstName: 'Ada', lastName: 'Lovelace', playaName: 'Sparkle', email: ada.email },
        jobs: [
          {
            id: expect.any(String),
            job: {
              id: job.greeter,
              name: 'Gate Greeter',
              location: 'Front gate',
              categoryId: category.gate,
              shiftId: shift.monday,
              shift: {
                id: shift.monday,
                name: 'Monday morning',
                description: 'Open the gate',
                startTime: '09:00',
                endTime: '13:00',
                dayOfWeek: 'MONDAY',
                dayOffset: 1,
                active: true,
              },
              category: {
                id: category.gate,
                name: 'Gate',
                description: 'Greets arrivals',
                staffOnly: false,
                alwaysRequired: false,
              },
              active: true,
            },
            attendance: null,
          },
          {
            id: expect.any(String),
            job: expect.objectContaining({ id: job.dishes, name: 'Dishes', shiftId: shift.tuesday }),
            attendance: null,
          },
        ],
        campingOptions: [
          {
            id: expect.any(String),
            campingOption: {
              id: option.tent,
              name: 'Tent Camping',
              description: 'Bring your own tent',
              enabled: true,
              workShiftsRequired: 1,
              participantDues: 125.5,
              staffDues: 50,
              maxSignups: 500,
            },
          },
        ],
        payments: [
          {
            id: expect.any(String),
            amount: 125.5,
            currency: 'USD',
            status: 'PENDING',
            createdAt: expect.any(String),
            provider: 'STRIPE',
            providerRefId: null,
            registrationId,
            refundStatus: null,
          },
        ],
        amountOwed: 125.5,
        payBy: null,
        waitlist: null,
      });

      const stored = await storedFor(ada.id);
      expect(stored.registrations).toHaveLength(1);
      expect(stored.registrations[0]).toMatchObject({ year: YEAR, status: 'PENDING', cancelledAt: null });
      expect(stored.registrations[0]!.acceptedTermsAt).toBeInstanceOf(Date);
      expect(stored.options.map((row) => row.campingOptionId)).toEqual([option.tent]);
      expect(stored.jobs.map((row) => row.jobId).sort()).toEqual([job.dishes, job.greeter].sort());
      expect(stored.payments).toEqual([
        expect.objectContaining({
          registrationId,
          amountCents: 12550,
          currency: 'USD',
          status: 'PENDING',
          provider: 'STRIPE',
          providerRefId: null,
        }),
      ]);
      expect(Object.fromEntries(stored.values.map((row) => [row.fieldId, row.value]))).toEqual({
        [field.plate!]: 'ABC123',
        [field.notes!]: 'Near the kitchen please',
        [field.people!]: '2',
        [field.length!]: '4.35',
        [field.bike!]: 'true',
        [field.arrival!]: '2027-08-28',
      });
    });

    it.each([
      ['STAFF', 50],
      ['ADMIN', 50],
      ['PARTICIPANT', 125.5],
    ] as const)('charges a %s the %s dollar rate', async (role, dollars) => {
      const who = await person({ role });
      const response = await submit(who, tentBody());
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<SubmitRegistrationResponse>().registration.payments.map((p) => p.amount)).toEqual([
        dollars,
      ]);
      const stored = await storedFor(who.id);
      expect(stored.payments.map((row) => row.amountCents)).toEqual([Math.round(dollars * 100)]);
    });

    it('writes one registration mail to the outbox: what was chosen, the dues, or the confirmation', async () => {
      const mails = (to: string) =>
        camp.t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
      const owing = await person({ firstName: 'Grace' });
      const pending = await submit(owing, tentBody({ jobs: [job.dishes, job.greeter] }));
      expect(pending.statusCode, pending.body).toBe(201);
      const [received, ...others] = await mails(owing.email);
      expect(others).toEqual([]);
      expect(received?.subject).toBe(`Dust Camp: we received your registration for ${YEAR}`);
      expect(received?.text.split('\n').slice(0, 7)).toEqual([
        'Hello Grace,',
        '',
        `Thank you for registering for ${YEAR} at Dust Camp.`,
        'Camping: Tent Camping',
        'Work shifts: Dishes (Tuesday lunch, Tuesday); Gate Greeter (Monday morning, Monday)',
        'Your dues come to $125.50 USD. Your registration is confirmed once they are paid; you can pay them from your dashboard.',
        '',
      ]);

      const free = await person();
      expect((await submit(free, dayPassBody())).statusCode).toBe(201);
      const [confirmed] = await mails(free.email);
      expect(confirmed?.subject).toBe(`Dust Camp: your registration for ${YEAR} is confirmed`);
      expect(confirmed?.text).toContain('Work shifts: none');
      expect(confirmed?.text).toContain('Your registration is confirmed.');

      // A refused submission writes no mail.
      const twice = await submit(free, dayPassBody());
      expect(twice.statusCode).toBe(409);
      expect(await mails(free.email)).toHaveLength(1);
    });

    it('names each shift with its date and times in the mail once the camp has event dates', async () => {
      await configure(camp, { openingSunday: '2027-08-29' });
      try {
        const dated = await person({ firstName: 'Ida' });
        const response = await submit(dated, tentBody({ jobs: [job.dishes, job.greeter] }));
        expect(response.statusCode, response.body).toBe(201);
        const [mail] = await camp.t.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, dated.email));
        expect(mail?.text.split('\n')[4]).toBe(
          'Work shifts: Dishes (Tuesday lunch, Tuesday, Aug 31, 11:00–14:00); ' +
            'Gate Greeter (Monday morning, Monday, Aug 30, 09:00–13:00)',
        );
      } finally {
        await configure(camp, { openingSunday: null });
      }
    });

    it('confirms at once when the dues are zero, with no payment', async () => {
      const who = await person();
      const response = await submit(who, dayPassBody());
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<SubmitRegistrationResponse>();
      expect(body.jobRegistration.status).toBe('CONFIRMED');
      expect(body.registration).toMatchObject({ status: 'CONFIRMED', payments: [], jobs: [] });
      expect((await storedFor(who.id)).payments).toEqual([]);
    });

    it('confirms staff at once when the staff rate is zero', async () => {
      const free = await adminPost(camp, '/api/camping-options', {
        name: 'Crew Camp',
        participantDues: 40,
        staffDues: 0,
      });
      const staff = await person({ role: 'STAFF' });
      const staffResponse = await submit(staff, dayPassBody({ campingOptions: [free] }));
      expect(staffResponse.json<SubmitRegistrationResponse>().jobRegistration.status).toBe('CONFIRMED');
      const participant = await person();
      const participantResponse = await submit(participant, dayPassBody({ campingOptions: [free] }));
      expect(participantResponse.json<SubmitRegistrationResponse>().registration.payments).toEqual([
        expect.objectContaining({ amount: 40, status: 'PENDING' }),
      ]);
    });

    it('sums the dues of several options', async () => {
      const extra = await adminPost(camp, '/api/camping-options', { name: 'Shade', participantDues: 10.25 });
      const who = await person();
      const response = await submit(who, tentBody({ campingOptions: [option.tent, extra] }));
      expect(response.statusCode, response.body).toBe(201);
      expect((await storedFor(who.id)).payments.map((row) => row.amountCents)).toEqual([13575]);
    });
  });

  describe('who may register', () => {
    it('refuses a second registration for the year, and a double submit stores one', async () => {
      const who = await person();
      const [first, second] = await Promise.all([submit(who, dayPassBody()), submit(who, dayPassBody())]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(messageOf(loser)).toBe(
        `You are already registered for ${YEAR}. You can view your registration details on the dashboard.`,
      );
      const again = await submit(who, tentBody());
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(
        `You are already registered for ${YEAR}. You can view your registration details on the dashboard.`,
      );
      expect((await storedFor(who.id)).registrations).toHaveLength(1);
    });

    it('lets a person register again after a cancellation, and ignores other years', async () => {
      const who = await person();
      await insertRegistration(camp.t.database.db, { userId: who.id, year: YEAR, status: 'CANCELLED' });
      await insertRegistration(camp.t.database.db, { userId: who.id, year: YEAR - 1, status: 'CONFIRMED' });
      const response = await submit(who, dayPassBody());
      expect(response.statusCode, response.body).toBe(201);
    });

    it('refuses everyone while registration is closed, and early registrants only in the early window', async () => {
      const early = await person({ allowEarlyRegistration: true });
      const other = await person();
      try {
        await configure(camp, { registrationOpen: false, earlyRegistrationOpen: false });
        for (const who of [early, other]) {
          const closed = await submit(who, dayPassBody());
          expect(closed.statusCode).toBe(403);
          expect(messageOf(closed)).toBe(`Registration for ${YEAR} is not currently open.`);
        }
        await configure(camp, { registrationOpen: false, earlyRegistrationOpen: true });
        const refused = await submit(other, dayPassBody());
        expect(refused.statusCode).toBe(403);
        expect(messageOf(refused)).toBe(`Registration for ${YEAR} is not currently open.`);
        const accepted = await submit(early, dayPassBody());
        expect(accepted.statusCode, accepted.body).toBe(201);
      } finally {
        await configure(camp);
      }
      await expectNothingStored(other.id);
    });

    it('refuses a person whose registration an admin switched off', async () => {
      const who = await person({ allowRegistration: false });
      const response = await submit(who, dayPassBody());
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toBe(
        `Registration for ${YEAR} is not available for your account. Please contact the camp organizers if you believe this is a mistake.`,
      );
      await expectNothingStored(who.id);
    });

    it.each(['phone', 'emergencyContact', 'firstName', 'lastName'] as const)(
      'refuses a profile without %s',
      async (missing) => {
        const who = await person({ [missing]: null });
        const response = await submit(who, dayPassBody());
        expect(response.statusCode).toBe(400);
        expect(messageOf(response)).toBe('Please complete your profile before registering.');
        await expectNothingStored(who.id);
      },
    );

    it('answers 401 without a session, whatever the body', async () => {
      for (const payload of [dayPassBody(), {}, { amount: 1 }]) {
        const response = await submit(null, payload);
        expect(response.statusCode).toBe(401);
      }
    });
  });

  describe('what the body must hold', () => {
    it.each([
      [{ campingOptions: [], acceptedTerms: true }, ['Please select at least one camping option']],
      [{ acceptedTerms: true }, ['Please select at least one camping option']],
      [{ campingOptions: ['tent'], acceptedTerms: true }, ['Invalid camping option id']],
      [{ campingOptions: [randomUUID()], acceptedTerms: false }, ['You must accept the terms to continue']],
      [{ campingOptions: [randomUUID()] }, ['You must accept the terms to continue']],
      [{ campingOptions: [randomUUID()], acceptedTerms: true, amount: 0 }, ['Unrecognized key: "amount"']],
      [{ campingOptions: [randomUUID()], acceptedTerms: true, jobs: ['x'] }, ['Invalid job id']],
      [
        { campingOptions: [randomUUID()], acceptedTerms: true, customFields: { x: 1 } },
        ['Invalid custom field id'],
      ],
    ])('refuses %j with %j', async (payload, messages) => {
      const who = await person();
      const response = await submit(who, payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(messages);
    });

    it('refuses camping options that do not exist or are disabled, storing nothing', async () => {
      const who = await person();
      const ghost = randomUUID();
      const unknown = await submit(who, dayPassBody({ campingOptions: [option.dayPass, ghost] }));
      expect(unknown.statusCode).toBe(400);
      expect(messagesOf(unknown)).toEqual([`Camping option ${ghost} does not exist`]);
      const disabled = await submit(who, dayPassBody({ campingOptions: [option.bus] }));
      expect(disabled.statusCode).toBe(409);
      expect(messagesOf(disabled)).toEqual(['"Old Bus" is not available for registration']);
      await expectNothingStored(who.id);
    });

    it('refuses jobs that do not exist, and staff-only jobs for participants', async () => {
      const participant = await person();
      const ghost = randomUUID();
      const response = await submit(participant, tentBody({ jobs: [job.dishes, job.lead, ghost] }));
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([`Job ${job.lead} does not exist`, `Job ${ghost} does not exist`]);
      await expectNothingStored(participant.id);

      for (const role of ['STAFF', 'ADMIN'] as const) {
        const staff = await person({ role });
        const accepted = await submit(staff, tentBody({ jobs: [job.dishes, job.lead] }));
        expect(accepted.statusCode, accepted.body).toBe(201);
      }
    });

    it('refuses custom fields of options not chosen and unknown field ids', async () => {
      const who = await person();
      const ghost = randomUUID();
      const response = await submit(
        who,
        dayPassBody({ customFields: { [field.plate!]: 'ABC123', [ghost]: 1 } }),
      );
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([
        `Custom field ${field.plate} does not belong to the camping options you chose`,
        `Custom field ${ghost} does not belong to the camping options you chose`,
      ]);
      await expectNothingStored(who.id);
    });

    it.each([
      ['plate', undefined, 'Vehicle plate is required'],
      ['plate', '   ', 'Vehicle plate is required'],
      ['plate', 'A', 'Vehicle plate must be at least 2 characters'],
      ['plate', 'ABCDEFGHIJK', 'Vehicle plate must be less than 10 characters'],
      ['plate', 123, 'Vehicle plate must be text'],
      ['notes', 'a\u0000b', 'Notes contains a character that is not allowed'],
      ['people', 0, 'People in tent must be at least 1'],
      ['people', 7, 'People in tent must be at most 6'],
      ['people', 2.5, 'People in tent must be a whole number'],
      ['people', 'two', 'People in tent must be a number'],
      ['length', 0.25, 'Vehicle length must be at least 0.5'],
      ['length', 13, 'Vehicle length must be at most 12.25'],
      ['length', 4.355, 'Vehicle length must have at most 2 decimal places'],
      ['length', true, 'Vehicle length must be a number'],
      ['bike', null, 'Bringing a bike is required'],
      ['bike', undefined, 'Bringing a bike is required'],
      ['bike', 'yes', 'Bringing a bike must be true or false'],
      ['arrival', '2027-02-30', 'Arrival must be a valid date (YYYY-MM-DD)'],
      ['arrival', '28/08/2027', 'Arrival must be a valid date (YYYY-MM-DD)'],
      ['arrival', 20270828, 'Arrival must be a valid date (YYYY-MM-DD)'],
    ])('refuses %s = %j with "%s", storing nothing', async (name, value, message) => {
      const who = await person();
      const customFields: Record<string, unknown> = { [field.plate!]: 'ABC123', [field.bike!]: false };
      if (value === undefined) delete customFields[field[name]!];
      else customFields[field[name]!] = value;
      const response = await submit(who, tentBody({ customFields }));
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([message]);
      await expectNothingStored(who.id);
    });

    it('keeps false for a required boolean and leaves empty optional fields out', async () => {
      const who = await person();
      const response = await submit(
        who,
        tentBody({
          customFields: {
            [field.plate!]: 'XY',
            [field.bike!]: false,
            [field.notes!]: '  ',
            [field.people!]: null,
          },
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const stored = await storedFor(who.id);
      expect(Object.fromEntries(stored.values.map((row) => [row.fieldId, row.value]))).toEqual({
        [field.plate!]: 'XY',
        [field.bike!]: 'false',
      });
    });

    it('lists every field problem and shift problem together', async () => {
      const who = await person();
      const response = await submit(who, tentBody({ customFields: { [field.people!]: 9 }, jobs: [] }));
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([
        'Vehicle plate is required',
        'People in tent must be at most 6',
        'Bringing a bike is required',
        'You need to select at least 1 shift',
        'You must select at least 1 shift for your camping options (Tent Camping: 1)',
      ]);
    });
  });

  describe('work shifts', () => {
    it('counts a shift in any category that is not always required towards the options', async () => {
      const who = await person();
      const response = await submit(who, tentBody({ jobs: [job.greeter] }));
      expect(response.statusCode, response.body).toBe(201);
    });

    it('requires a shift in every always-required category', async () => {
      const patch = (alwaysRequired: boolean) =>
        camp.call('PATCH', `/api/job-categories/${category.gate}`, camp.admin, { alwaysRequired });
      expect((await patch(true)).statusCode).toBe(200);
      try {
        const who = await person();
        const none = await submit(who, tentBody({ jobs: [] }));
        expect(none.statusCode).toBe(400);
        expect(messagesOf(none)).toEqual([
          'You need to select at least 2 shifts',
          'You must select at least one Gate shift',
          'You must select at least 1 shift outside the always-required categories for your camping options (Tent Camping: 1)',
        ]);
        const kitchenOnly = await submit(who, tentBody({ jobs: [job.dishes] }));
        expect(messagesOf(kitchenOnly)).toEqual([
          'You need to select at least 2 shifts',
          'You must select at least one Gate shift',
        ]);
        const gateOnly = await submit(who, tentBody({ jobs: [job.greeter] }));
        expect(messagesOf(gateOnly)).toEqual([
          'You need to select at least 2 shifts',
          'You must select at least 1 shift outside the always-required categories for your camping options (Tent Camping: 1)',
        ]);
        const dayPass = await submit(who, dayPassBody());
        expect(messagesOf(dayPass)).toEqual([
          'You need to select at least 1 shift',
          'You must select at least one Gate shift',
        ]);
        await expectNothingStored(who.id);
        const both = await submit(who, tentBody({ jobs: [job.dishes, job.greeter] }));
        expect(both.statusCode, both.body).toBe(201);
      } finally {
        await patch(false);
      }
    });

    it('asks nothing of people with allowNoJob', async () => {
      const who = await person({ allowNoJob: true });
      const response = await submit(who, tentBody({ jobs: [] }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<SubmitRegistrationResponse>().registration.jobs).toEqual([]);
    });
  });

  describe('places', () => {
    const smallOption = async (name: string, maxSignups: number, values: Record<string, unknown> = {}) =>
      adminPost(camp, '/api/camping-options', { name, maxSignups, participantDues: 20, ...values });
    const smallJob = async (name: string, maxRegistrations: number) =>
      adminPost(camp, '/api/jobs', {
        name,
        location: 'Gate',
        categoryId: category.kitchen,
        shiftId: shift.monday,
        maxRegistrations,
      });
    const optionRow = async (id: string) =>
      (await camp.t.database.db.select().from(campingOptions).where(eq(campingOptions.id, id)))[0]!;
    const jobRow = async (id: string) =>
      (await camp.t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

    it('refuses a full option with 409 naming it, storing nothing', async () => {
      const rv = await smallOption('Small RV', 1);
      const first = await person();
      expect((await submit(first, dayPassBody({ campingOptions: [rv] }))).statusCode).toBe(201);
      const second = await person();
      const response = await submit(second, dayPassBody({ campingOptions: [option.dayPass, rv] }));
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe('"Small RV" is full');
      await expectNothingStored(second.id);
      expect(await optionRow(rv)).toMatchObject({ currentRegistrations: 1, countedYear: YEAR });
      const read = await camp.call('GET', `/api/camping-options/${rv}`, camp.admin);
      expect(read.json<CampingOption>()).toMatchObject({
        currentRegistrations: 1,
        availabilityStatus: 'FULL',
      });
    });

    it('refuses a full job with 409 naming it and its day, storing nothing', async () => {
      const greeter = await smallJob('Night Greeter', 1);
      const first = await person();
      expect((await submit(first, dayPassBody({ jobs: [greeter] }))).statusCode).toBe(201);
      const second = await person();
      const response = await submit(second, tentBody({ jobs: [job.dishes, greeter] }));
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe('The "Night Greeter" shift on Monday is full');
      await expectNothingStored(second.id);
      expect(await jobRow(greeter)).toMatchObject({ currentRegistrations: 1, countedYear: YEAR });
      const tent = await optionRow(option.tent!);
      expect(tent.currentRegistrations).toBe(
        (
          await camp.t.database.db
            .select()
            .from(registrationCampingOptions)
            .where(eq(registrationCampingOptions.campingOptionId, option.tent!))
        ).length,
      );
      const read = await camp.call('GET', `/api/jobs/${greeter}`, camp.admin);
      expect(read.json<Job>()).toMatchObject({ currentRegistrations: 1, maxRegistrations: 1 });
    });

    it('names every full place when several are', async () => {
      const rv = await smallOption('Tiny RV', 1);
      const greeter = await smallJob('Dawn Greeter', 1);
      expect(
        (await submit(await person(), dayPassBody({ campingOptions: [rv], jobs: [greeter] }))).statusCode,
      ).toBe(201);
      const response = await submit(await person(), dayPassBody({ campingOptions: [rv], jobs: [greeter] }));
      expect(response.statusCode).toBe(409);
      expect(messagesOf(response)).toEqual([
        '"Tiny RV" is full',
        'The "Dawn Greeter" shift on Monday is full',
      ]);
    });

    it('counts places per registration year, recounting when the year changes', async () => {
      const rv = await smallOption('Yearly RV', 2);
      const db = camp.t.database.db;
      // Last year's camper and this year's cancelled one hold no place this year.
      await insertRegistration(db, { year: YEAR - 1, campingOptionIds: [rv] });
      await insertRegistration(db, { year: YEAR, status: 'CANCELLED', campingOptionIds: [rv] });
      // Written without the capacity helpers (an import, say): counted when the counter first looks at the year.
      await insertRegistration(db, { year: YEAR, campingOptionIds: [rv] });
      const read = await camp.call('GET', `/api/camping-options/${rv}`, camp.participant);
      expect(read.json<CampingOption>()).toMatchObject({
        currentRegistrations: 1,
        availabilityStatus: 'AVAILABLE',
      });

      expect((await submit(await person(), dayPassBody({ campingOptions: [rv] }))).statusCode).toBe(201);
      expect(await optionRow(rv)).toMatchObject({ currentRegistrations: 2, countedYear: YEAR });
      const full = await submit(await person(), dayPassBody({ campingOptions: [rv] }));
      expect(messageOf(full)).toBe('"Yearly RV" is full');

      // Next year starts empty, and the year after that is counted afresh too.
      try {
        await configure(camp, { registrationYear: YEAR + 1 });
        const next = await camp.call('GET', `/api/camping-options/${rv}`, camp.participant);
        expect(next.json<CampingOption>()).toMatchObject({ currentRegistrations: 0 });
        expect((await submit(await person(), dayPassBody({ campingOptions: [rv] }))).statusCode).toBe(201);
        expect(await optionRow(rv)).toMatchObject({ currentRegistrations: 1, countedYear: YEAR + 1 });
      } finally {
        await configure(camp);
      }
      // Back in the first year: recounted from the rows (2 of 2), so still full.
      const back = await submit(await person(), dayPassBody({ campingOptions: [rv] }));
      expect(messageOf(back)).toBe('"Yearly RV" is full');
      const again = await camp.call('GET', `/api/camping-options/${rv}`, camp.participant);
      expect(again.json<CampingOption>()).toMatchObject({
        currentRegistrations: 2,
        availabilityStatus: 'FULL',
      });
    });

    it('gives a place back when a registration is cancelled through the capacity helpers', async () => {
      const rv = await smallOption('Returned RV', 1);
      const greeter = await smallJob('Returned Greeter', 1);
      const first = await person();
      const created = await submit(first, dayPassBody({ campingOptions: [rv], jobs: [greeter] }));
      const registrationId = created.json<SubmitRegistrationResponse>().registration.id;
      // What the admin-registrations module will do on cancel.
      await camp.t.database.db.transaction(async (tx) => {
        await tx
          .update(registrations)
          .set({ status: 'CANCELLED', cancelledAt: new Date() })
          .where(eq(registrations.id, registrationId));
        await releasePlaces(tx, YEAR, { campingOptionIds: [rv], jobIds: [greeter] });
      });
      expect(await optionRow(rv)).toMatchObject({ currentRegistrations: 0 });
      expect(await jobRow(greeter)).toMatchObject({ currentRegistrations: 0 });
      const second = await submit(await person(), dayPassBody({ campingOptions: [rv], jobs: [greeter] }));
      expect(second.statusCode, second.body).toBe(201);
    });

    it('keeps maxSignups from going below the places taken this year', async () => {
      const rv = await smallOption('Shrinking RV', 3);
      await submit(await person(), dayPassBody({ campingOptions: [rv] }));
      await submit(await person(), dayPassBody({ campingOptions: [rv] }));
      const lower = await camp.call('PATCH', `/api/camping-options/${rv}`, camp.admin, { maxSignups: 1 });
      expect(lower.statusCode).toBe(409);
      expect(messageOf(lower)).toBe(
        'Max signups cannot be lower than the 2 current registrations (0 means unlimited).',
      );
    });
  });

  describe('reads', () => {
    let ada: Person;
    let bob: Person;
    let adaRegistration: Registration;

    beforeAll(async () => {
      ada = await person({ firstName: 'Ada', lastName: 'Reader' });
      bob = await person({ firstName: 'Bob', lastName: 'Reader' });
      const created = await submit(
        ada,
        tentBody({
          customFields: {
            [field.plate!]: 'ADA1',
            [field.bike!]: true,
            [field.people!]: 3,
            [field.arrival!]: '2027-08-29',
          },
          jobs: [job.dishes],
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      adaRegistration = created.json<SubmitRegistrationResponse>().registration;
      await insertRegistration(camp.t.database.db, {
        userId: ada.id,
        year: YEAR - 1,
        campingOptionIds: [option.dayPass!],
      });
      expect((await submit(bob, dayPassBody())).statusCode).toBe(201);
    });

    it('gives people their own registrations only, newest year first, or of one year', async () => {
      const response = await call('GET', '/api/registrations/me', ada);
      expect(response.statusCode).toBe(200);
      const mine = response.json<Registration[]>();
      expect(mine.map((entry) => [entry.year, entry.user.email])).toEqual([
        [YEAR, ada.email],
        [YEAR - 1, ada.email],
      ]);
      expect(mine[0]).toEqual(adaRegistration);
      expect(mine[1]).toMatchObject({
        status: 'CONFIRMED',
        jobs: [],
        payments: [],
        campingOptions: [
          { id: expect.any(String), campingOption: expect.objectContaining({ name: 'Day Pass' }) },
        ],
      });
      const oneYear = await call('GET', `/api/registrations/me?year=${YEAR - 1}`, ada);
      expect(oneYear.json<Registration[]>().map((entry) => entry.year)).toEqual([YEAR - 1]);
      const bad = await call('GET', '/api/registrations/me?year=soon', ada);
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toEqual(['Year must be a number']);
      const nobody = await call('GET', '/api/registrations/me', await person());
      expect(nobody.json()).toEqual([]);
    });

    it('gives the camp registration of the current registration, with typed answers', async () => {
      const response = await call('GET', '/api/registrations/camp/me', ada);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        registrationId: adaRegistration.id,
        year: YEAR,
        status: 'PENDING',
        campingOptions: adaRegistration.campingOptions,
        customFieldValues: [
          ['plate', 'Vehicle plate', 'STRING', 'ADA1', 0],
          ['people', 'People in tent', 'INTEGER', 3, 2],
          ['bike', 'Bringing a bike', 'BOOLEAN', true, 4],
          ['arrival', 'Arrival', 'DATE', '2027-08-29', 5],
        ].map(([name, displayName, dataType, value, order]) => ({
          id: expect.any(String),
          fieldId: field[name as string],
          value,
          field: { id: field[name as string], displayName, dataType, campingOptionId: option.tent, order },
        })),
      });
      const none = await call('GET', '/api/registrations/camp/me', await person());
      expect(none.json()).toEqual({
        registrationId: null,
        year: YEAR,
        status: null,
        campingOptions: [],
        customFieldValues: [],
      });
    });

    it('lets staff and admins read everyone’s, by person, job and year, and nobody else', async () => {
      for (const session of [camp.staff, camp.admin]) {
        const all = await camp.call('GET', '/api/registrations', session);
        expect(all.statusCode).toBe(200);
        const ids = all.json<Registration[]>().map((entry) => entry.id);
        expect(ids).toContain(adaRegistration.id);
        const byUser = await camp.call('GET', `/api/registrations?userId=${bob.id}`, session);
        expect(byUser.json<Registration[]>().map((entry) => entry.user.email)).toEqual([bob.email]);
        const byJob = await camp.call('GET', `/api/registrations?jobId=${job.dishes}&year=${YEAR}`, session);
        const withDishes = byJob.json<Registration[]>();
        expect(withDishes.map((entry) => entry.id)).toContain(adaRegistration.id);
        expect(withDishes.every((entry) => entry.jobs.some((link) => link.job.id === job.dishes))).toBe(true);
        expect(withDishes.every((entry) => entry.year === YEAR)).toBe(true);
        const lastYear = await camp.call(
          'GET',
          `/api/registrations?userId=${ada.id}&year=${YEAR - 1}`,
          session,
        );
        expect(lastYear.json<Registration[]>().map((entry) => entry.year)).toEqual([YEAR - 1]);
      }
      const participant = await camp.call('GET', `/api/registrations?userId=${ada.id}`, camp.participant);
      expect(participant.statusCode).toBe(403);
      const stranger = await call('GET', `/api/registrations?userId=${ada.id}`, bob);
      expect(stranger.statusCode).toBe(403);
      const bad = await camp.call('GET', '/api/registrations?userId=ada&jobId=1', camp.admin);
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toEqual(['Invalid user id', 'Invalid job id']);
    });

    it('answers 401 without a session on every read', async () => {
      for (const url of ['/api/registrations/me', '/api/registrations/camp/me', '/api/registrations']) {
        expect((await call('GET', url, null)).statusCode).toBe(401);
      }
    });

    it('never shows one person another’s registrations through /me', async () => {
      const mine = (await call('GET', '/api/registrations/me', bob)).json<Registration[]>();
      expect(mine.map((entry) => entry.userId)).toEqual([bob.id]);
      const camps = (await call('GET', '/api/registrations/camp/me', bob)).json<{
        campingOptions: unknown[];
      }>();
      expect(camps.campingOptions).toHaveLength(1);
    });
  });

  describe('odd input', () => {
    const ODD: unknown[] = [
      null,
      -1,
      1e308,
      '',
      'x'.repeat(10_000),
      '\u0000',
      true,
      [],
      [null],
      {},
      { a: { b: 1 } },
    ];

    it('answers every odd value of every field with a 4xx, never a 500', async () => {
      const who = await person();
      const base = tentBody();
      const responses: LightMyRequestResponse[] = [];
      for (const key of Object.keys(base)) {
        for (const value of ODD) {
          if (key === 'acceptedTerms' && value === true) continue; // the one valid value
          responses.push(await submit(who, { ...base, [key]: value }));
        }
      }
      for (const value of ODD) {
        responses.push(
          await submit(who, tentBody({ customFields: { [field.plate!]: value, [field.bike!]: value } })),
        );
        responses.push(
          await submit(who, tentBody({ customFields: { [field.people!]: value, [field.arrival!]: value } })),
        );
        responses.push(
          await submit(who, tentBody({ customFields: { [field.length!]: value, [field.notes!]: value } })),
        );
      }
      for (const body of [null, [], 'text', 42]) responses.push(await submit(who, body));
      for (const response of responses) {
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.json()).toMatchObject({
          statusCode: response.statusCode,
          message: expect.anything(),
        });
      }
      await expectNothingStored(who.id);
    });
  });

  it('leaves the counters equal to the rows of the year', async () => {
    const db = camp.t.database.db;
    const optionRows = await db.select().from(campingOptions);
    for (const row of optionRows.filter((entry) => entry.countedYear === YEAR)) {
      const taken = await db
        .select({ id: registrationCampingOptions.id })
        .from(registrationCampingOptions)
        .innerJoin(registrations, eq(registrations.id, registrationCampingOptions.registrationId))
        .where(and(eq(registrationCampingOptions.campingOptionId, row.id), eq(registrations.year, YEAR)))
        .then((rows) => rows.length);
      const cancelled = await db
        .select({ id: registrationCampingOptions.id })
        .from(registrationCampingOptions)
        .innerJoin(registrations, eq(registrations.id, registrationCampingOptions.registrationId))
        .where(
          and(
            eq(registrationCampingOptions.campingOptionId, row.id),
            eq(registrations.year, YEAR),
            eq(registrations.status, 'CANCELLED'),
          ),
        )
        .then((rows) => rows.length);
      expect(row.currentRegistrations, row.name).toBe(taken - cancelled);
    }
    expect(optionRows.filter((entry) => entry.countedYear === YEAR).length).toBeGreaterThan(3);
  });
  it('GET /registrations: admins read the payments, staff get none; the owner still reads their own', async () => {
    const db = camp.t.database.db;
    const payer = await insertSignedInPerson(camp);
    const registrationId = await insertRegistration(db, {
      userId: payer.id,
      status: 'CONFIRMED',
      year: YEAR,
      campingOptionIds: [option.tent!],
    });
    const session = `cs_test_${randomUUID().replaceAll('-', '')}`;
    await db.insert(payments).values([
      // Oldest first; a minute apart so two inserts never share the clock's tick.
      {
        userId: payer.id,
        registrationId,
        amountCents: 12550,
        status: 'COMPLETED',
        providerRefId: session,
        createdAt: new Date(Date.UTC(YEAR, 0, 10, 12, 0)),
      },
      {
        userId: payer.id,
        registrationId,
        amountCents: 2000,
        status: 'PENDING',
        createdAt: new Date(Date.UTC(YEAR, 0, 10, 12, 1)),
      },
    ]);
    const url = `/api/registrations?userId=${payer.id}`;

    const asAdmin = await camp.call('GET', url, camp.admin);
    expect(asAdmin.statusCode).toBe(200);
    const [adminRow] = asAdmin.json<Registration[]>();
    expect(
      adminRow?.payments.map(({ amount, status, providerRefId }) => ({ amount, status, providerRefId })),
    ).toEqual([
      { amount: 125.5, status: 'COMPLETED', providerRefId: session },
      { amount: 20, status: 'PENDING', providerRefId: null },
    ]);

    const asStaff = await camp.call('GET', url, camp.staff);
    expect(asStaff.statusCode).toBe(200);
    const staffRows = asStaff.json<Record<string, unknown>[]>();
    const { payments: _payments, amountOwed: _owed, payBy: _payBy, ...withoutPayments } = adminRow!;
    expect(staffRows).toEqual([withoutPayments]);
    expect(asStaff.body).not.toContain(session);
    expect(asStaff.body).not.toMatch(/"(payments|amount|provider|providerRefId|currency)"/);

    // The person's own dashboard read keeps their dues and payments.
    const own = await call('GET', '/api/registrations/me', payer);
    expect(own.statusCode).toBe(200);
    expect(
      own.json<Registration[]>()[0]?.payments.map((payment) => [payment.amount, payment.status]),
    ).toEqual([
      [125.5, 'COMPLETED'],
      [20, 'PENDING'],
    ]);
  });
});
