import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { REGISTRATION_MESSAGES } from '@camp/shared';
import { type Camp, messagesOf, startCamp } from '../../../test/camp';
import { Prng } from '../../../test/kit/rng';
import { GroupAdmission } from './admission';
import { activePlaceCounts, JOB_PLACES, OPTION_PLACES } from './capacity';
import { type Admitted, admitGroup, fitsGroup, type Submission } from './registration-batch';
import {
  adminPost,
  configure,
  gateGreeterJob,
  insertSignedInPerson,
  YEAR,
  submitCamp,
} from '../../../test/camp-registrations';

// Groups of submissions admitted in one transaction (decision 030), straight through admitGroup, on PGlite
// and on PostgreSQL: who gets a place, what a refused one leaves behind (nothing), and what the counters say.
describe('admitting a group of submissions', () => {
  let camp: Camp;
  let tent: string;
  let plate: string;
  let dayPass: string;
  let greeter: string;
  const tentNames = new Prng(30);

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    greeter = await gateGreeterJob(camp, 5);
    dayPass = await adminPost(camp, '/api/camping-options', { name: 'Day Pass', participantDues: 0 });
  });
  beforeEach(async () => {
    // A fresh two-place tent for each test.
    tent = await adminPost(camp, '/api/camping-options', {
      name: `Tent ${tentNames.chars(6)}`,
      participantDues: 100,
      maxSignups: 2,
    });
    plate = await adminPost(camp, `/api/camping-options/${tent}/fields`, {
      displayName: 'Plate',
      required: true,
    });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;

  /** A submission of `userId` for the given options (a plate for the tent) and jobs. */
  function submission(userId: string, optionIds: string[], jobIds: string[] = []): Submission {
    const duesCents = optionIds.includes(tent) ? 10_000 : 0;
    return {
      year: YEAR,
      registration: {
        userId,
        status: duesCents > 0 ? 'PENDING' : 'CONFIRMED',
        acceptedTermsAt: new Date('2027-03-01T12:00:00Z'),
        optionIds,
        storedValues: optionIds.includes(tent)
          ? [{ fieldId: plate, value: `${userId} ${AWKWARD_TEXT}` }]
          : [],
        jobIds,
      },
      places: { campingOptionIds: optionIds, jobIds },
      duesCents,
      mail: {
        to: `${userId}@example.org`,
        subject: `Registered, "${userId}"`,
        html: `<p class="greeting">${AWKWARD_TEXT}</p>`,
        text: AWKWARD_TEXT,
      },
    };
  }

  /** Text that an array parameter would have to quote: quotes, braces, commas, a backslash, a line break, NULL. */
  const AWKWARD_TEXT = 'Say "hi", {Ada}\\ \'o\'\nNULL ∅';

  const person = async () => (await insertSignedInPerson(camp)).id;

  /** Everything stored for these people: registrations, links, values, payments, mails. */
  async function storedFor(userIds: string[]) {
    const rows = await db().select().from(registrations).where(inArray(registrations.userId, userIds));
    const ids = rows.map((row) => row.id);
    const none = ['00000000-0000-0000-0000-000000000000'];
    const having = ids.length > 0 ? ids : none;
    return {
      registrations: rows,
      optionLinks: await db()
        .select()
        .from(registrationCampingOptions)
        .where(inArray(registrationCampingOptions.registrationId, having)),
      jobLinks: await db()
        .select()
        .from(registrationJobs)
        .where(inArray(registrationJobs.registrationId, having)),
      values: await db()
        .select()
        .from(registrationFieldValues)
        .where(inArray(registrationFieldValues.registrationId, having)),
      payments: await db().select().from(payments).where(inArray(payments.userId, userIds)),
      mails: await db()
        .select({
          to: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          html: emailOutbox.html,
          text: emailOutbox.text,
        })
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.toAddress,
            userIds.map((id) => `${id}@example.org`),
          ),
        ),
    };
  }

  async function counterOf(id: string, table: 'option' | 'job') {
    const [row] =
      table === 'option'
        ? await db()
            .select({ current: campingOptions.currentRegistrations, year: campingOptions.countedYear })
            .from(campingOptions)
            .where(eq(campingOptions.id, id))
        : await db()
            .select({ current: jobs.currentRegistrations, year: jobs.countedYear })
            .from(jobs)
            .where(eq(jobs.id, id));
    const rows = await activePlaceCounts(table === 'option' ? OPTION_PLACES : JOB_PLACES, [id], db(), YEAR);
    return { ...row, rows: rows.get(id) ?? 0 };
  }

  it('decides in arrival order in one transaction: admitted, full, already registered; the refused leave nothing', async () => {
    const [ada, bob, cy, dee, eve] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    // Eve is already registered this year.
    const [earlier] = await admitGroup(db(), [submission(eve, [dayPass])]);
    expect(earlier?.outcome).toBe('admitted');

    const answers = await admitGroup(db(), [
      submission(ada, [tent]),
      submission(bob, [tent], [greeter]),
      submission(cy, [tent, dayPass]),
      submission(dee, [dayPass], [greeter]),
      submission(eve, [tent]),
    ]);

    expect(answers.map((answer) => answer.outcome)).toEqual([
      'admitted',
      'admitted',
      'full',
      'admitted',
      'registered',
    ]);
    expect(answers[2]).toEqual({ outcome: 'full', full: { campingOptionIds: [tent], jobIds: [] } });
    const admitted = answers.flatMap((answer) =>
      answer.outcome === 'admitted' ? [answer.registration] : [],
    );
    // Dues only where the tent was taken; the day pass is free.
    expect(admitted.map((registration) => registration.payment !== null)).toEqual([true, true, false]);

    const stored = await storedFor([ada, bob, cy, dee]);
    expect(stored.registrations.map((row) => row.userId).sort()).toEqual([ada, bob, dee].sort());
    expect(stored.registrations.map((row) => row.id).sort()).toEqual(admitted.map((row) => row.id).sort());
    expect(stored.optionLinks.filter((link) => link.campingOptionId === tent)).toHaveLength(2);
    expect(stored.jobLinks.map((link) => link.jobId)).toEqual([greeter, greeter]);
    expect(stored.values.map((row) => row.value).sort()).toEqual(
      [`${ada} ${AWKWARD_TEXT}`, `${bob} ${AWKWARD_TEXT}`].sort(),
    );
    expect(stored.payments.map((row) => [row.userId, row.amountCents, row.status]).sort()).toEqual(
      [
        [ada, 10_000, 'PENDING'],
        [bob, 10_000, 'PENDING'],
      ].sort(),
    );
    expect(stored.mails.map((mail) => mail.to).sort()).toEqual(
      [ada, bob, dee].map((id) => `${id}@example.org`).sort(),
    );
    // Cy, refused, left nothing: no registration, link, value, payment or mail.
    expect(await storedFor([cy])).toEqual({
      registrations: [],
      optionLinks: [],
      jobLinks: [],
      values: [],
      payments: [],
      mails: [],
    });

    expect(await counterOf(tent, 'option')).toEqual({ current: 2, year: YEAR, rows: 2 });
    const greeterCounter = await counterOf(greeter, 'job');
    expect(greeterCounter.current).toBe(greeterCounter.rows);
  });

  it('refuses everyone of a later group once the places are gone, and writes nothing for them', async () => {
    const [ada, bob, cy] = [await person(), await person(), await person()];
    await admitGroup(db(), [submission(ada, [tent]), submission(bob, [tent])]);
    const answers = await admitGroup(db(), [submission(cy, [tent]), submission(await person(), [dayPass])]);
    expect(answers.map((answer) => answer.outcome)).toEqual(['full', 'admitted']);
    expect((await storedFor([cy])).registrations).toEqual([]);
    expect(await counterOf(tent, 'option')).toEqual({ current: 2, year: YEAR, rows: 2 });
  });

  it("recounts a counter of another year from the rows, leaving out the group's own new rows", async () => {
    const [ada, bob, cy] = [await person(), await person(), await person()];
    await admitGroup(db(), [submission(ada, [tent])]);
    // As after an admin moved registrationYear and back: the counter says nothing about this year.
    await db()
      .update(campingOptions)
      .set({ currentRegistrations: 0, countedYear: null })
      .where(eq(campingOptions.id, tent));

    const answers = await admitGroup(db(), [submission(bob, [tent]), submission(cy, [tent])]);

    expect(answers.map((answer) => answer.outcome)).toEqual(['admitted', 'full']);
    expect(await counterOf(tent, 'option')).toEqual({ current: 2, year: YEAR, rows: 2 });
  });

  it('runs each submission of a group that failed as a whole again alone: only the bad one fails', async () => {
    const [ada, bob, cy] = [await person(), await person(), await person()];
    const groups: number[] = [];
    const admission = new GroupAdmission<Submission, Admitted>({
      run: (group) => {
        groups.push(group.length);
        return admitGroup(db(), group);
      },
      concurrency: 1,
      maxGroup: 10,
      fits: fitsGroup,
    });
    // Bob's job does not exist: its link's foreign key fails the group's one insert statement.
    const missingJob = '00000000-0000-4000-8000-000000000001';
    const dee = await person();
    const first = admission.admit(submission(dee, [dayPass]));
    // The first starts alone on the event loop's next turn; the three others gather behind it.
    await new Promise((resolve) => setImmediate(resolve));
    const results = await Promise.allSettled([
      admission.admit(submission(ada, [tent])),
      admission.admit(submission(bob, [dayPass], [missingJob])),
      admission.admit(submission(cy, [tent])),
    ]);
    await first;

    expect(groups).toEqual([1, 3, 1, 1, 1]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.outcome : 'error'))).toEqual(
      ['admitted', 'error', 'admitted'],
    );
    expect((await storedFor([bob])).registrations).toEqual([]);
    expect((await storedFor([ada, cy])).registrations).toHaveLength(2);
    expect(await counterOf(tent, 'option')).toEqual({ current: 2, year: YEAR, rows: 2 });
  });

  it('answers each person of a group on their own: one refused by a rule does not touch the others', async () => {
    const [ada, bob, cy, dee] = [
      await insertSignedInPerson(camp),
      await insertSignedInPerson(camp),
      await insertSignedInPerson(camp),
      await insertSignedInPerson(camp),
    ];
    await admitGroup(db(), [submission(cy.id, [dayPass])]);
    const missing = '00000000-0000-4000-8000-000000000002';
    const post = (who: { headers: { authorization: string } }, body: Record<string, unknown>) =>
      submitCamp(camp, who, body);

    const responses = await Promise.all([
      post(ada, { campingOptions: [tent], customFields: { [plate]: 'ADA 1' } }),
      post(bob, { campingOptions: [missing] }),
      post(cy, { campingOptions: [dayPass] }),
      post(dee, { campingOptions: [dayPass], jobs: [greeter] }),
    ]);

    expect(responses.map((response) => response.statusCode)).toEqual([201, 400, 409, 201]);
    expect(messagesOf(responses[1]!)).toEqual([REGISTRATION_MESSAGES.unknownOption(missing)]);
    expect(messagesOf(responses[2]!)).toEqual([REGISTRATION_MESSAGES.alreadyRegistered(YEAR)]);
    const stored = await storedFor([ada.id, bob.id, dee.id]);
    expect(stored.registrations.map((row) => row.userId).sort()).toEqual([ada.id, dee.id].sort());
    expect(stored.jobLinks.map((link) => link.jobId)).toEqual([greeter]);
  });
});
