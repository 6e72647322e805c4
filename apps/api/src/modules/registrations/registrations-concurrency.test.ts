import type { CampingOption, Job } from '@camp/shared';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../test/database';
import {
  campingOptions,
  jobs,
  payments,
  registrationCampingOptions,
  registrationFieldValues,
  registrationJobs,
  registrations,
  users,
} from '../../db/schema/index';
import { type Camp, messagesOf, startCamp } from '../../../test/camp';
import { adminPost, configure, gateGreeterJob, YEAR } from '../../../test/camp-registrations';

// PGlite has one connection, so races cannot show there (docs/architecture.md §7): this suite needs PostgreSQL.
describe.skipIf(testDatabaseKind() === 'pglite')('registration under load (PostgreSQL)', () => {
  let camp: Camp;
  let tent: string;
  let dayPass: string;
  let greeter: string;
  let plate: string;

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    greeter = await gateGreeterJob(camp, 10);
    tent = await adminPost(camp, '/api/camping-options', {
      name: 'Tent Camping',
      participantDues: 100,
      maxSignups: 50,
    });
    plate = await adminPost(camp, `/api/camping-options/${tent}/fields`, {
      displayName: 'Vehicle plate',
      required: true,
    });
    dayPass = await adminPost(camp, '/api/camping-options', { name: 'Day Pass', participantDues: 20 });
  });
  afterAll(async () => {
    await camp?.close();
  });

  /** People with complete profiles, inserted at once and signed in with tokens the app issues. */
  async function people(
    howMany: number,
    prefix: string,
  ): Promise<Array<{ id: string; authorization: string }>> {
    const rows = await camp.t.database.db
      .insert(users)
      .values(
        Array.from({ length: howMany }, (_, index) => ({
          email: `${prefix}${index}@example.org`,
          firstName: 'Rush',
          lastName: `Person ${index}`,
          phone: '555-0100',
          emergencyContact: 'Someone, 555-0199',
        })),
      )
      .returning({ id: users.id });
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        authorization: `Bearer ${await camp.t.app.services.auth.openSessionFor({ id: row.id, role: 'PARTICIPANT' })}`,
      })),
    );
  }

  const submit = (authorization: string, payload: unknown): Promise<LightMyRequestResponse> =>
    camp.t.app.inject({
      method: 'POST',
      url: '/api/registrations/camp',
      headers: { authorization },
      payload: payload as object,
    });

  it('sells exactly the places there are when 200 people submit at once, and stores nothing of the losers', async () => {
    const crowd = await people(200, 'rush');
    // A: the tent only; B: the free-for-all day pass and the gate shift; C: the tent and the gate shift. The tent
    // (50 places) is wanted by A and C (120 people), the gate shift (10 places) by B and C (120 people): both
    // limits bind whatever the order, and C's submissions lock an option and a job in one transaction.
    const plan = crowd.map((person, index) => {
      const group = index % 5 < 2 ? 'A' : index % 5 < 4 ? 'B' : 'C';
      const body =
        group === 'A'
          ? { campingOptions: [tent], customFields: { [plate]: `A${index}` } }
          : group === 'B'
            ? { campingOptions: [dayPass], jobs: [greeter] }
            : { campingOptions: [tent], customFields: { [plate]: `C${index}` }, jobs: [greeter] };
      return { person, group, body: { ...body, acceptedTerms: true } };
    });
    expect(plan.filter((entry) => entry.group === 'A')).toHaveLength(80);
    expect(plan.filter((entry) => entry.group === 'C')).toHaveLength(40);

    const responses = await Promise.all(plan.map((entry) => submit(entry.person.authorization, entry.body)));

    const winners = plan.filter((_, index) => responses[index]!.statusCode === 201);
    const losers = plan.filter((_, index) => responses[index]!.statusCode !== 201);
    for (const [index, response] of responses.entries()) {
      expect([201, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409) {
        const wanted = plan[index]!;
        const allowed = [
          ...(wanted.group === 'B' ? [] : ['"Tent Camping" is full']),
          ...(wanted.group === 'A' ? [] : ['The "Gate Greeter" shift on Monday is full']),
        ];
        const messages = messagesOf(response);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect(allowed).toContain(message);
      }
    }

    const db = camp.t.database.db;
    const crowdIds = crowd.map((person) => person.id);
    const stored = await db.select().from(registrations).where(inArray(registrations.userId, crowdIds));
    const storedIds = stored.map((row) => row.id);
    expect(stored).toHaveLength(winners.length);
    expect(new Set(stored.map((row) => row.userId))).toEqual(
      new Set(winners.map((entry) => entry.person.id)),
    );
    expect(stored.every((row) => row.year === YEAR && row.status === 'PENDING')).toBe(true);

    // Exactly the places there are.
    const optionLinks = await db
      .select()
      .from(registrationCampingOptions)
      .where(inArray(registrationCampingOptions.registrationId, storedIds));
    const jobLinks = await db
      .select()
      .from(registrationJobs)
      .where(inArray(registrationJobs.registrationId, storedIds));
    expect(optionLinks.filter((link) => link.campingOptionId === tent)).toHaveLength(50);
    expect(jobLinks.filter((link) => link.jobId === greeter)).toHaveLength(10);
    expect(winners.filter((entry) => entry.group !== 'B')).toHaveLength(50);
    expect(winners.filter((entry) => entry.group !== 'A')).toHaveLength(10);

    // No orphans: every registration has exactly what its person asked for, and the losers left nothing.
    for (const registration of stored) {
      const wanted = winners.find((entry) => entry.person.id === registration.userId)!;
      const links = optionLinks.filter((link) => link.registrationId === registration.id);
      expect(links.map((link) => link.campingOptionId)).toEqual(wanted.body.campingOptions);
      expect(
        jobLinks.filter((link) => link.registrationId === registration.id).map((link) => link.jobId),
      ).toEqual(wanted.body.jobs ?? []);
    }
    const values = await db
      .select()
      .from(registrationFieldValues)
      .where(inArray(registrationFieldValues.registrationId, storedIds));
    expect(values).toHaveLength(50);
    const paid = await db.select().from(payments).where(inArray(payments.userId, crowdIds));
    expect(paid).toHaveLength(winners.length);
    const dues = { A: 10000, B: 2000, C: 10000 } as const; // jobs cost nothing
    for (const payment of paid) {
      const wanted = winners.find((entry) => entry.person.id === payment.userId)!;
      expect(payment).toMatchObject({
        amountCents: dues[wanted.group as 'A'],
        status: 'PENDING',
        providerRefId: null,
      });
      expect(storedIds).toContain(payment.registrationId);
    }
    const loserIds = losers.map((entry) => entry.person.id);
    expect(await db.select().from(registrations).where(inArray(registrations.userId, loserIds))).toEqual([]);
    expect(await db.select().from(payments).where(inArray(payments.userId, loserIds))).toEqual([]);
    const withoutOption = await db
      .select({ id: registrations.id })
      .from(registrations)
      .leftJoin(registrationCampingOptions, eq(registrationCampingOptions.registrationId, registrations.id))
      .where(isNull(registrationCampingOptions.id));
    expect(withoutOption).toEqual([]);

    // The counters say what the rows say, and so do the admin screens.
    const [tentRow] = await db.select().from(campingOptions).where(eq(campingOptions.id, tent));
    const [dayPassRow] = await db.select().from(campingOptions).where(eq(campingOptions.id, dayPass));
    const [greeterRow] = await db.select().from(jobs).where(eq(jobs.id, greeter));
    expect(tentRow).toMatchObject({ currentRegistrations: 50, countedYear: YEAR });
    expect(greeterRow).toMatchObject({ currentRegistrations: 10, countedYear: YEAR });
    expect(dayPassRow).toMatchObject({
      currentRegistrations: optionLinks.filter((link) => link.campingOptionId === dayPass).length,
      countedYear: YEAR,
    });
    const tentRead = await camp.call('GET', `/api/camping-options/${tent}`, camp.admin);
    expect(tentRead.json<CampingOption>()).toMatchObject({
      currentRegistrations: 50,
      availabilityStatus: 'FULL',
    });
    const greeterRead = await camp.call('GET', `/api/jobs/${greeter}`, camp.admin);
    expect(greeterRead.json<Job>()).toMatchObject({ currentRegistrations: 10, maxRegistrations: 10 });
  });

  it('keeps one registration per person when each of 30 people submits three times at once', async () => {
    const twins = await people(30, 'twin');
    const body = { campingOptions: [dayPass], acceptedTerms: true };
    const responses = await Promise.all(
      twins.flatMap((person) => [1, 2, 3].map(() => submit(person.authorization, body))),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(30);
    for (const response of responses.filter((entry) => entry.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(messagesOf(response)).toEqual([
        `You are already registered for ${YEAR}. You can view your registration details on the dashboard.`,
      ]);
    }
    const db = camp.t.database.db;
    const stored = await db
      .select({ userId: registrations.userId, n: count() })
      .from(registrations)
      .where(
        and(
          inArray(
            registrations.userId,
            twins.map((person) => person.id),
          ),
          eq(registrations.year, YEAR),
        ),
      )
      .groupBy(registrations.userId);
    expect(stored).toHaveLength(30);
    expect(stored.every((row) => row.n === 1)).toBe(true);
    const paid = await db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.userId,
          twins.map((person) => person.id),
        ),
      );
    expect(paid).toHaveLength(30);
  });
});
