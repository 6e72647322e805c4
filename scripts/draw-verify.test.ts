import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, fromPglite, PGLITE_FOLDER } from '../apps/api/src/db/client';
import { campConfig, campingOptions, drawEntries, draws, users } from '../apps/api/src/db/schema/index';
import { runYearDraw } from '../apps/api/src/modules/draw/draw-run';
import { DRAW_ALGORITHM } from '../apps/api/src/modules/waitlist/draw';
import { type Ran, runScript } from './test/run-script';
import { verifyDraw } from './draw-verify-core';

// npm run draw:verify (docs/product.md §10, decision 049): a draw run by the app's own code on an embedded
// database, re-run from what it stored, as a function and as the command an operator runs.

const YEAR = 2027;
const SEED = '0123456789abcdef0123456789abcdef';

const scratch = mkdtempSync(path.join(tmpdir(), 'camp-draw-verify-test-'));
const directory = path.join(scratch, PGLITE_FOLDER);
let handle: DatabaseHandle;
const db = () => handle.db;
const open = async () => {
  handle = fromPglite(await PGlite.create(directory));
};

/** `npm run draw:verify -- …args` as a child process on the scratch database (closed here meanwhile). */
async function command(args: string[]): Promise<Ran> {
  await handle.close();
  try {
    return await runScript('draw-verify', args, { DATA_DIR: scratch });
  } finally {
    await open();
  }
}

/** Eight people: A and B name each other, C names A alone; five want the cabin's 2 places, H the tent. */
async function drawnCamp(): Promise<Record<string, string>> {
  await db().insert(campConfig).values({ campName: 'Verify Camp', registrationYear: YEAR });
  const [cabin, tent] = await db()
    .insert(campingOptions)
    .values([
      { name: 'Cabin', maxSignups: 2, participantDuesCents: 10_000 },
      { name: 'Tent', maxSignups: 0 },
    ])
    .returning({ id: campingOptions.id });
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const people = await db()
    .insert(users)
    .values(names.map((name) => ({ email: `${name}@example.org`, firstName: name.toUpperCase() })))
    .returning({ id: users.id, email: users.email });
  const campWith: Record<string, string[]> = {
    a: ['b@example.org'],
    b: ['a@example.org'],
    c: ['a@example.org'],
  };
  const entries = await db()
    .insert(drawEntries)
    .values(
      people.map((person, index) => {
        const name = names[index] as string;
        return {
          year: YEAR,
          userId: person.id,
          campWith: campWith[name] ?? [],
          campingOptionIds: [name === 'h' ? tent!.id : cabin!.id],
          jobIds: [],
          fieldValues: {},
          acceptedTermsAt: new Date(),
        };
      }),
    )
    .returning({ id: drawEntries.id, userId: drawEntries.userId });
  await db().insert(draws).values({ year: YEAR, seed: SEED, algorithm: DRAW_ALGORITHM });
  const outcome = await db().transaction((tx) =>
    runYearDraw(tx, YEAR, { now: new Date(), publicUrl: 'http://camp.test', ranBy: null }),
  );
  expect(outcome).toMatchObject({ ran: true, summary: { entries: 8, groups: 7, winners: 3, waitlisted: 5 } });
  return Object.fromEntries(
    names.map((name, index) => [name, entries.find((entry) => entry.userId === people[index]!.id)!.id]),
  );
}

describe('npm run draw:verify', () => {
  let entryOf: Record<string, string>;
  let digest: string;

  beforeAll(async () => {
    await open();
    await handle.migrate();
    entryOf = await drawnCamp();
    const [row] = await db().select({ summary: draws.summary }).from(draws).where(eq(draws.year, YEAR));
    digest = (row?.summary as { digest: string }).digest;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('re-runs the stored draw from its seed and entries: equal', async () => {
    expect(await verifyDraw(db(), YEAR)).toEqual({
      status: 'equal',
      year: YEAR,
      seed: SEED,
      algorithm: DRAW_ALGORITHM,
      ranAt: expect.any(Date),
      entries: 8,
      storedDigest: digest,
      digest,
      problems: [],
    });
  });

  it('still equal after a drawn person’s address changed: the draw’s own record of it is used', async () => {
    await db().update(users).set({ email: 'a.new@example.org' }).where(eq(users.email, 'a@example.org'));
    expect(await verifyDraw(db(), YEAR)).toMatchObject({ status: 'equal', digest, problems: [] });
  });

  it('answers "no draw" for a year without one, or with one not run yet', async () => {
    expect(await verifyDraw(db(), YEAR + 1)).toEqual({
      status: 'no draw',
      year: YEAR + 1,
      reason: `No draw is stored for ${YEAR + 1}.`,
    });
    await db()
      .insert(draws)
      .values({ year: YEAR + 2, seed: SEED, algorithm: DRAW_ALGORITHM });
    expect(await verifyDraw(db(), YEAR + 2)).toEqual({
      status: 'no draw',
      year: YEAR + 2,
      reason: `The ${YEAR + 2} draw is scheduled but has not run yet.`,
    });
  });

  it('the command: exit 0 when equal, 2 when no draw ran, 3 for bad usage', async () => {
    const equal = await command(['--year', String(YEAR)]);
    expect(equal.stderr).toBe('');
    expect(equal.code).toBe(0);
    expect(equal.stdout).toContain(`Stored digest: ${digest}\nRe-run digest: ${digest}\n`);
    expect(equal.stdout).toContain('EQUAL: the stored seed and entries give the stored outcome.');

    const none = await command(['--year', String(YEAR + 1)]);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain(`No draw is stored for ${YEAR + 1}.`);

    const missing = await command([]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^--year is required\n\nUsage: npm run draw:verify -- --year <year>/);
  }, 120_000);

  it('tampering with an entry after the draw: unequal, naming the entry; the command exits 1', async () => {
    // A waitlisted single's stored outcome is kept, but its choices are changed: it asks for no place at all,
    // so the re-run lets it win.
    const singles = ['d', 'e', 'f', 'g'].map((name) => entryOf[name]!);
    const [d] = await db()
      .select()
      .from(drawEntries)
      .where(and(inArray(drawEntries.id, singles), eq(drawEntries.state, 'WAITLISTED')))
      .limit(1);
    await db().update(drawEntries).set({ campingOptionIds: [] }).where(eq(drawEntries.id, d!.id));
    const verification = await verifyDraw(db(), YEAR);
    expect(verification).toMatchObject({ status: 'unequal', storedDigest: digest });
    if (verification.status === 'no draw') throw new Error('unreachable');
    expect(verification.digest).not.toBe(digest);
    expect(verification.problems[0]).toBe('The re-run digest differs from the stored one.');
    expect(verification.problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Entry ${d!.id} \\(.+\\): stored WAITLISTED at position ${d!.drawnPosition}, re-run WON at position ${d!.drawnPosition}\\.$`,
        ),
      ),
    );

    const ran = await command(['--year', String(YEAR)]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('NOT EQUAL: the stored seed and entries do not give the stored outcome.');
    expect(ran.stdout).toContain('  The re-run digest differs from the stored one.');
    await db()
      .update(drawEntries)
      .set({ campingOptionIds: d!.campingOptionIds })
      .where(eq(drawEntries.id, d!.id));
    expect(await verifyDraw(db(), YEAR)).toMatchObject({ status: 'equal' });
  }, 120_000);

  it('tampering with an entry’s stored outcome: unequal though the digest is the stored one', async () => {
    const [won] = await db()
      .select()
      .from(drawEntries)
      .where(and(eq(drawEntries.year, YEAR), eq(drawEntries.state, 'WON')))
      .limit(1);
    await db().update(drawEntries).set({ state: 'WAITLISTED' }).where(eq(drawEntries.id, won!.id));
    const verification = await verifyDraw(db(), YEAR);
    expect(verification).toMatchObject({ status: 'unequal', storedDigest: digest, digest });
    if (verification.status === 'no draw') throw new Error('unreachable');
    expect(verification.problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Entry ${won!.id} \\(.+\\): stored WAITLISTED at position ${won!.drawnPosition}, re-run WON at position ${won!.drawnPosition}\\.$`,
        ),
      ),
    ]);
  });
});
