/**
 * npm run bench:draw [-- --entries 2000] [-- --places 300] [-- --runs 7] [-- --seed HEX] [-- --no-write]
 *
 * The fair start's draw (decision 049), pure code, no database: a camp of N draw entries (default 2,000) for
 * P places (default 300) on three camping options, an unlimited add-on option and two categories of shifts,
 * about a third of the people in mutual groups of 2 to 6 (with one-sided names and names of people without an
 * entry mixed in). Forms the groups and runs the draw `--runs` times with the same seed and times each run
 * (`formGroups` + `runDraw`, after one untimed warm-up run); prints the median, the fastest and the slowest
 * run against the goal (≤ 2 s); checks that every run gave the same result, that another seed gives another,
 * that no option's or shift's limit is exceeded (recounted from the winners), that every group won or lost
 * whole, and that no waitlisted group would have fitted in the places left. Prints a digest of the winners so
 * a run on another machine or Node version can be compared, writes the "Draw" section of docs/benchmarks.md
 * (unless --no-write) and exits 1 if a check failed or the goal was missed.
 */
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import {
  DRAW_ALGORITHM,
  type DrawEntry,
  type DrawResult,
  formGroups,
  type FormedGroups,
  runDraw,
} from '../apps/api/src/modules/waitlist/draw';
import { DRAW_SEED_PATTERN, Prng } from '../apps/api/src/lib/random';
import { writeBenchmarkSection } from './bench/benchmarks-doc';
import { commandLine, readOptions, wholeOption } from './bench/cli';
import { percentile } from './bench/stats';

const SECTION_HEADING = '## Draw (`npm run bench:draw`)';
/** Goal (issue text of the fair start): 2,000 entries for 300 places in at most 2 s. */
const GOAL_MS = 2000;
const DEFAULT_SEED = '5eed0f0d2a7c4b19a3e6d8c1f0b29e47';

const USAGE = `Usage: npm run bench:draw [-- options]

  --entries N     draw entries in the camp (default 2000)
  --places P      places on the three limited camping options together (default 300)
  --runs R        timed runs of formGroups + runDraw with the same seed (default 7), after one warm-up
  --seed HEX      the draw's seed, 32 lower-case hex characters (default ${DEFAULT_SEED})
  --camp-seed S   seed of the camp's made-up entries (default 1)
  --no-write      print the results only; do not write docs/benchmarks.md`;

interface Options {
  entries: number;
  places: number;
  runs: number;
  seed: string;
  campSeed: number;
  write: boolean;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, {
    entries: { type: 'string' },
    places: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    'camp-seed': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  });
  if (!values) return undefined;
  const seed = values.seed ?? DEFAULT_SEED;
  if (!DRAW_SEED_PATTERN.test(seed))
    throw new Error(`--seed must be 32 lower-case hex characters, not "${seed}"`);
  return {
    entries: wholeOption('entries', values.entries, 2000, 1, 1_000_000),
    places: wholeOption('places', values.places, 300, 3, 1_000_000),
    runs: wholeOption('runs', values.runs, 7, 1, 1000),
    seed,
    campSeed: wholeOption('camp-seed', values['camp-seed'], 1, 1, 2 ** 31),
    write: !values['no-write'],
  };
}

interface Camp {
  entries: DrawEntry[];
  optionPlaces: Map<string, number | null>;
  jobPlaces: Map<string, number>;
  names: Map<string, string>;
}

/**
 * The made-up camp: Tent, RV and Cabin share the places 60/20/20 % (wanted by 60/25/15 % of the people); a
 * "Power hook-up" add-on without a limit (30 %). Every person takes one of 8 Gate shifts (together 1.1 × the
 * places, some shifts more wanted than others) and 30 % one of 6 Kitchen shifts (together a quarter of the
 * places), so options and shifts both bind. 35 % of the people come in circles of 2–6 who all name each other
 * and mostly want the same option; 5 % also name someone outside their circle (one-sided), 10 % someone
 * without an entry.
 */
function makeCamp(options: Options): Camp {
  const rng = new Prng(options.campSeed);
  const names = new Map<string, string>();
  const add = (name: string) => {
    const id = rng.uuid();
    names.set(id, name);
    return id;
  };
  const tent = add('Tent');
  const rv = add('RV');
  const cabin = add('Cabin');
  const power = add('Power hook-up');
  const rvPlaces = Math.round(options.places * 0.2);
  const cabinPlaces = Math.round(options.places * 0.2);
  const optionPlaces = new Map<string, number | null>([
    [tent, options.places - rvPlaces - cabinPlaces],
    [rv, rvPlaces],
    [cabin, cabinPlaces],
    [power, null],
  ]);
  const gate = Array.from({ length: 8 }, (_, i) => add(`Gate ${i + 1}`));
  const kitchen = Array.from({ length: 6 }, (_, i) => add(`Kitchen ${i + 1}`));
  const jobPlaces = new Map<string, number>([
    ...gate.map((id) => [id, Math.ceil((options.places * 1.1) / gate.length)] as const),
    ...kitchen.map((id) => [id, Math.ceil((options.places * 0.25) / kitchen.length)] as const),
  ]);
  const gateWeights = gate.map((id, i) => [id, 8 - i] as const);

  const entries: DrawEntry[] = [];
  while (entries.length < options.entries) {
    const size = rng.chance(0.12) ? Math.min(rng.int(2, 6), options.entries - entries.length) : 1;
    const circle = Array.from({ length: size }, () => rng.uuid());
    const shared = rng.weighted([
      [tent, 60],
      [rv, 25],
      [cabin, 15],
    ] as const);
    for (const id of circle) {
      const others = circle.filter((other) => other !== id).map((other) => `${other}@example.org`);
      const oneSided = rng.chance(0.05) && entries.length > 0 ? [rng.pick(entries).email] : [];
      const unknown = rng.chance(0.1) ? [`friend-${rng.chars(6)}@example.org`] : [];
      const option = rng.chance(0.9) ? shared : rng.pick([tent, rv, cabin]);
      entries.push({
        id,
        email: `${id}@example.org`,
        campWith: [...others, ...oneSided, ...unknown],
        campingOptionIds: rng.chance(0.3) ? [option, power] : [option],
        jobIds: [rng.weighted(gateWeights), ...(rng.chance(0.3) ? [rng.pick(kitchen)] : [])],
      });
    }
  }
  return { entries, optionPlaces, jobPlaces, names };
}

interface Run {
  groups: FormedGroups;
  result: DrawResult;
  groupsMs: number;
  drawMs: number;
}

function runOnce(camp: Camp, seed: string): Run {
  const started = performance.now();
  const groups = formGroups(camp.entries);
  const formed = performance.now();
  const result = runDraw({
    seed,
    entries: camp.entries,
    groups: groups.groups,
    optionPlaces: camp.optionPlaces,
    jobPlaces: camp.jobPlaces,
  });
  return { groups, result, groupsMs: formed - started, drawMs: performance.now() - formed };
}

/** What is wrong with a result, recounted from its winners without trusting its own counts. */
function problemsOf(camp: Camp, run: Run): string[] {
  const problems: string[] = [];
  const byId = new Map(camp.entries.map((entry) => [entry.id, entry]));
  const { result } = run;
  const everyone = [...result.winners, ...result.waitlisted].sort();
  if (!isDeepStrictEqual(everyone, [...byId.keys()].sort())) {
    problems.push('the winners and the waitlisted are not exactly the entries');
  }
  const winners = new Set(result.winners);
  const broken = run.groups.groups.filter((group) => new Set(group.map((id) => winners.has(id))).size > 1);
  if (broken.length > 0) problems.push(`${broken.length} group(s) split between winners and waitlist`);

  const used = new Map<string, number>();
  for (const id of result.winners) {
    const entry = byId.get(id) as DrawEntry;
    for (const place of new Set([...entry.campingOptionIds, ...entry.jobIds])) {
      used.set(place, (used.get(place) ?? 0) + 1);
    }
  }
  const left = new Map<string, number | null>();
  for (const [id, limit] of [...camp.optionPlaces, ...camp.jobPlaces]) {
    const taken = used.get(id) ?? 0;
    const reported = result.optionPlacesUsed.get(id) ?? result.jobPlacesUsed.get(id);
    if (reported !== taken)
      problems.push(`${camp.names.get(id)}: reported ${reported} used, winners hold ${taken}`);
    if (limit !== null && taken > limit) problems.push(`${camp.names.get(id)}: ${taken} places for ${limit}`);
    left.set(id, limit === null ? null : limit - taken);
  }
  // A waitlisted group must not fit even in what is left at the end (less than when its turn came).
  const fitsAtEnd = result.order.filter((group) => {
    if (group.won) return false;
    const demand = new Map<string, number>();
    for (const id of group.ids) {
      const entry = byId.get(id) as DrawEntry;
      for (const place of new Set([...entry.campingOptionIds, ...entry.jobIds])) {
        demand.set(place, (demand.get(place) ?? 0) + 1);
      }
    }
    return [...demand].every(([place, n]) => {
      const room = left.get(place);
      return room === null || (room ?? 0) >= n;
    });
  });
  if (fitsAtEnd.length > 0) problems.push(`${fitsAtEnd.length} waitlisted group(s) would have fitted`);
  return problems;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A short fingerprint of a draw's outcome: the same on every machine for the same camp and seed. */
const digestOf = (result: DrawResult) =>
  createHash('sha256')
    .update(JSON.stringify([result.winners, result.waitlisted]))
    .digest('hex')
    .slice(0, 16);

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  const loadBefore = loadavg()[0] as number;
  const camp = makeCamp(options);
  console.log(
    `bench:draw — ${camp.entries.length} entries, ${options.places} places, ${options.runs} run(s), seed ${options.seed}`,
  );
  console.log(
    `  machine: ${cpus().length} CPUs, Node ${process.version}, load average ${loadBefore.toFixed(2)}`,
  );

  runOnce(camp, options.seed); // warm-up: the first run also compiles the code
  const runs: Run[] = [];
  for (let i = 0; i < options.runs; i += 1) runs.push(runOnce(camp, options.seed));
  const first = runs[0] as Run;
  const totals = runs.map((run) => run.groupsMs + run.drawMs).sort((a, b) => a - b);
  const median = percentile(totals, 0.5);
  const medianGroups = percentile(
    runs.map((run) => run.groupsMs).sort((a, b) => a - b),
    0.5,
  );
  const medianDraw = percentile(
    runs.map((run) => run.drawMs).sort((a, b) => a - b),
    0.5,
  );

  const problems: string[] = [];
  const same = runs.every((run) => isDeepStrictEqual(run.result, first.result));
  if (!same) problems.push('two runs with the same seed gave different results');
  const otherSeed = options.seed.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
  const other = runOnce(camp, otherSeed);
  const differs = !isDeepStrictEqual(other.result.winners, first.result.winners);
  if (!differs) problems.push(`seed ${otherSeed} gave the same winners`);
  problems.push(
    ...problemsOf(camp, first),
    ...problemsOf(camp, other).map((problem) => `other seed: ${problem}`),
  );

  const { groups, split } = first.groups;
  const sizes = new Map<number, number>();
  for (const group of groups) sizes.set(group.length, (sizes.get(group.length) ?? 0) + 1);
  const sizeText = [...sizes]
    .sort((a, b) => a[0] - b[0])
    .map(([size, count]) => `${count} × ${size}`)
    .join(', ');
  const groupsWon = first.result.order.filter((group) => group.won);
  const groupsOfSeveralWon = groupsWon.filter((group) => group.ids.length > 1).length;
  const groupsOfSeveral = groups.filter((group) => group.length > 1).length;
  const percent = (part: number, whole: number) => `${whole === 0 ? 0 : Math.round((100 * part) / whole)} %`;
  const chances =
    `groups of several people won ${groupsOfSeveralWon} of ${groupsOfSeveral} ` +
    `(${percent(groupsOfSeveralWon, groupsOfSeveral)}), single entries ${groupsWon.length - groupsOfSeveralWon} ` +
    `of ${groups.length - groupsOfSeveral} (${percent(groupsWon.length - groupsOfSeveralWon, groups.length - groupsOfSeveral)})`;
  const placeRows = [...camp.optionPlaces, ...camp.jobPlaces].map(([id, limit]) => {
    const usedNow = first.result.optionPlacesUsed.get(id) ?? first.result.jobPlacesUsed.get(id) ?? 0;
    return `${camp.names.get(id)} ${usedNow}/${limit ?? '∞'}`;
  });
  const met = median <= GOAL_MS && problems.length === 0;

  console.log('');
  console.log(
    `  groups: ${groups.length} (how many × of what size: ${sizeText}); circles split for size: ${split.length}`,
  );
  console.log(
    `  winners: ${first.result.winners.length} (${groupsWon.length} groups, ${groupsOfSeveralWon} of several people); ` +
      `waitlisted: ${first.result.waitlisted.length}`,
  );
  console.log(`  ${chances}`);
  console.log(`  places used: ${placeRows.join(', ')}`);
  console.log(
    `  time (formGroups + runDraw): median ${ms(median)} (formGroups ${ms(medianGroups)}, runDraw ${ms(medianDraw)}), ` +
      `fastest ${ms(totals[0] as number)}, slowest ${ms(totals[totals.length - 1] as number)}; goal ≤ ${GOAL_MS} ms`,
  );
  console.log(`  same seed, same result in all ${runs.length} runs: ${same ? 'yes' : 'NO'}`);
  console.log(`  seed ${otherSeed} gives other winners: ${differs ? 'yes' : 'NO'}`);
  console.log(`  winners' digest: ${digestOf(first.result)}`);
  for (const problem of problems) console.log(`  PROBLEM: ${problem}`);
  console.log(`  ${met ? 'PASS' : 'MISS'}`);

  const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    SECTION_HEADING,
    '',
    "What it measures: the fair start's draw (decision 049) on its own, no database: forming the groups from",
    'the "camp with" lists and drawing the places. Goal: 2,000 draw entries for 300 places in at most 2 s,',
    'reproducible from the seed, groups kept together, no limit exceeded.',
    '',
    '```sh',
    'npm run bench:draw                          # 2,000 entries, 300 places, 7 timed runs; writes this section',
    'npm run bench:draw -- --no-write            # print only',
    'npm run bench:draw -- --help                # --entries N, --places P, --runs R, --seed HEX, --camp-seed S',
    '```',
    '',
    '`scripts/bench-draw.ts` makes up a camp with the generator of the tests (`--camp-seed`): Tent, RV and Cabin',
    'share the places 60/20/20 % (wanted by 60/25/15 % of the people), a "Power hook-up" add-on without a limit',
    '(30 %); everyone takes one of 8 Gate shifts (1.1 × the places together, some more wanted than others) and',
    '30 % one of 6 Kitchen shifts (a quarter of the places together), so options and shifts both bind. About a',
    'third of the people come in circles of 2–6 who all name each other; 5 % also name someone outside their',
    'circle (one-sided) and 10 % someone without an entry. After one untimed warm-up it times `formGroups` +',
    '`runDraw` with the same seed; every run must give the same result, the seed with its last digit changed',
    'another one, and both are recounted from their winners: each limit kept, each group won or lost whole, and',
    'no waitlisted group fitting the places left at the end. The digest (SHA-256 of the winners and the',
    'waitlisted, in drawn order) lets a run elsewhere be compared: the same camp seed and draw seed must print',
    'the same digest on any machine and Node version. The fastest run is the nearest to the cost of the draw',
    'itself: on a busy machine the others include time spent waiting for a core.',
    '',
    '### Results',
    '',
    `${now} UTC, ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} at the ` +
      `start; camp seed ${options.campSeed}, draw seed \`${options.seed}\`, algorithm \`${DRAW_ALGORITHM}\`.`,
    '',
    '| entries | places | groups | runs | median | fastest | slowest | formGroups | runDraw | goal |',
    '| ------: | -----: | -----: | ---: | -----: | ------: | ------: | ---------: | ------: | ---- |',
    `| ${camp.entries.length} | ${options.places} | ${groups.length} | ${runs.length} | **${ms(median)}** | ` +
      `${ms(totals[0] as number)} | ${ms(totals[totals.length - 1] as number)} | ${ms(medianGroups)} | ` +
      `${ms(medianDraw)} | ≤ ${GOAL_MS} ms: ${median <= GOAL_MS ? 'met' : '**missed**'} |`,
    '',
    `- Groups (how many × of what size): ${sizeText}; circles split for size: ${split.length}.`,
    `- Winners: ${first.result.winners.length} people in ${groupsWon.length} groups (${groupsOfSeveralWon} of ` +
      `several people); waitlisted in drawn order: ${first.result.waitlisted.length}.`,
    `- Chances: ${chances} (all or nothing: a group needs all its places at once, decision 049).`,
    `- Places used / limit: ${placeRows.join(', ')}.`,
    `- Same seed, same result in all ${runs.length} runs: ${same ? 'yes' : '**no**'}; seed \`${otherSeed}\` ` +
      `gives other winners: ${differs ? 'yes' : '**no**'}; winners' digest \`${digestOf(first.result)}\`.`,
    `- Limits kept, groups whole, no waitlisted group that would have fitted: ${
      problems.length === 0 ? 'yes' : `**no**: ${problems.join('; ')}`
    }.`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (options.write) {
    await writeBenchmarkSection(SECTION_HEADING, section);
    console.log(`Written to docs/benchmarks.md.`);
  }
  return met ? 0 : 1;
}

process.exitCode = await main();
