import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Camp } from '../../../test/camp';
import { insertSignedInPerson, YEAR } from '../../../test/camp-registrations';
import { insertHolder, insertShiftWait, shiftWaitJobs, shiftWaitRow } from '../../../test/camp-shift-waits';
import { cancelHolder, useQuietWaitlistCamp, waitlistWorker } from '../../../test/camp-waitlist';
import { testDatabaseKind } from '../../../test/database';
import { expectCountersMatch as expectCountersMatchRows } from '../../../test/rows';
import { registrationJobs, shiftWaits } from '../../db/schema/index';
import type { WaitlistWorker } from './waitlist-worker';

const HOUR = 3_600_000;
const WAITING = 20;
const FREED = 5;

// PGlite has one connection, so races cannot show there (docs/architecture.md §7): this suite needs PostgreSQL.
describe.skipIf(testDatabaseKind() === 'pglite')('shift waitlist under load (PostgreSQL)', () => {
  let camp: Camp;
  let job: (maxRegistrations: number) => Promise<string>;

  const db = useQuietWaitlistCamp(async (started) => {
    camp = started;
    job = await shiftWaitJobs(camp);
  });
  const expectCountersMatch = () => expectCountersMatchRows(db(), YEAR);
  /** Drains until `done` and then once more with nothing left to do. */
  const drainUntil = async (worker: WaitlistWorker, done: () => boolean) => {
    for (;;) {
      const finished = done();
      const pass = await worker.drain();
      if (finished && pass.fills + pass.shiftExpired === 0) return;
      if (!finished) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it(`offers ${FREED} places freed at once to the first ${FREED} of ${WAITING} in line, nobody twice`, async () => {
    const jobId = await job(FREED);
    const holders: string[] = [];
    for (let n = 0; n < FREED; n += 1) holders.push(await insertHolder(db(), { jobIds: [jobId] }));
    const line: string[] = [];
    for (let n = 0; n < WAITING; n += 1) {
      const registrationId = await insertHolder(db(), {});
      line.push(await insertShiftWait(db(), registrationId, jobId));
    }

    let cancelled = false;
    const workers = [waitlistWorker(camp), waitlistWorker(camp)];
    const cancellations = Promise.all(holders.map((id) => cancelHolder(db(), id))).then(() => {
      cancelled = true;
    });
    await Promise.all([cancellations, ...workers.map((worker) => drainUntil(worker, () => cancelled))]);

    const offered = await db()
      .select({ id: shiftWaits.id })
      .from(shiftWaits)
      .where(and(eq(shiftWaits.jobId, jobId), eq(shiftWaits.state, 'OFFERED')));
    expect(new Set(offered.map((row) => row.id))).toEqual(new Set(line.slice(0, FREED)));
    const rest = await db()
      .select({ state: shiftWaits.state })
      .from(shiftWaits)
      .where(inArray(shiftWaits.id, line.slice(FREED)));
    expect(rest.every((row) => row.state === 'WAITING')).toBe(true);
    await expectCountersMatch();
  });

  it('gives one outcome when accept, decline and expiry race for one shift offer', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const jobId = await job(1);
      const holder = await insertHolder(db(), { jobIds: [jobId] });
      const person = await insertSignedInPerson(camp);
      const registrationId = await insertHolder(db(), { userId: person.id });
      const waitId = await insertShiftWait(db(), registrationId, jobId);
      // Next in line: an expired offer's place goes to them, not back to the person.
      await insertShiftWait(db(), await insertHolder(db(), {}), jobId);
      await cancelHolder(db(), holder);
      await waitlistWorker(camp).drain();
      expect((await shiftWaitRow(db(), waitId)).state).toBe('OFFERED');

      const answer = (action: 'accept' | 'decline'): Promise<LightMyRequestResponse> =>
        camp.t.app.inject({
          method: 'POST',
          url: `/api/shift-waits/${waitId}/${action}`,
          headers: person.headers,
        });
      const late = new Date(Date.now() + 49 * HOUR);
      const [accepted, declined, pass] = await Promise.all([
        answer('accept'),
        answer('decline'),
        waitlistWorker(camp, () => late).drain(),
      ]);
      const ended = await shiftWaitRow(db(), waitId);
      const expired = ended.lastOfferState === 'EXPIRED';
      const won = [
        accepted.statusCode === 200 ? 'ACCEPTED' : null,
        declined.statusCode === 200 ? 'DECLINED' : null,
        expired ? 'EXPIRED' : null,
      ].filter((outcome) => outcome !== null);
      expect(won, `${accepted.body} ${declined.body} ${ended.state}`).toHaveLength(1);
      expect(pass.failed).toBe(0);
      for (const response of [accepted, declined]) expect([200, 409]).toContain(response.statusCode);
      expect(ended.state).toBe(won[0] === 'EXPIRED' ? 'WAITING' : won[0]);
      const links = await db()
        .select()
        .from(registrationJobs)
        .where(and(eq(registrationJobs.registrationId, registrationId), eq(registrationJobs.jobId, jobId)));
      expect(links).toHaveLength(won[0] === 'ACCEPTED' ? 1 : 0);
      outcomes.push(won[0]!);
      await expectCountersMatch();
    }
    expect(outcomes).toHaveLength(8);
  });
});
