import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp } from '../../../test/camp';
import {
  adminPost,
  adminShift,
  insertSignedInPerson,
  type Person,
  YEAR,
} from '../../../test/camp-registrations';
import { insertHolder } from '../../../test/camp-shift-waits';
import { startQuietWaitlistCamp } from '../../../test/camp-waitlist';
import { testDatabaseKind } from '../../../test/database';
import { expectCountersMatch as expectCountersMatchRows } from '../../../test/rows';
import { registrationJobs } from '../../db/schema/index';

const RACERS = 24;
const PLACES = 3;

// PGlite has one connection, so races cannot show there (docs/architecture.md §7): this suite needs PostgreSQL.
// People changing their own shifts at once (decision 057) never oversell a job, and every counter equals its rows.
describe.skipIf(testDatabaseKind() === 'pglite')('shift changes under load (PostgreSQL)', () => {
  let camp: Camp;
  let job: (maxRegistrations: number) => Promise<string>;

  beforeAll(async () => {
    camp = await startQuietWaitlistCamp();
    const categoryId = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets' });
    const shiftId = await adminShift(camp, 'Morning', 'MONDAY', '09:00', '12:00');
    let count = 0;
    job = (maxRegistrations) =>
      adminPost(camp, '/api/jobs', {
        name: `Greeter ${(count += 1)}`,
        location: 'Front gate',
        categoryId,
        shiftId,
        maxRegistrations,
      });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const change = (person: Pick<Person, 'headers'>, body: unknown) =>
    camp.t.app.inject({
      method: 'POST',
      url: '/api/registrations/me/shift-changes',
      headers: person.headers,
      payload: body as object,
    });
  const holders = (jobIds: string[]) =>
    Promise.all(
      Array.from({ length: RACERS }, async () => {
        const person = await insertSignedInPerson(camp);
        await insertHolder(db(), { userId: person.id, jobIds });
        return person;
      }),
    );
  const linksOf = async (jobId: string) =>
    (await db().select().from(registrationJobs).where(eq(registrationJobs.jobId, jobId))).length;

  it(`${RACERS} people swapping for the last ${PLACES} places of a job: ${PLACES} get them`, async () => {
    const last = await job(PLACES);
    const from = await job(RACERS);
    const people = await holders([from]);
    const answers = await Promise.all(people.map((person) => change(person, { drop: [from], take: [last] })));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(PLACES);
    expect(codes.filter((code) => code === 409)).toHaveLength(RACERS - PLACES);
    expect(await linksOf(last)).toBe(PLACES);
    expect(await linksOf(from)).toBe(RACERS - PLACES);
    await expectCountersMatchRows(db(), YEAR);
  });

  it('people dropping and taking two jobs in opposite directions at once: no deadlock, counters equal rows', async () => {
    const a = await job(RACERS);
    const b = await job(RACERS);
    const onA = await holders([a]);
    const onB = await holders([b]);
    const answers = await Promise.all([
      ...onA.map((person) => change(person, { drop: [a], take: [b] })),
      ...onB.map((person) => change(person, { drop: [b], take: [a] })),
    ]);
    // Both jobs start full: a swap gets through only once someone going the other way has freed a place.
    expect(answers.filter((answer) => answer.statusCode !== 200 && answer.statusCode !== 409)).toEqual([]);
    expect((await linksOf(a)) + (await linksOf(b))).toBe(2 * RACERS);
    expect(await linksOf(a)).toBeLessThanOrEqual(RACERS);
    expect(await linksOf(b)).toBeLessThanOrEqual(RACERS);
    await expectCountersMatchRows(db(), YEAR);
  });
});
