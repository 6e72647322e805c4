/**
 * npm run bench:start [-- --runs 1] [-- --idle 10] [-- --server built|tsx] [-- --tree DIR]
 *
 * How fast the server starts and how much memory it holds once idle. Starts the server as production runs it
 * (NODE_ENV=production, LOG_LEVEL=info, `node apps/api/dist/server.js`, built first if stale) on an empty
 * embedded database (a new DATA_DIR: PGlite's initdb and every migration), stops it and starts it again on
 * the same folder (a restart); with DATABASE_URL set, the same on a fresh database created on that PostgreSQL
 * server (dropped afterwards). For each start it prints the time from spawning the process to the first 200
 * of GET /api/health, the resident memory (VmRSS) of the server and every process it started after `idle`
 * seconds of nothing, and the highest such sum seen while it started (sampled every 100 ms). `--server tsx`
 * runs `node --import tsx apps/api/src/server.ts` instead (how the server ran before decision 044); `--tree`
 * runs the server of another checkout of this repository (built or tsx as asked; nothing is built there), to
 * measure an older version with this script. Exits 1 if a start fails.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { commandLine, readOptions, wholeOption } from './bench/cli';
import { freePort, freshPostgres, ROOT, superviseChild, withCleanups } from './bench/server';
import { percentile } from './bench/stats';
import { buildApiIfNeeded } from './lib.mjs';

const OVERALL_TIMEOUT_MS = 30 * 60_000;
const START_TIMEOUT_MS = 180_000;

const USAGE = `Usage: npm run bench:start [-- --runs N] [-- --idle S] [-- --server built|tsx] [-- --tree DIR]

  --runs N          first start + restart pairs per database (default 1); medians are printed too
  --idle S          seconds the server sits idle before its memory is read (default 10)
  --server built    node apps/api/dist/server.js, as npm start runs it (default)
  --server tsx      node --import tsx apps/api/src/server.ts (the server before decision 044)
  --tree DIR        the checkout whose server runs (default: this one)

DATABASE_URL=postgres://user@host:5432/db measures PostgreSQL too, in a fresh database created for each run
on that server and dropped afterwards. The embedded database is always measured.`;

interface Options {
  runs: number;
  idleSeconds: number;
  server: 'built' | 'tsx';
  tree: string;
  databaseUrl: string | undefined;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, {
    runs: { type: 'string' },
    idle: { type: 'string' },
    server: { type: 'string' },
    tree: { type: 'string' },
  });
  if (!values) return undefined;
  const server = values.server ?? 'built';
  if (server !== 'built' && server !== 'tsx')
    throw new Error(`--server must be built or tsx, not "${server}"`);
  const tree = path.resolve(values.tree ?? ROOT);
  if (!existsSync(path.join(tree, 'apps', 'api', 'src', 'server.ts'))) {
    throw new Error(`--tree ${tree} is not a checkout of this repository`);
  }
  return {
    runs: wholeOption('runs', values.runs, 1, 1, 20),
    idleSeconds: wholeOption('idle', values.idle, 10, 0, 600),
    server,
    tree,
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
  };
}

/** Resident kilobytes of a process (VmRSS), 0 once it is gone. */
function residentKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** A process and every process below it (Linux /proc). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree: number[] = [];
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.shift() as number;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** Resident megabytes of a process and everything it started. */
function treeResidentMb(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + residentKb(each), 0) / 1024;
}

interface StartFigures {
  label: string;
  /** Seconds from spawning the process to the first 200 of /api/health. */
  healthySeconds: number;
  /** MB resident after the idle wait (the server and its children). */
  idleMb: number;
  /** The highest resident MB sampled while it started. */
  peakMb: number;
}

async function measureStart(
  label: string,
  options: Options,
  env: Record<string, string>,
  port: number,
): Promise<StartFigures> {
  const args =
    options.server === 'built'
      ? [path.join(options.tree, 'apps', 'api', 'dist', 'server.js')]
      : ['--import', 'tsx', path.join(options.tree, 'apps', 'api', 'src', 'server.ts')];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: options.tree,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, stop } = superviseChild(child, { keepChars: 100_000, killAfterMs: 15_000 });
  try {
    const pid = child.pid as number;
    let peakMb = 0;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, treeResidentMb(pid));
    }, 100);
    let healthySeconds: number;
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${label}: the server exited early:\n${output()}`);
        if (performance.now() - started > START_TIMEOUT_MS) {
          throw new Error(`${label}: not healthy within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
        }
        const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      healthySeconds = (performance.now() - started) / 1000;
    } finally {
      clearInterval(sampler);
    }
    peakMb = Math.max(peakMb, treeResidentMb(pid));
    await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
    const idleMb = treeResidentMb(pid);
    return { label, healthySeconds, idleMb, peakMb: Math.max(peakMb, idleMb) };
  } finally {
    await stop();
  }
}

/** The median of a few runs (nearest rank: one of the measured values). */
function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function row(figures: StartFigures): string {
  return (
    `  ${figures.label.padEnd(46)} ${figures.healthySeconds.toFixed(1).padStart(9)} ` +
    `${figures.idleMb.toFixed(0).padStart(12)} ${figures.peakMb.toFixed(0).padStart(12)}`
  );
}

async function run(options: Options, cleanups: Array<() => Promise<void> | void>): Promise<number> {
  if (options.server === 'built') {
    if (options.tree === ROOT) await buildApiIfNeeded();
    else if (!existsSync(path.join(options.tree, 'apps', 'api', 'dist', 'server.js'))) {
      throw new Error(`${options.tree} has no built server (apps/api/dist/server.js): build it there first`);
    }
  }
  console.log(
    `bench:start — server: ${options.server === 'built' ? 'node apps/api/dist/server.js' : 'node --import tsx apps/api/src/server.ts'}` +
      `${options.tree === ROOT ? '' : ` in ${options.tree}`}, ${options.runs} run(s), idle ${options.idleSeconds} s`,
  );
  console.log(
    `  machine: ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ` +
      `load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const results: StartFigures[] = [];
  const databases = options.databaseUrl ? (['embedded', 'postgres'] as const) : (['embedded'] as const);
  for (let runIndex = 1; runIndex <= options.runs; runIndex += 1) {
    for (const database of databases) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'camp-start-bench-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const env: Record<string, string> = {
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
      };
      let name = 'embedded (PGlite)';
      if (database === 'postgres' && options.databaseUrl) {
        const fresh = await freshPostgres(options.databaseUrl, 'camp_start');
        cleanups.push(fresh.drop);
        env.DATABASE_URL = fresh.url;
        name = 'PostgreSQL';
      }
      for (const start of ['first start', 'restart']) {
        const figures = await measureStart(`${name}, ${start}`, options, env, port);
        console.log(row(figures));
        results.push(figures);
      }
    }
  }
  console.log('');
  console.log(
    `  ${'start'.padEnd(46)} ${'healthy s'.padStart(9)} ${'idle RSS MB'.padStart(12)} ${'peak RSS MB'.padStart(12)}`,
  );
  const labels = [...new Set(results.map((result) => result.label))];
  for (const label of labels) {
    const of = results.filter((result) => result.label === label);
    console.log(
      row({
        label: options.runs > 1 ? `${label} (median of ${of.length})` : label,
        healthySeconds: median(of.map((each) => each.healthySeconds)),
        idleMb: median(of.map((each) => each.idleMb)),
        peakMb: median(of.map((each) => each.peakMb)),
      }),
    );
  }
  console.log(`  load average after: ${loadavg()[0]!.toFixed(2)}`);
  return 0;
}

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  return withCleanups('bench:start', OVERALL_TIMEOUT_MS, (cleanups) => run(options, cleanups));
}

process.exitCode = await main();
