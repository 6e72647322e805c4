import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campingOptions } from '../../db/schema/index';
import { type Camp, insertRegistration, startCamp } from '../../../test/camp';
import { countersMatchRows, describeMismatch, recountPlaces } from './capacity';
import { adminPost, configure, gateGreeterJob, YEAR } from '../../../test/camp-registrations';

// countersMatchRows: the one "counters equal rows" check (benchmarks, durability test, demo seed).
describe('counters equal rows', () => {
  let camp: Camp;
  let tent: string;
  let open: string;
  let greeter: string;

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    greeter = await gateGreeterJob(camp, 2);
    tent = await adminPost(camp, '/api/camping-options', { name: 'Tent', maxSignups: 2 });
    open = await adminPost(camp, '/api/camping-options', { name: 'Open Field', maxSignups: 0 });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const check = () => countersMatchRows(db(), YEAR);

  it('finds nothing when every counter was kept by the capacity helpers', async () => {
    expect(await check()).toEqual({ checked: 3, mismatches: [] });
  });

  it('names counters that disagree with the rows and rows beyond the capacity, until recounted', async () => {
    // Rows written without the helpers: three on a two-place tent, and one on the unlimited field.
    for (let i = 0; i < 3; i += 1) await insertRegistration(db(), { year: YEAR, campingOptionIds: [tent] });
    await insertRegistration(db(), { year: YEAR, campingOptionIds: [open], jobIds: [greeter] });
    const { mismatches } = await check();
    expect(mismatches.map(describeMismatch).sort()).toEqual([
      'job Gate Greeter: counter 0 (year none), rows 1',
      'option Open Field: counter 0 (year none), rows 1',
      'option Tent: 3 > max 2',
      'option Tent: counter 0 (year none), rows 3',
    ]);
    // The unlimited field is never over its capacity.
    expect(mismatches.filter((entry) => entry.problem === 'over capacity').map((entry) => entry.id)).toEqual([
      tent,
    ]);
  });

  it('reads a counter of another year as 0 in this one', async () => {
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds: [open], jobIds: [greeter] }));
    await db()
      .update(campingOptions)
      .set({ currentRegistrations: 9, countedYear: YEAR - 1 })
      .where(eq(campingOptions.id, open));
    const lines = (await check()).mismatches.map(describeMismatch);
    expect(lines).toContain('option Open Field: counter 9 (year 2026), rows 1');
    expect(lines.some((line) => line.startsWith('job '))).toBe(false);
  });
});
