/// <reference lib="dom" />
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium';
import type { SmtpCapture } from '../../apps/api/test/smtp';
import { summarize } from './stats';

// The browser's side of bench:reports (decision 019): the built web app, served by the benchmark's server, in Debian
// Chromium (never a downloaded browser), signed in as an admin. Per report and run: a fresh tab opens the
// report's address and the clock runs until the table (or the schedule) shows the data; then Export to CSV is
// clicked and the clock runs until the downloaded file is complete, whose rows are read and counted.

/** How long a page may take to show its data before the step fails. */
const TIMEOUT_MS = 30_000;

/** What a report page must show once its data is rendered, checked in the page on every animation frame. */
interface Rendered {
  /** `[data-testid=count-total]` (or `count-count`) must read this, when given. */
  countTestId?: string;
  count?: number;
  /** This CSS selector must match exactly this many elements. */
  selector: string;
  elements: number;
}

/** One thing timed in the browser: open the page (and optionally pick a filter), then export. */
export interface BrowserStep {
  label: string;
  /** The app's route, after '/#'. */
  route: string;
  /** A select to change after the page rendered (label and value), timed from the change to `rendered`. */
  filter?: { label: string; value: string; rendered: Rendered };
  rendered: Rendered;
  /** Records in the CSV file (the header not counted). */
  csvRows: number;
  /** The API path the page reads, without the query (its fetch is found in the page's resource timings). */
  apiPath: string;
}

export interface BrowserResult {
  step: BrowserStep;
  /** Navigation start → the report's answer fully received (the browser's resource timing). */
  fetched: number[];
  /** Navigation start (or the filter's change) → the data rendered. */
  rendered: number[];
  /** The click on Export to CSV → the downloaded file complete. */
  exported: number[];
  /** The click's handler in the page: the CSV built and handed to the browser. */
  built: number[];
  /** Bytes of the last CSV file. */
  csvBytes: number;
  failures: string[];
}

export interface BrowserOptions {
  base: string;
  smtp: SmtpCapture;
  adminEmail: string;
  steps: BrowserStep[];
  runs: number;
  warmup: number;
  /** Where a screenshot of a failed step is saved, if anywhere. */
  screenshotDir?: string;
  /** Called after each step of each run (for progress output). */
  onProgress?: (line: string) => void;
}

/** Signs the browser context in as the API does for a person: code by e-mail, cookies kept by the context. */
async function signInContext(context: BrowserContext, base: string, smtp: SmtpCapture, email: string) {
  smtp.clear();
  const requested = await context.request.post(`${base}/api/auth/request-login-code`, { data: { email } });
  if (requested.status() !== 200) throw new Error(`request-login-code ${email}: ${requested.status()}`);
  const code = await smtp.codeFor(email);
  const verified = await context.request.post(`${base}/api/auth/login-with-code`, { data: { email, code } });
  if (verified.status() !== 200) throw new Error(`login-with-code ${email}: ${verified.status()}`);
}

/** Waits (checking on every animation frame) until the page shows the data; answers performance.now() then. */
async function waitRendered(page: Page, rendered: Rendered, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(
    ({ countTestId, count, selector, elements }) => {
      if (countTestId !== undefined) {
        const text = document.querySelector(`[data-testid="${countTestId}"]`)?.textContent ?? '';
        if (Number(text.replace(/[^\d]/g, '')) !== count) return false;
      }
      if (document.querySelectorAll(selector).length !== elements) return false;
      return performance.now();
    },
    rendered,
    { polling: 'raf', timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

/** When the page's fetch of `apiPath` ended (ms since navigation start), from its resource timings. */
async function fetchedAt(page: Page, apiPath: string): Promise<number | undefined> {
  return page.evaluate((path) => {
    const entry = performance
      .getEntriesByType('resource')
      .map((candidate) => candidate as PerformanceResourceTiming)
      .find((candidate) => new URL(candidate.name).pathname === path);
    return entry?.responseEnd;
  }, apiPath);
}

/**
 * Clicks Export to CSV and waits for the complete file. Answers the milliseconds to the file complete, the
 * milliseconds of the click's handler in the page (the CSV built and handed to the browser: the app does it
 * synchronously), and the file's text.
 */
async function exportCsv(
  page: Page,
): Promise<{ ms: number; inPage: number; text: string; fileName: string }> {
  const button = page.getByRole('button', { name: 'Export to CSV' });
  await button.scrollIntoViewIfNeeded();
  // Clicked in the page, as a person's click is dispatched: Playwright's own click first waits for two stable
  // animation frames and hit-tests the point, which on a page of 5,000 table rows costs seconds under load.
  const started = performance.now();
  const [download, inPage] = await Promise.all([
    page.waitForEvent('download'),
    button.evaluate((element) => {
      const clicked = performance.now();
      (element as HTMLButtonElement).click();
      return performance.now() - clicked;
    }),
  ]);
  const file = await download.path();
  const ms = performance.now() - started;
  return { ms, inPage, text: readFileSync(file, 'utf8'), fileName: download.suggestedFilename() };
}

/** What is wrong with a report's CSV file (BOM, header, record count), or undefined. */
export function csvProblem(text: string, records: number): string | undefined {
  if (!text.startsWith('\uFEFF')) return 'the CSV has no byte order mark';
  const parsed = Papa.parse<string[]>(text.slice(1), {
    delimiter: ',',
    newline: '\r\n',
    skipEmptyLines: true,
  });
  if (parsed.errors.length > 0) return `the CSV does not parse: ${parsed.errors[0]?.message ?? ''}`;
  const rows = parsed.data.length;
  if (rows !== records + 1) return `the CSV has ${rows} rows, expected ${records} + the header`;
  const width = parsed.data[0]?.length ?? 0;
  const ragged = parsed.data.findIndex((row) => row.length !== width);
  return ragged === -1
    ? undefined
    : `CSV row ${ragged} has ${parsed.data[ragged]?.length} cells, not ${width}`;
}

/**
 * Runs the steps `warmup` times untimed then `runs` times timed, each in a fresh tab of one signed-in context
 * (the app's files come from the browser's cache after the first load, as for a returning admin).
 */
export async function runBrowserBench(options: BrowserOptions): Promise<BrowserResult[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (CHROMIUM_PATH or /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: options.base,
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
    });
    await signInContext(context, options.base, options.smtp, options.adminEmail);
    const results: BrowserResult[] = options.steps.map((step) => ({
      step,
      fetched: [],
      rendered: [],
      exported: [],
      built: [],
      csvBytes: 0,
      failures: [],
    }));
    for (let run = 0; run < options.warmup + options.runs; run += 1) {
      const timed = run >= options.warmup;
      for (const result of results) {
        const { step } = result;
        const page = await context.newPage();
        try {
          await page.goto(`/#${step.route}`, { waitUntil: 'commit' });
          let rendered = await waitRendered(page, step.rendered, TIMEOUT_MS);
          const fetched = await fetchedAt(page, step.apiPath);
          if (step.filter) {
            // The filter's own clock: from the change to the data rendered again.
            const select = page.getByRole('combobox', { name: step.filter.label });
            const before = await page.evaluate(() => performance.now());
            await select.selectOption(step.filter.value);
            rendered = (await waitRendered(page, step.filter.rendered, TIMEOUT_MS)) - before;
          }
          const csv = await exportCsv(page);
          const problem = csvProblem(csv.text, step.csvRows);
          if (problem) result.failures.push(`${csv.fileName}: ${problem}`);
          if (timed) {
            result.rendered.push(rendered);
            if (fetched !== undefined && !step.filter) result.fetched.push(fetched);
            result.exported.push(csv.ms);
            result.built.push(csv.inPage);
            result.csvBytes = Buffer.byteLength(csv.text);
          }
          options.onProgress?.(
            `${timed ? 'run' : 'warm-up'} ${timed ? run - options.warmup + 1 : run + 1} ${step.label}: ` +
              `rendered ${rendered.toFixed(0)} ms, CSV ${csv.ms.toFixed(0)} ms (built in ${csv.inPage.toFixed(0)} ms)${problem ? ` (${problem})` : ''}`,
          );
        } catch (error) {
          const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
          result.failures.push(message);
          options.onProgress?.(`run ${run + 1} ${step.label}: FAILED (${message}) at ${page.url()}`);
          if (options.screenshotDir) {
            mkdirSync(options.screenshotDir, { recursive: true });
            await page
              .screenshot({
                path: path.join(options.screenshotDir, `failed-${run + 1}-${results.indexOf(result)}.png`),
              })
              .catch(() => undefined);
          }
        } finally {
          await page.close();
        }
      }
    }
    await context.close();
    return results;
  } finally {
    await browser.close();
  }
}

/** p50 and p95 of a series, as "p50 / p95 ms" (— when empty). */
export function percentiles(samples: readonly number[]): string {
  if (samples.length === 0) return '—';
  const summary = summarize(samples);
  return `${summary.p50.toFixed(0)} / ${summary.p95.toFixed(0)} ms`;
}
