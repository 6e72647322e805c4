import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Camp, insertRegistration } from '../../../test/camp';
import { adminPost, insertSignedInPerson, YEAR } from '../../../test/camp-registrations';
import {
  cancelHolder,
  insertMany,
  insertWaitlisted,
  useQuietWaitlistCamp,
  waitlistWorker,
} from '../../../test/camp-waitlist';
import { testDatabaseKind } from '../../../test/database';
import { rowsOf } from '../../db/raw';
import { registrations, waitlistOffers } from '../../db/schema/index';
import { OPTION_PLACES } from '../registrations/capacity';
import type { WaitlistWorker } from './waitlist-worker';
import { expectCountersMatch } from '../../../test/rows';

const HOUR = 3_600_000;
/** The cascade: people in line for a full option, and the places freed at once. */
const WAITING = 300;
const FREED = 60;

// PGlite has one connection, so races cannot show there (docs/architecture.md §7): this suite needs PostgreSQL.
describe.skipIf(testDatabaseKind() === 'pglite')('waitlist offers under load (PostgreSQL)', () => {
  let camp: Camp;
  // Only the workers of these tests fill, each on a clock of its own.
  const db = useQuietWaitlistCamp((started) => {
    camp = started;
  });
  /** Registrations holding a place on the option by the rows (taken or held by an open offer). */
  const placesByRows = async (optionId: string) => {
    const [row] = rowsOf<{ held: number }>(
      await db().execute(sql`
        select count(*)::int as held from ${OPTION_PLACES.links}
        join ${registrations} on ${registrations.id} = ${OPTION_PLACES.links.registrationId}
        where ${OPTION_PLACES.linkColumn} = ${optionId} and ${registrations.year} = ${YEAR}
          and ${OPTION_PLACES.holds}`),
    );
    return row!.held;
  };
  /** Drains until `done` and then once more with nothing left to do. */
  const drainUntil = async (worker: WaitlistWorker, done: () => boolean) => {
    for (;;) {
      const finished = done();
      const pass = await worker.drain();
      if (finished && pass.fills + pass.expired === 0) return;
      if (!finished) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it(`offers ${FREED} places freed at once to the first ${FREED} of ${WAITING} in line, exactly once`, async () => {
    const tent = await adminPost(camp, '/api/camping-options', { name: 'Tent', maxSignups: FREED });
    const holders = await insertMany(db(), {
      year: YEAR,
      howMany: FREED,
      status: 'CONFIRMED',
      campingOptionIds: [tent],
    });
    const line = await insertMany(db(), {
      year: YEAR,
      howMany: WAITING,
      status: 'WAITLISTED',
      campingOptionIds: [tent],
    });
    expect(await placesByRows(tent)).toBe(FREED);

    let cancelled = false;
    let highest = 0;
    const sample = async () => {
      while (!cancelled) {
        highest = Math.max(highest, await placesByRows(tent));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const workers = [waitlistWorker(camp), waitlistWorker(camp)];
    const cancellations = Promise.all(holders.map((id) => cancelHolder(db(), id))).then(() => {
      cancelled = true;
    });
    const sampling = sample();
    await Promise.all([cancellations, ...workers.map((worker) => drainUntil(worker, () => cancelled))]);
    await sampling;
    highest = Math.max(highest, await placesByRows(tent));

    expect(highest).toBeLessThanOrEqual(FREED);
    const open = await db()
      .select({ registrationId: waitlistOffers.registrationId })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.state, 'OPEN'));
    expect(open).toHaveLength(FREED);
    expect(new Set(open.map((offer) => offer.registrationId))).toEqual(new Set(line.slice(0, FREED)));
    const [offered] = await db().select({ n: count() }).from(waitlistOffers);
    expect(offered?.n).toBe(FREED);
    expect(await placesByRows(tent)).toBe(FREED);
    await expectCountersMatch(db(), YEAR);
  });

  it('gives one outcome when accept, decline and expiry race for one offer', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const option = await adminPost(camp, '/api/camping-options', { name: `Race ${round}`, maxSignups: 1 });
      await cancelHolder(
        db(),
        await insertRegistration(db(), { status: 'CONFIRMED', year: YEAR, campingOptionIds: [option] }),
      );
      const person = await insertSignedInPerson(camp);
      const registrationId = await insertWaitlisted(db(), {
        year: YEAR,
        userId: person.id,
        campingOptionIds: [option],
      });
      await waitlistWorker(camp).drain();
      const [offer] = await db()
        .select()
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.registrationId, registrationId), eq(waitlistOffers.state, 'OPEN')));
      expect(offer).toBeDefined();
      const answer = (action: 'accept' | 'decline'): Promise<LightMyRequestResponse> =>
        camp.t.app.inject({
          method: 'POST',
          url: `/api/waitlist-offers/${offer!.id}/${action}`,
          headers: person.headers,
          payload: {},
        });
      const late = new Date(Date.now() + 49 * HOUR);
      const [accepted, declined, pass] = await Promise.all([
        answer('accept'),
        answer('decline'),
        waitlistWorker(camp, () => late).drain(),
      ]);
      const [ended] = await db()
        .select({ state: waitlistOffers.state })
        .from(waitlistOffers)
        .where(eq(waitlistOffers.id, offer!.id));
      // (The late worker ends the other open offers of the year too: only this one's state says who won.)
      const won = [
        accepted.statusCode === 200 ? 'ACCEPTED' : null,
        declined.statusCode === 200 ? 'DECLINED' : null,
        ended?.state === 'EXPIRED' ? 'EXPIRED' : null,
      ].filter((outcome) => outcome !== null);
      expect(won, `${accepted.body} ${declined.body}`).toHaveLength(1);
      expect(ended?.state).toBe(won[0]);
      expect(pass.failed).toBe(0);
      for (const response of [accepted, declined]) expect([200, 409]).toContain(response.statusCode);
      const [registration] = await db()
        .select()
        .from(registrations)
        .where(eq(registrations.id, registrationId));
      expect(registration?.status).toBe(
        { ACCEPTED: 'CONFIRMED', DECLINED: 'CANCELLED', EXPIRED: 'WAITLISTED' }[won[0] as 'ACCEPTED'],
      );
      outcomes.push(won[0]!);
      // The places of the round's offer are back, or the registration's.
      await waitlistWorker(camp, () => late).drain();
    }
    expect(outcomes).toHaveLength(8);
    await expectCountersMatch(db(), YEAR);
  });
});
