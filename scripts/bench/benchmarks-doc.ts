import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';

/** docs/benchmarks.md, where the benchmarks that write their own results (Lighthouse, the draw) put them. */
export const BENCHMARKS_DOC = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');

/**
 * Writes `section` (a Markdown block starting with its `## ` heading) into docs/benchmarks.md: in place of the
 * section with that heading, up to the next `## `, or at the end when there is none. The file is re-read right
 * before writing (other sections may have changed meanwhile) and formatted with the repository's Prettier
 * settings.
 */
export async function writeBenchmarkSection(heading: string, section: string): Promise<void> {
  const current = readFileSync(BENCHMARKS_DOC, 'utf8');
  const start = current.indexOf(heading);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf('\n## ', start + heading.length);
    next = `${current.slice(0, start)}${section}${after === -1 ? '' : `\n${current.slice(after + 1)}`}`;
  }
  const options = await prettier.resolveConfig(BENCHMARKS_DOC);
  writeFileSync(BENCHMARKS_DOC, await prettier.format(next, { ...options, filepath: BENCHMARKS_DOC }));
}
