import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, startCamp } from '../../../test/camp';
import { configure, YEAR } from '../../../test/camp-registrations';
import { testDatabaseKind } from '../../../test/database';
import { auditRecords, drawEntries, registrations } from '../../db/schema/index';
import { drawEnteredBy, drawFallsDue } from '../../../test/camp-draw';
import { DrawWorker } from './draw-worker';

const PEOPLE = 12;

// PGlite has one connection, so races cannot show there (docs/architecture.md §7): this suite needs PostgreSQL.
describe.skipIf(testDatabaseKind() === 'pglite')(
  'the draw raced by two workers and Draw now (PostgreSQL)',
  () => {
    let camp: Camp;

    beforeAll(async () => {
      camp = await startCamp();
      await configure(camp);
      await camp.t.app.ready();
      // Only the workers of this test draw.
      await camp.t.app.services.draws.stop();
    });
    afterAll(async () => {
      await camp?.close();
    });

    it('draws exactly once', async () => {
      const db = camp.t.database.db;
      await drawEnteredBy(camp, 5, PEOPLE);
      await drawFallsDue(camp);
      const worker = () =>
        new DrawWorker({
          db,
          log: camp.t.app.log,
          publicUrl: 'http://camp.test',
          outbox: { kick: () => undefined },
        });
      const [first, second, now] = await Promise.all([
        worker().drain(),
        worker().drain(),
        camp.call('POST', '/api/admin/draw/run', camp.admin),
      ]);
      const runs = first.draws + second.draws + (now.statusCode === 200 ? 1 : 0);
      expect(runs).toBe(1);
      expect([200, 409]).toContain(now.statusCode);
      expect(first.failed + second.failed).toBe(0);
      expect(
        await db.select().from(auditRecords).where(eq(auditRecords.actionType, 'DRAW_RUN')),
      ).toHaveLength(1);
      expect(await db.select().from(registrations).where(eq(registrations.year, YEAR))).toHaveLength(PEOPLE);
      const states = await db.select({ state: drawEntries.state }).from(drawEntries);
      expect(states.filter((row) => row.state === 'WON')).toHaveLength(5);
      expect(states.filter((row) => row.state === 'WAITLISTED')).toHaveLength(PEOPLE - 5);
    });
  },
);
