// `npm run bench:lighthouse`: Lighthouse (mobile profile: emulated phone, simulated slow 4G and 4x CPU
// slowdown) on Home and Login of the built app, served by the app's server (buildApp, production mode, fresh
// PGlite in a temporary DATA_DIR) from a copy of apps/web/dist taken at the start (the folder is shared, and a
// rebuild meanwhile would replace the hashed files the page names), in the installed Chromium with the flags
// the e2e tests use. Each page is measured RUNS times and the median score of each category is kept; the
// scores go into docs/benchmarks.md (section "Lighthouse") and the audits that cost points are printed.
// Goal (docs/architecture.md §3): performance, accessibility and best practices ≥ 95 on both pages,
// performance ≥ 98 since the server paints the first screen (decision 045).
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { loadEnv } from '../apps/api/src/env';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';
import { BENCHMARKS_DOC, writeBenchmarkSection } from './bench/benchmarks-doc';
import { freePort, ROOT } from './bench/server';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** A folder to keep each run's full report in (`<page>-<run>.json`), for comparing main-thread work. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOAL = 95;
/** Performance's own goal since the server paints the first screen (decision 045). */
const PERFORMANCE_GOAL = 98;
const PAGES = [
  { name: 'Home', hash: '/' },
  { name: 'Login', hash: '/login' },
] as const;
const SECTION_HEADING = '## Lighthouse (`npm run bench:lighthouse`)';

type Category = (typeof CATEGORIES)[number];
interface PageResult {
  name: string;
  url: string;
  /** Median score (0-100) per category. */
  scores: Record<Category, number>;
  /** Each run's scores, in run order. */
  runs: Record<Category, number>[];
  /** Audits below full marks in the median run, with what they cost. */
  losses: string[];
  metrics: { fcp: string; lcp: string; tbt: string; cls: string; si: string };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or install /usr/bin/chromium');
  const workDir = mkdtempSync(path.join(tmpdir(), 'camp-lighthouse-'));
  const dataDir = path.join(workDir, 'data');
  const distDir = path.join(workDir, 'dist');
  cpSync(path.join(ROOT, 'apps', 'web', 'dist'), distDir, { recursive: true });
  const port = await freePort();
  const env = loadEnv({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const app = await buildApp({ env, database, logger: false, webDistDir: distDir });
  await app.listen({ port, host: '127.0.0.1' });
  const server = { base: `http://127.0.0.1:${port}` };
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  const chromiumVersion = browser.version();
  const load = loadavg()[0]?.toFixed(1);
  const results: PageResult[] = [];
  try {
    for (const page of PAGES) {
      const url = `${server.base}/#${page.hash}`;
      const runs: Awaited<ReturnType<typeof measure>>[] = [];
      // A run that broke (the page did not load in time on a busy machine) is reported and run again.
      for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + 3; attempt += 1) {
        const lhr = await measure(url, debuggingPort);
        if (lhr.runtimeError) {
          console.log(`${page.name} attempt ${attempt}: ${lhr.runtimeError.code}, run again`);
          continue;
        }
        runs.push(lhr);
        if (REPORTS_DIR) {
          mkdirSync(REPORTS_DIR, { recursive: true });
          writeFileSync(
            path.join(REPORTS_DIR, `${page.name.toLowerCase()}-${runs.length}.json`),
            JSON.stringify(lhr),
          );
        }
        console.log(
          `${page.name} run ${runs.length}/${RUNS}: ` +
            CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', '),
        );
      }
      const scoresOf = (lhr: (typeof runs)[number]) =>
        Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Record<Category, number>;
      const runScores = runs.map(scoresOf);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, median(runScores.map((s) => s[c]))]),
      ) as Record<Category, number>;
      // The run whose performance is the median one tells where the points went.
      const medianRun = runs.find((lhr) => scoresOf(lhr).performance === scores.performance) ?? runs[0];
      if (!medianRun) throw new Error('no run');
      const losses: string[] = [];
      for (const category of CATEGORIES) {
        for (const ref of medianRun.categories[category]?.auditRefs ?? []) {
          const audit = medianRun.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
          const value = audit.displayValue ? ` (${audit.displayValue})` : '';
          losses.push(`${category}: ${audit.title}${value}`);
        }
      }
      const metric = (id: string) => medianRun.audits[id]?.displayValue ?? '?';
      results.push({
        name: page.name,
        url: `/#${page.hash}`,
        scores,
        runs: runScores,
        losses,
        metrics: {
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          si: metric('speed-index'),
        },
      });
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(workDir, { recursive: true, force: true });
  }

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const header = `| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index |`;
  const rows = results.map(
    (r) =>
      `| ${r.name} (\`${r.url}\`) | ${r.scores.performance} | ${r.scores.accessibility} | ` +
      `${r.scores['best-practices']} | ${r.scores.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ` +
      `${r.metrics.tbt} | ${r.metrics.cls} | ${r.metrics.si} |`,
  );
  const met = results.every((r) =>
    (['performance', 'accessibility', 'best-practices'] as const).every(
      (c) => r.scores[c] >= (c === 'performance' ? PERFORMANCE_GOAL : GOAL),
    ),
  );
  const losses = results.flatMap((r) => r.losses.map((loss) => `- ${r.name}: ${loss}`));
  const section = [
    SECTION_HEADING,
    '',
    'Lighthouse 12 (npm package, default mobile profile: emulated phone, simulated slow 4G, 4x CPU slowdown) on',
    "a copy of the built app served by the app's server (`buildApp`, `NODE_ENV=production`, fresh PGlite, the",
    `camp's default configuration), in Chromium ${chromiumVersion} with the e2e flags; the median of ${RUNS}`,
    'runs per page (a run that broke is run again).',
    'Goal: performance, accessibility and best practices ≥ 95 on both pages; performance ≥ 98 since the',
    'server paints the first screen (decision 045).',
    '',
    '### Results',
    '',
    `${date} UTC, ${cpus().length} cores, load average ${load} at the start.`,
    '',
    header,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Each run (performance/accessibility/best practices/SEO): ${results
      .map((r) => `${r.name} ${r.runs.map((s) => CATEGORIES.map((c) => s[c]).join('/')).join(', ')}`)
      .join('; ')}.`,
    '',
    met ? 'Goal met on both pages.' : 'Goal **not** met (see below).',
    '',
    losses.length > 0 ? 'Audits below 90 in the median run:' : 'No audit below 90 in the median run.',
    ...(losses.length > 0 ? ['', ...losses] : []),
    '',
    '### What was changed for it (decision 027)',
    '',
    "- The page carries the camp's public configuration: the first render needs no configuration request.",
    '- Every JS, CSS and SVG asset is pre-compressed at build time (brotli 11, gzip 9) and sent as such;',
    '  hashed assets are cached for a year; index.html is sent compressed with an ETag.',
    '- `runtime-config.js` is deferred: it no longer blocks parsing (it still runs before the app).',
    '- A signed-out visit asks `/api/health` instead of `/api/auth/test`: no 401 in the console (best',
    '  practices).',
    '',
    '### What was changed for it (decision 045)',
    '',
    "- The server writes Home's and Login's first screen into the page (header, camp name, description, blurb,",
    "  the sign-in form's shell); the app renders beside it and takes its place once its own screen has settled.",
    '',
    'What is left on performance is the app chunk (about 123 KB gzip) that runs before the page is interactive',
    '(Total Blocking Time), which the simulated 4x CPU slowdown multiplies on a loaded machine; the scores move',
    'by several points from run to run with the load.',
    '',
  ].join('\n');

  await writeBenchmarkSection(SECTION_HEADING, section);
  console.log(`\n${section}`);
  console.log(`Written to ${path.relative(ROOT, BENCHMARKS_DOC)}.`);
  if (!met) process.exitCode = 1;
}

await main();
