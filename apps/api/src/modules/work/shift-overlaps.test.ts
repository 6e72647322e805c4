import { SHIFT_OVERLAP_MESSAGES, type ShiftOverlaps, type ShiftWaitResponse } from '@camp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp } from '../../../test/camp';
import {
  adminPost,
  adminShift,
  auditTrail,
  configure,
  insertSignedInPerson,
  type Person,
  submitCamp,
  YEAR,
} from '../../../test/camp-registrations';
import { answerShiftWait, insertHolder, insertShiftWait, shiftWaitRow } from '../../../test/camp-shift-waits';
import {
  cancelHolder,
  insertWaitlisted,
  openOfferOf,
  startQuietWaitlistCamp,
  waitlistWorker,
} from '../../../test/camp-waitlist';
import { expectCountersMatch } from '../../../test/rows';
import { recountPlaces } from '../registrations/capacity';
import { registrationJobs, registrations } from '../../db/schema/index';

// No double-booking on the server (docs/product.md §11, decision 056): the submission, the shift waitlist (join,
// accept, the fill), the admin edit and GET /admin/shift-overlaps; and without event dates, none of it.

const GATE = 'Gate — Morning (Monday, Aug 30, 09:00–13:00)';
const BAR = 'Bar — Midday (Monday, Aug 30, 12:00–16:00)';
const BAR_BACK = 'Bar Back — Midday (Monday, Aug 30, 12:00–16:00)';
const overlap = SHIFT_OVERLAP_MESSAGES.overlap;

describe('No double-booking (decision 056)', () => {
  let camp: Camp;
  let option: string;
  let gate: string;
  let bar: string;
  let kitchen: string;
  let barBack: string;
  let barBackHolder: string;

  const db = () => camp.t.database.db;

  beforeAll(async () => {
    camp = await startQuietWaitlistCamp({ openingSunday: '2027-08-29' });
    const category = await adminPost(camp, '/api/job-categories', { name: 'Crew', description: 'Works' });
    const morning = await adminShift(camp, 'Morning', 'MONDAY', '09:00', '13:00');
    const midday = await adminShift(camp, 'Midday', 'MONDAY', '12:00', '16:00');
    const afternoon = await adminShift(camp, 'Afternoon', 'MONDAY', '13:00', '17:00');
    const job = (name: string, shiftId: string, maxRegistrations: number, waitlistEnabled = false) =>
      adminPost(camp, '/api/jobs', {
        name,
        location: 'Front gate',
        categoryId: category,
        shiftId,
        maxRegistrations,
        waitlistEnabled,
      });
    gate = await job('Gate', morning, 20);
    bar = await job('Bar', midday, 20);
    kitchen = await job('Kitchen', afternoon, 20);
    barBack = await job('Bar Back', midday, 1, true);
    barBackHolder = await insertHolder(db(), { jobIds: [barBack] });
    option = await adminPost(camp, '/api/camping-options', {
      name: 'Tent',
      participantDues: 0,
      maxSignups: 100,
    });
  });
  afterAll(async () => {
    await camp?.close();
  });

  /** A signed-in person whose CONFIRMED registration of YEAR holds `jobIds`. */
  const holding = async (jobIds: string[], name?: { firstName: string; lastName: string }) => {
    const person = await insertSignedInPerson(camp, name ?? {});
    const registrationId = await insertHolder(db(), { userId: person.id, jobIds });
    return { ...person, registrationId };
  };
  const join = (person: Pick<Person, 'headers'>, jobId: string) =>
    camp.t.app.inject({
      method: 'POST',
      url: '/api/shift-waits',
      headers: person.headers,
      payload: { jobId },
    });
  const jobsOf = async (registrationId: string) =>
    (
      await db()
        .select({ jobId: registrationJobs.jobId })
        .from(registrationJobs)
        .where(eq(registrationJobs.registrationId, registrationId))
    )
      .map((row) => row.jobId)
      .sort();
  const edit = (id: string, body: unknown) =>
    camp.call('PUT', `/api/admin/registrations/${id}`, camp.admin, body);
  const overlaps = () => camp.call('GET', '/api/admin/shift-overlaps', camp.admin);

  it('refuses a submission of overlapping shifts with 400 naming both, stores nothing; touching shifts are fine', async () => {
    const person = await insertSignedInPerson(camp);
    const refused = await submitCamp(camp, person, { campingOptions: [option], jobs: [gate, bar] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: overlap(GATE, BAR) });
    expect(await db().select().from(registrations).where(eq(registrations.userId, person.id))).toEqual([]);

    const touching = await submitCamp(camp, person, { campingOptions: [option], jobs: [gate, kitchen] });
    expect(touching.statusCode, touching.body).toBe(201);
  });

  it('refuses to join the line of a job that overlaps one held (409), lets others join', async () => {
    const gatekeeper = await holding([gate]);
    const refused = await join(gatekeeper, barBack);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, error: 'Conflict', message: overlap(GATE, BAR_BACK) });
    expect((await join(await holding([kitchen]), barBack)).statusCode).toBe(409);
    const someone = await holding([]);
    const free = await join(someone, barBack);
    expect(free.statusCode, free.body).toBe(201);
    const left = await answerShiftWait(camp, someone, free.json<ShiftWaitResponse>().shiftWait.id, 'leave');
    expect(left.statusCode).toBe(200);
  });

  it('the fill passes over someone whose shifts overlap (left WAITING); accepting an overlapping offer is refused', async () => {
    // Both are put in the line directly: the first holds Gate, which overlaps Bar Back.
    const gatekeeper = await holding([gate]);
    const free = await holding([]);
    // Earlier entries of this suite left the line (or were refused).
    const passedOver = await insertShiftWait(db(), gatekeeper.registrationId, barBack);
    const offered = await insertShiftWait(db(), free.registrationId, barBack);
    await cancelHolder(db(), barBackHolder);
    expect(await waitlistWorker(camp).drain()).toMatchObject({ shiftOffers: 1 });
    expect((await shiftWaitRow(db(), passedOver)).state).toBe('WAITING');
    expect((await shiftWaitRow(db(), offered)).state).toBe('OFFERED');

    // Meanwhile the person with the offer got Gate (written straight in): accepting is refused, the offer stays.
    await db().insert(registrationJobs).values({ registrationId: free.registrationId, jobId: gate });
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds: [], jobIds: [gate] }));
    const refused = await answerShiftWait(camp, free, offered, 'accept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, error: 'Conflict', message: overlap(GATE, BAR_BACK) });
    expect((await shiftWaitRow(db(), offered)).state).toBe('OFFERED');
    expect(await jobsOf(free.registrationId)).toEqual([gate]);
    await expectCountersMatch(db(), YEAR);
  });

  it("an admin's edit to overlapping shifts needs the acknowledgement (409), then saves with SHIFT_OVERLAP_ACK", async () => {
    const person = await holding([gate], { firstName: 'Olive', lastName: 'Overlap' });
    const [first, second] = [gate, bar].sort() as [string, string];
    const label = (id: string) => (id === gate ? GATE : BAR);

    const refused = await edit(person.registrationId, { jobIds: [gate, bar] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: [
        SHIFT_OVERLAP_MESSAGES.adminAcknowledgeRequired,
        SHIFT_OVERLAP_MESSAGES.pair(label(first), label(second)),
      ],
    });
    expect(await jobsOf(person.registrationId)).toEqual([gate]);
    expect(
      (await edit(person.registrationId, { jobIds: [gate, bar], acknowledgeOverlap: 'yes' })).json(),
    ).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['acknowledgeOverlap must be true or false'],
    });

    const saved = await edit(person.registrationId, {
      jobIds: [gate, bar],
      acknowledgeOverlap: true,
      notes: 'Covers both, agreed with the bar lead',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await jobsOf(person.registrationId)).toEqual([gate, bar].sort());
    const acks = (await auditTrail(camp, person.registrationId)).filter(
      (record) => record.actionType === 'SHIFT_OVERLAP_ACK',
    );
    expect(acks.map((record) => [record.reason, record.oldValues, record.newValues])).toEqual([
      [
        'Covers both, agreed with the bar lead',
        null,
        {
          pairs: [
            { first: { jobId: first, label: label(first) }, second: { jobId: second, label: label(second) } },
          ],
        },
      ],
    ]);
    // An edit that adds nothing overlapping (status only) asks nothing.
    expect((await edit(person.registrationId, { status: 'PENDING' })).statusCode).toBe(200);
    await expectCountersMatch(db(), YEAR);

    // Admin → Shifts lists the pair, festival order within it; only admins may read it.
    const list = await overlaps();
    expect(list.statusCode).toBe(200);
    expect(list.json<ShiftOverlaps>()).toEqual({
      year: YEAR,
      datesSet: true,
      overlaps: [
        {
          registrationId: person.registrationId,
          userId: person.id,
          name: 'Olive Overlap',
          first: { jobId: gate, jobName: 'Gate', shiftName: 'Morning', when: 'Monday, Aug 30, 09:00–13:00' },
          second: { jobId: bar, jobName: 'Bar', shiftName: 'Midday', when: 'Monday, Aug 30, 12:00–16:00' },
        },
      ],
    });
    expect((await camp.call('GET', '/api/admin/shift-overlaps', camp.staff)).statusCode).toBe(403);
    expect((await camp.call('GET', '/api/admin/shift-overlaps', camp.participant)).statusCode).toBe(403);
    // A cancelled registration holds nothing: off the list.
    await camp.call('DELETE', `/api/admin/registrations/${person.registrationId}`, camp.admin, {
      reason: 'Cannot come this year',
    });
    expect((await overlaps()).json<ShiftOverlaps>().overlaps).toEqual([]);
  });

  it('accepting a camping offer with overlapping shifts is refused (400), the offer stays open', async () => {
    const lodge = await adminPost(camp, '/api/camping-options', {
      name: 'Lodge',
      participantDues: 0,
      maxSignups: 1,
      waitlistEnabled: true,
    });
    const lodger = await insertHolder(db(), { campingOptionIds: [lodge] });
    const person = await insertSignedInPerson(camp);
    const registrationId = await insertWaitlisted(db(), {
      year: YEAR,
      userId: person.id,
      campingOptionIds: [lodge],
      jobIds: [gate],
    });
    await cancelHolder(db(), lodger);
    await waitlistWorker(camp).drain();
    const offer = (await openOfferOf(db(), registrationId))!;
    const accept = (jobs: string[]) =>
      camp.t.app.inject({
        method: 'POST',
        url: `/api/waitlist-offers/${offer.id}/accept`,
        headers: person.headers,
        payload: { jobs },
      });
    const refused = await accept([gate, bar]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: overlap(GATE, BAR) });
    expect(await openOfferOf(db(), registrationId)).toMatchObject({ id: offer.id });
    expect((await accept([gate, kitchen])).statusCode).toBe(200);
    await expectCountersMatch(db(), YEAR);
  });

  it('without event dates nothing overlaps: submission, join and admin edit as before, the list empty', async () => {
    await configure(camp, { openingSunday: null });
    const person = await insertSignedInPerson(camp);
    const submitted = await submitCamp(camp, person, { campingOptions: [option], jobs: [gate, bar] });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const other = await holding([gate]);
    expect((await edit(other.registrationId, { jobIds: [gate, bar] })).statusCode).toBe(200);
    expect(await overlaps().then((response) => response.json())).toEqual({
      year: YEAR,
      datesSet: false,
      overlaps: [],
    });
  });
});
