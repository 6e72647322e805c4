import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The code cites only what is in the repository: docs/product.md §N and docs/architecture.md §N (and decision
// records), never a spec or design file kept elsewhere, nor our own issue numbers. Each citation must name a
// section that exists, and a heading word after the number ('docs/product.md §2 Dashboard') must be a heading
// of that section.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  '.tmp',
  'test-results',
  'playwright-report',
  'coverage',
]);
/** Applied migrations are history: they are never edited. */
const SKIPPED_PREFIXES = ['apps/api/src/db/migrations/'];
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|css|html|json|sql|md|ya?ml|sh)$/;
type Doc = 'docs/product.md' | 'docs/architecture.md';

/** References to other projects' trackers, which are real addresses, not ours. */
const UPSTREAM_ISSUES = [/\brolldown issue #10731\b/];

interface Problem {
  where: string;
  text: string;
  why: string;
}

function walk(dir: string, into: string[]): void {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(path, into);
    } else into.push(path);
  }
}

/** The files git knows or would add (tracked, and untracked but not ignored); a plain walk without git. */
function sourceFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '-z', ...SCANNED],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    )
      .split('\0')
      .filter(Boolean);
  } catch {
    files = [];
    for (const dir of SCANNED) walk(dir, files);
  }
  return files
    .map((file) => file.split(sep).join('/'))
    .filter((file) => TEXT_FILE.test(file))
    .filter((file) => !file.split('/').some((part) => SKIPPED_DIRS.has(part)))
    .filter((file) => !SKIPPED_PREFIXES.some((prefix) => file.startsWith(prefix)));
}

interface Section {
  number: string;
  /** The ### and #### headings inside it, lower case. */
  headings: string[];
}

/** The numbered sections of a document: '## 5. Validation rules' → 5, '## 4b. Domain model' → 4b. */
export function sectionsOf(markdown: string): Map<string, Section> {
  const sections = new Map<string, Section>();
  let current: Section | undefined;
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const top = /^## (\d+[a-z]?)\. \S/.exec(line);
    if (top?.[1]) {
      current = { number: top[1], headings: [] };
      sections.set(top[1], current);
    } else if (line.startsWith('## ')) {
      current = undefined;
    } else {
      const sub = /^#{3,4} (.+)$/.exec(line);
      if (sub?.[1] && current) current.headings.push(sub[1].toLowerCase());
    }
  }
  return sections;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a heading of the section has this word as one of its words. */
const hasHeadingWord = (section: Section, word: string): boolean =>
  section.headings.some((heading) =>
    new RegExp(`(^|[^a-z])${escape(word.toLowerCase())}($|[^a-z])`).test(heading),
  );

/** What is wrong with one line: outside references, issue numbers, citations of sections that do not exist. */
export function lineProblems(line: string, sections: Record<Doc, Map<string, Section>>): string[] {
  const problems: string[] = [];
  if (/(?<![\w./-])(?:spec|architecture)(?:['’]s)? §/i.test(line)) {
    problems.push(
      "cites a section of a document outside the repository: write 'docs/product.md §N' or 'docs/architecture.md §N'",
    );
  }
  if (/\b(?:product-spec\.md|shared\/spec\/|shared\/design\/)/.test(line)) {
    problems.push('names a file outside the repository');
  }
  const prose = line.replace(/\bthe spec(?:s| files?)\b/gi, '');
  if (/\bthe spec\b|\bspec['’]s\b|\((?:the )?spec:|(?:\/\/|\*)\s*spec:/i.test(prose)) {
    problems.push("says 'the spec': point at docs/product.md §N (or say nothing where the name says enough)");
  }
  const issues = line.replace(/\bIssue(?=s?\b)/g, 'issue');
  if (/\bissues? #?\d+/i.test(issues) && !UPSTREAM_ISSUES.some((upstream) => upstream.test(line))) {
    problems.push(
      'cites an issue number: point at docs/product.md, docs/architecture.md or a decision record',
    );
  }

  // Section citations: 'docs/product.md §2 Dashboard, §5 step 4', 'docs/architecture.md §4b', '§4–§6'.
  const token = /(docs\/(?:product|architecture)\.md )?§(\d+[a-z]?)(?:–§?(\d+[a-z]?))?( [A-Z][a-z][\w-]*)?/g;
  let doc: Doc | undefined;
  for (const match of line.matchAll(token)) {
    const [, named, first, last, word] = match;
    if (named) doc = named.trim() as Doc;
    if (!doc) {
      // A bare '§N' with no document before it on the line (an RFC's section is another matter).
      const before = line.slice(0, match.index);
      if (!/\bRFC \d+ $/.test(before))
        problems.push(`§${first} without a document: write 'docs/product.md §${first}'`);
      continue;
    }
    for (const number of [first, last]) {
      if (number && !sections[doc].has(number)) problems.push(`${doc} has no section ${number}`);
    }
    const section = first ? sections[doc].get(first) : undefined;
    if (section && word && !last && !hasHeadingWord(section, word.trim())) {
      problems.push(`${doc} §${first} has no heading with '${word.trim()}'`);
    }
  }
  return problems;
}

function readSections(): Record<Doc, Map<string, Section>> {
  const read = (doc: Doc) => sectionsOf(readFileSync(join(ROOT, doc), 'utf8'));
  return { 'docs/product.md': read('docs/product.md'), 'docs/architecture.md': read('docs/architecture.md') };
}

describe('repository hygiene: references stay inside the repository', () => {
  const sections = readSections();

  it('reads the numbered sections of docs/product.md and docs/architecture.md', () => {
    expect([...sections['docs/product.md'].keys()]).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect([...sections['docs/architecture.md'].keys()]).toEqual(
      expect.arrayContaining(['1', '2', '3', '4', '5', '6', '7', '8', '9']),
    );
  });

  it('finds each kind of bad line (the check can fail)', () => {
    const bad = [
      '// the texts of spec §8',
      '/** See architecture §5 for the error body. */',
      "// as the spec's form does",
      '// Issue 13, finding 5: control characters',
      "it('works (issue 14)', () => {});",
      '/** The filters that wait for a pause in typing (spec: 500 ms). */',
      '// docs/product.md §13',
      '// docs/architecture.md §3 and §11',
      '// docs/product.md §2 Kitchen',
      "// the enum's order, §3",
      '// read ../shared/spec/product-spec.md',
    ];
    for (const line of bad) expect(lineProblems(line, sections), line).not.toEqual([]);
    const good = [
      '// docs/product.md §2 Dashboard, §5 step 4 and §8 Payments',
      '// docs/architecture.md §4b, §7',
      '// docs/product.md §4–§6 rules',
      '// first page loads as well (rolldown issue #10731): same code',
      '// RFC 9110 §13.1.2: weak comparison',
      '// docs/benchmarks.md § Reports',
      "test.describe('the spec file runs alone', () => {});",
      '  spec: OptionSpec;',
    ];
    for (const line of good) expect(lineProblems(line, sections), line).toEqual([]);
  });

  it('no file of apps, packages, e2e or scripts cites outside documents or issue numbers, or a missing section', () => {
    const problems: Problem[] = [];
    const self = relative(ROOT, fileURLToPath(import.meta.url))
      .split(sep)
      .join('/');
    for (const file of sourceFiles()) {
      if (file === self) continue;
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      lines.forEach((text, index) => {
        for (const why of lineProblems(text, sections)) {
          problems.push({ where: `${file}:${index + 1}`, text: text.trim().slice(0, 160), why });
        }
      });
    }
    expect(problems.map(({ where, why, text }) => `${where}: ${why}\n    ${text}`).join('\n')).toBe('');
  });
});
