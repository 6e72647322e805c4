import { DRAW_GROUP_MAX_SIZE } from '@camp/shared';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../lib/random';
import { DRAW_ALGORITHM, type DrawEntry, DrawInputError, type DrawResult, formGroups, runDraw } from './draw';

const SEED = '0123456789abcdef0123456789abcdef';
/** The n-th test seed: 32 hex characters. */
const seedOf = (n: number) => n.toString(16).padStart(32, '0');

const entry = (id: string, more: Partial<DrawEntry> = {}): DrawEntry => ({
  id,
  email: `${id}@example.org`,
  campWith: [],
  campingOptionIds: ['tent'],
  jobIds: [],
  ...more,
});
/** Entries that all name each other (a mutual circle). */
const circle = (ids: string[], more: Partial<DrawEntry> = {}) =>
  ids.map((id) =>
    entry(id, {
      campWith: ids.filter((other) => other !== id).map((other) => `${other}@example.org`),
      ...more,
    }),
  );

describe('formGroups: who is drawn together (decision 049)', () => {
  it('groups two people only when each names the other', () => {
    const { groups, split } = formGroups([
      entry('a', { campWith: ['b@example.org'] }),
      entry('b', { campWith: ['a@example.org'] }),
      entry('c', { campWith: ['a@example.org'] }), // c names a, a does not name c
      entry('d'),
    ]);
    expect(groups).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(split).toEqual([]);
  });

  it('links through others in the group, compares addresses trimmed and in any case', () => {
    const { groups } = formGroups([
      entry('a', { campWith: [' B@Example.ORG '] }),
      entry('b', { campWith: ['a@example.org', 'c@example.org'] }),
      entry('c', { email: 'C@example.org', campWith: ['b@example.org'] }),
      entry('d', { campWith: ['c@example.org'] }),
    ]);
    expect(groups).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('ignores names of people without an entry, a person naming themselves, and an address two entries share', () => {
    const { groups } = formGroups([
      entry('a', { campWith: ['nobody@example.org', 'a@example.org', 'shared@example.org'] }),
      entry('b', { email: 'shared@example.org', campWith: ['a@example.org'] }),
      entry('c', { email: 'shared@example.org', campWith: ['a@example.org'] }),
    ]);
    expect(groups).toEqual([['a'], ['b'], ['c']]);
  });

  it('splits a circle larger than the limit into connected groups and reports it', () => {
    const ten = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];
    const clique = formGroups(circle(ten));
    expect(clique.groups).toEqual([ten.slice(0, 8), ten.slice(8)]);
    expect(clique.split).toEqual([ten]);

    // A star: the hub names ten people who each name only the hub. The hub's group takes seven of them; the
    // other three know nobody left, so each is drawn alone.
    const leaves = ['l0', 'l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9'];
    const star = formGroups([
      entry('hub', { campWith: leaves.map((leaf) => `${leaf}@example.org`) }),
      ...leaves.map((leaf) => entry(leaf, { campWith: ['hub@example.org'] })),
    ]);
    expect(star.groups).toEqual([['hub', 'l0', 'l1', 'l2', 'l3', 'l4', 'l5', 'l6'], ['l7'], ['l8'], ['l9']]);
    expect(star.split).toEqual([[...leaves, 'hub'].sort()]);
    expect(DRAW_GROUP_MAX_SIZE).toBe(8);
  });

  it('keeps every split group connected by mutual names', () => {
    // A chain a0 ↔ a1 ↔ … ↔ a19: split in order into 8, 8 and 4.
    const ids = Array.from({ length: 20 }, (_, i) => `a${String(i).padStart(2, '0')}`);
    const chain = ids.map((id, i) =>
      entry(id, {
        campWith: [ids[i - 1], ids[i + 1]].filter(Boolean).map((other) => `${other}@example.org`),
      }),
    );
    const { groups, split } = formGroups(chain);
    expect(groups).toEqual([ids.slice(0, 8), ids.slice(8, 16), ids.slice(16)]);
    expect(split).toEqual([ids]);
  });

  it('answers the same groups whatever order the entries and names come in', () => {
    const rng = new Prng(11);
    const entries = randomEntries(rng, 120);
    const expected = formGroups(entries);
    for (let round = 0; round < 5; round += 1) {
      const shuffled = rng
        .shuffle(entries)
        .map((each) => ({ ...each, campWith: rng.shuffle(each.campWith).map((name) => name.toUpperCase()) }));
      expect(formGroups(shuffled)).toEqual(expected);
    }
    expect(expected.groups.some((group) => group.length > 1)).toBe(true);
  });

  it('refuses two entries with one id', () => {
    expect(() => formGroups([entry('a'), entry('a', { email: 'other@example.org' })])).toThrow(
      new DrawInputError('Two draw entries have the id a'),
    );
  });
});

/** A random camp: options with limits (one unlimited), jobs, entries with mutual circles and stray names. */
function randomEntries(rng: Prng, count: number): DrawEntry[] {
  const options = ['o1', 'o2', 'o3', 'o-free'];
  const jobs = ['j1', 'j2', 'j3', 'j4', 'j5'];
  const entries: DrawEntry[] = [];
  while (entries.length < count) {
    const size = rng.chance(0.6) ? 1 : rng.int(2, 6);
    const ids = Array.from({ length: size }, () => `e-${rng.chars(8)}`);
    const option = rng.pick(options.slice(0, 3));
    for (const id of ids) {
      const others = ids.filter((other) => other !== id).map((other) => `${other}@example.org`);
      const stray = rng.chance(0.2) ? [`stranger-${rng.chars(4)}@example.org`] : [];
      const oneSided = rng.chance(0.1) && entries.length > 0 ? [rng.pick(entries).email] : [];
      entries.push({
        id,
        email: `${id}@example.org`,
        campWith: [...others, ...stray, ...oneSided],
        campingOptionIds: rng.chance(0.3) ? [option, 'o-free'] : [option],
        jobIds: rng.chance(0.8) ? [rng.pick(jobs), ...(rng.chance(0.3) ? [rng.pick(jobs)] : [])] : [],
      });
    }
  }
  return entries;
}

function randomPlaces(rng: Prng) {
  const optionPlaces = new Map<string, number | null>([
    ['o1', rng.int(0, 30)],
    ['o2', rng.int(0, 15)],
    ['o3', rng.int(0, 8)],
    ['o-free', null],
  ]);
  const jobPlaces = new Map(['j1', 'j2', 'j3', 'j4', 'j5'].map((id) => [id, rng.int(0, 12)] as const));
  return { optionPlaces, jobPlaces };
}

/** Whether a group's demand fits the given places left. */
function fits(
  members: readonly DrawEntry[],
  optionsLeft: ReadonlyMap<string, number | null>,
  jobsLeft: ReadonlyMap<string, number>,
) {
  const count = (pick: (each: DrawEntry) => readonly string[]) => {
    const demand = new Map<string, number>();
    for (const member of members)
      for (const id of new Set(pick(member))) demand.set(id, (demand.get(id) ?? 0) + 1);
    return demand;
  };
  return (
    [...count((each) => each.campingOptionIds)].every(([id, n]) => {
      const left = optionsLeft.get(id);
      return left === null || (left ?? 0) >= n;
    }) && [...count((each) => each.jobIds)].every(([id, n]) => (jobsLeft.get(id) ?? 0) >= n)
  );
}

/** Checks a result against its inputs without trusting its own counts; answers the places left at the end. */
function checkResult(
  entries: readonly DrawEntry[],
  groups: readonly string[][],
  optionPlaces: ReadonlyMap<string, number | null>,
  jobPlaces: ReadonlyMap<string, number>,
  result: DrawResult,
) {
  const byId = new Map(entries.map((each) => [each.id, each]));
  // Everyone once: the winners and the waitlisted split the entries.
  expect([...result.winners, ...result.waitlisted].sort()).toEqual(entries.map((each) => each.id).sort());
  expect(result.order.filter((group) => group.won).flatMap((group) => group.ids)).toEqual(result.winners);
  expect(result.order.filter((group) => !group.won).flatMap((group) => group.ids)).toEqual(result.waitlisted);
  // Groups together or not at all: the drawn groups are exactly the groups given.
  expect(result.order.map((group) => group.ids.join()).sort()).toEqual(
    groups.map((group) => group.join()).sort(),
  );
  // Limits: recount from the winners.
  const usedOptions = new Map<string, number>();
  const usedJobs = new Map<string, number>();
  for (const id of result.winners) {
    const winner = byId.get(id) as DrawEntry;
    for (const option of new Set(winner.campingOptionIds))
      usedOptions.set(option, (usedOptions.get(option) ?? 0) + 1);
    for (const job of new Set(winner.jobIds)) usedJobs.set(job, (usedJobs.get(job) ?? 0) + 1);
  }
  const optionsLeft = new Map(optionPlaces);
  for (const [id, limit] of optionPlaces) {
    const used = usedOptions.get(id) ?? 0;
    expect(result.optionPlacesUsed.get(id)).toBe(used);
    if (limit !== null) {
      expect(used).toBeLessThanOrEqual(limit);
      optionsLeft.set(id, limit - used);
    }
  }
  const jobsLeft = new Map(jobPlaces);
  for (const [id, limit] of jobPlaces) {
    const used = usedJobs.get(id) ?? 0;
    expect(result.jobPlacesUsed.get(id)).toBe(used);
    expect(used).toBeLessThanOrEqual(limit);
    jobsLeft.set(id, limit - used);
  }
  // No place wasted: a waitlisted group does not fit even the places left at the end (fewer than when its
  // turn came), so it could not have been admitted.
  for (const group of result.order.filter((each) => !each.won)) {
    expect(
      fits(
        group.ids.map((id) => byId.get(id) as DrawEntry),
        optionsLeft,
        jobsLeft,
      ),
    ).toBe(false);
  }
}

describe('runDraw (decision 049)', () => {
  const singles = Array.from({ length: 10 }, (_, i) => entry(`e${i}`));

  it('shuffles the groups exactly as the reference implementation of decision 049', () => {
    const result = runDraw({
      seed: SEED,
      entries: singles,
      optionPlaces: new Map([['tent', 4]]),
      jobPlaces: new Map(),
    });
    // The Python of decision 049 shuffles [0..9] with this seed into [3, 4, 6, 5, 0, 8, 7, 2, 1, 9].
    expect(result).toEqual({
      algorithm: DRAW_ALGORITHM,
      seed: SEED,
      order: [3, 4, 6, 5, 0, 8, 7, 2, 1, 9].map((i) => ({ ids: [`e${i}`], won: [3, 4, 6, 5].includes(i) })),
      winners: ['e3', 'e4', 'e6', 'e5'],
      waitlisted: ['e0', 'e8', 'e7', 'e2', 'e1', 'e9'],
      optionPlacesUsed: new Map([['tent', 4]]),
      jobPlacesUsed: new Map(),
    });
  });

  it('gives the same result for the same seed and another for another seed', () => {
    const rng = new Prng(5);
    const entries = randomEntries(rng, 60);
    const places = randomPlaces(rng);
    const draw = (seed: string) => runDraw({ seed, entries, ...places });
    expect(draw(SEED)).toEqual(draw(SEED));
    const orders = new Set(Array.from({ length: 20 }, (_, n) => JSON.stringify(draw(seedOf(n)).order)));
    expect(orders.size).toBe(20);
  });

  it('admits a group all or nothing, and goes on to the groups after it', () => {
    const entries = [...circle(['g1', 'g2', 'g3']), entry('s1'), entry('s2')];
    const result = runDraw({
      seed: SEED,
      entries,
      optionPlaces: new Map([['tent', 2]]),
      jobPlaces: new Map(),
    });
    // Three places are never free for the group: it is waitlisted whatever its turn, and both singles win.
    expect(result.winners.sort()).toEqual(['s1', 's2']);
    expect(result.waitlisted).toEqual(['g1', 'g2', 'g3']);
    expect(result.optionPlacesUsed).toEqual(new Map([['tent', 2]]));

    // A group fails on a job even when its option has room; the place it did not take goes to a later single.
    const shifts = runDraw({
      seed: SEED,
      entries: [...circle(['g1', 'g2'], { jobIds: ['gate'] }), entry('s1', { jobIds: ['gate'] })],
      optionPlaces: new Map([['tent', null]]),
      jobPlaces: new Map([['gate', 1]]),
    });
    expect(shifts.winners).toEqual(['s1']);
    expect(shifts.waitlisted).toEqual(['g1', 'g2']);
    expect(shifts.optionPlacesUsed).toEqual(new Map([['tent', 1]]));
    expect(shifts.jobPlacesUsed).toEqual(new Map([['gate', 1]]));
  });

  it('lets everyone in on an unlimited option and nobody on an option with no place left', () => {
    const result = runDraw({
      seed: SEED,
      entries: [...singles.slice(0, 3), entry('x', { campingOptionIds: ['cabin'] })],
      optionPlaces: new Map<string, number | null>([
        ['tent', null],
        ['cabin', 0],
      ]),
      jobPlaces: new Map(),
    });
    expect(result.winners.sort()).toEqual(['e0', 'e1', 'e2']);
    expect(result.waitlisted).toEqual(['x']);
    expect(result.optionPlacesUsed).toEqual(
      new Map([
        ['cabin', 0],
        ['tent', 3],
      ]),
    );
  });

  it('never exceeds a limit, keeps groups whole and wastes no place, over many seeds and random camps', () => {
    const rng = new Prng(2026);
    for (let round = 0; round < 150; round += 1) {
      const entries = randomEntries(rng, rng.int(1, 80));
      const { optionPlaces, jobPlaces } = randomPlaces(rng);
      const { groups } = formGroups(entries);
      const result = runDraw({ seed: seedOf(round), entries, groups, optionPlaces, jobPlaces });
      checkResult(entries, groups, optionPlaces, jobPlaces, result);
    }
  });

  it('does not depend on the order of entries, groups, members or places', () => {
    const rng = new Prng(8);
    const entries = randomEntries(rng, 80);
    const { optionPlaces, jobPlaces } = randomPlaces(rng);
    const { groups } = formGroups(entries);
    const expected = runDraw({ seed: SEED, entries, groups, optionPlaces, jobPlaces });
    expect(expected.winners.length).toBeGreaterThan(0);
    expect(expected.waitlisted.length).toBeGreaterThan(0);
    for (let round = 0; round < 5; round += 1) {
      const again = runDraw({
        seed: SEED,
        entries: rng.shuffle(entries).map((each) => ({
          ...each,
          campingOptionIds: rng.shuffle(each.campingOptionIds),
          jobIds: rng.shuffle(each.jobIds),
        })),
        groups: rng.shuffle(groups).map((group) => rng.shuffle(group)),
        optionPlaces: new Map(rng.shuffle([...optionPlaces])),
        jobPlaces: new Map(rng.shuffle([...jobPlaces])),
      });
      expect(again).toEqual(expected);
      expect([...again.optionPlacesUsed.keys()]).toEqual([...optionPlaces.keys()].sort());
    }
  });

  it('gives each of several equal single entries the same chance (loose bounds)', () => {
    const five = singles.slice(0, 5);
    const wins = new Map(five.map((each) => [each.id, 0]));
    const first = new Map(five.map((each) => [each.id, 0]));
    const DRAWS = 2000;
    for (let n = 0; n < DRAWS; n += 1) {
      const result = runDraw({
        seed: seedOf(n),
        entries: five,
        optionPlaces: new Map([['tent', 2]]),
        jobPlaces: new Map(),
      });
      for (const id of result.winners) wins.set(id, (wins.get(id) as number) + 1);
      const head = result.order[0]?.ids[0] as string;
      first.set(head, (first.get(head) as number) + 1);
    }
    // Wins: 2 of 5 → 800 expected each, standard deviation ≈ 22; first drawn: 400 each, ≈ 18. ±120 and ±100
    // are more than five of them; a biased shuffle (swapping with any position, not only one not yet placed)
    // fails them.
    for (const count of wins.values()) expect(Math.abs(count - 800)).toBeLessThan(120);
    for (const count of first.values()) expect(Math.abs(count - 400)).toBeLessThan(100);
  });

  it('gives a group one ticket, like a single entry', () => {
    const entries = [...circle(['g1', 'g2', 'g3']), entry('s1'), entry('s2'), entry('s3')];
    let groupFirst = 0;
    const DRAWS = 1200;
    for (let n = 0; n < DRAWS; n += 1) {
      const result = runDraw({
        seed: seedOf(n),
        entries,
        optionPlaces: new Map([['tent', null]]),
        jobPlaces: new Map(),
      });
      if (result.order[0]?.ids.length === 3) groupFirst += 1;
    }
    // Four tickets: the group is first in a quarter of the draws (300, standard deviation 15).
    expect(Math.abs(groupFirst - 300)).toBeLessThan(75);
  });

  it('refuses inputs that do not fit together, drawing nothing', () => {
    const base = {
      seed: SEED,
      entries: singles.slice(0, 2),
      optionPlaces: new Map([['tent', 1]]),
      jobPlaces: new Map(),
    };
    const refused = (change: Partial<Parameters<typeof runDraw>[0]>, message: string) =>
      expect(() => runDraw({ ...base, ...change })).toThrow(new DrawInputError(message));
    refused({ seed: 'ABC' }, 'A draw seed is 32 lower-case hexadecimal characters');
    refused({ seed: SEED.toUpperCase() }, 'A draw seed is 32 lower-case hexadecimal characters');
    refused({ groups: [['e0']] }, 'Draw entry e1 is in no group');
    refused({ groups: [['e0', 'e1'], ['e1']] }, 'Draw entry e1 is in more than one group');
    refused({ groups: [['e0', 'e1', 'zz']] }, 'A draw group names zz, which has no entry');
    refused({ groups: [['e0', 'e1'], []] }, 'A draw group is empty');
    refused(
      { optionPlaces: new Map() },
      'Draw entry e0 names camping option tent, which has no places given',
    );
    refused(
      { optionPlaces: new Map([['tent', -1]]) },
      'Places left on camping option tent must be a whole number ≥ 0, not -1',
    );
    refused(
      { entries: [entry('e0', { jobIds: ['gate'] })] },
      'Draw entry e0 names job gate, which has no places given',
    );
    refused(
      { jobPlaces: new Map([['gate', null as unknown as number]]) },
      'Places left on job gate must be a whole number ≥ 0, not null',
    );
  });
});
