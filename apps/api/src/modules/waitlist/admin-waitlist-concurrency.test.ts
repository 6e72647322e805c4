import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Camp, insertRegistration } from '../../../test/camp';
import { adminPost, YEAR } from '../../../test/camp-registrations';
import { shiftWaitJobs } from '../../../test/camp-shift-waits';
import { cancelHolder, insertMany, useQuietWaitlistCamp, waitlistWorker } from '../../../test/camp-waitlist';
import { testDatabaseKind } from '../../../test/database';
import { registrations, shiftWaits, waitlistOffers } from '../../db/schema/index';
import { countersMatchRows, describeMismatch, recountPlaces } from '../registrations/capacity';

// The admin's waitlist actions racing each other and the fill (docs/product.md §10, decision 048 addendum). PGlite has
// one connection, so races cannot show there (docs/architecture.md §7): this suite needs PostgreSQL.
describe.skipIf(testDatabaseKind() === 'pglite')('admin waitlist actions under load (PostgreSQL)', () => {
  let camp: Camp;
  const db = useQuietWaitlistCamp((started) => {
    camp = started;
  });
  const act = (registrationId: string, action: string, body?: unknown) =>
    camp.call('POST', `/api/admin/waitlist/${registrationId}/${action}`, camp.admin, body);

  it('gives one freed place once, whether Offer now or the fill gets it', async () => {
    const tent = await adminPost(camp, '/api/camping-options', { name: 'Race tent', maxSignups: 3 });
    const holders = await insertMany(db(), {
      year: YEAR,
      howMany: 3,
      status: 'CONFIRMED',
      campingOptionIds: [tent],
    });
    const line = await insertMany(db(), {
      year: YEAR,
      howMany: 8,
      status: 'WAITLISTED',
      campingOptionIds: [tent],
    });
    await cancelHolder(db(), holders[0]!);

    const [fill, ...answers] = await Promise.all([
      waitlistWorker(camp).drain(),
      ...line.map((id) => act(id, 'offer')),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
    const admins = codes.filter((code) => code === 200).length;
    expect(admins + fill.offers).toBe(1);
    const open = await db()
      .select()
      .from(waitlistOffers)
      .where(and(inArray(waitlistOffers.registrationId, line), eq(waitlistOffers.state, 'OPEN')));
    expect(open).toHaveLength(1);
    const { mismatches } = await countersMatchRows(db(), YEAR);
    expect(mismatches.map(describeMismatch)).toEqual([]);
  });

  it("gives a job's one freed place once, whether Offer now or the fill gets it (decision 052)", async () => {
    // A job of two places with its waitlist on.
    const bar = await (await shiftWaitJobs(camp))(2);
    const holders: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      holders.push(await insertRegistration(db(), { status: 'CONFIRMED', year: YEAR, jobIds: [bar] }));
    }
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds: [], jobIds: [bar] }));
    // Eight people who hold a place in camp wait in the job's line, in this order.
    const people = await insertMany(db(), {
      year: YEAR,
      howMany: 8,
      status: 'CONFIRMED',
      campingOptionIds: [],
    });
    const waits: string[] = [];
    for (const registrationId of people) {
      const [wait] = await db()
        .insert(shiftWaits)
        .values({ registrationId, jobId: bar, year: YEAR })
        .returning({ id: shiftWaits.id });
      waits.push(wait!.id);
    }
    await cancelHolder(db(), holders[0]!);

    const [, ...answers] = await Promise.all([
      waitlistWorker(camp).drain(),
      ...waits.map((id) => camp.call('POST', `/api/admin/waitlist/shift-waits/${id}/offer`, camp.admin, {})),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
    const offered = await db()
      .select()
      .from(shiftWaits)
      .where(and(eq(shiftWaits.jobId, bar), eq(shiftWaits.state, 'OFFERED')));
    // One place, one offer: made by an admin (200) or by the fill (then every admin got 409).
    expect(offered).toHaveLength(1);
    expect(codes.filter((code) => code === 200).length).toBe(offered[0]!.offeredBy ? 1 : 0);
    const { mismatches } = await countersMatchRows(db(), YEAR);
    expect(mismatches.map(describeMismatch)).toEqual([]);
  });

  it('keeps the line a permutation of its keys when moves race', async () => {
    const rv = await adminPost(camp, '/api/camping-options', { name: 'Race RV', maxSignups: 1 });
    await insertMany(db(), { year: YEAR, howMany: 1, status: 'CONFIRMED', campingOptionIds: [rv] });
    const line = await insertMany(db(), {
      year: YEAR,
      howMany: 6,
      status: 'WAITLISTED',
      campingOptionIds: [rv],
    });
    const keysOf = async () =>
      (
        await db()
          .select({ key: registrations.lineKey })
          .from(registrations)
          .where(inArray(registrations.id, line))
      )
        .map((row) => row.key)
        .sort();
    const before = await keysOf();
    const answers = await Promise.all(
      line.flatMap((id) => [
        act(id, 'move', { campingOptionId: rv, direction: 'up' }),
        act(id, 'move', { campingOptionId: rv, direction: 'down' }),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode).filter((code) => code !== 200 && code !== 409)).toEqual(
      [],
    );
    // Swaps step aside on a fresh key, but every swap ends with the two keys exchanged: the same set as before.
    expect(await keysOf()).toEqual(before);
  });
});
