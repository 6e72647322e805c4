import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchedLogDestination } from './log-destination';

const dir = mkdtempSync(path.join(tmpdir(), 'camp-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = () => path.join(dir, `log-${(files += 1)}.jsonl`);
const read = (file: string) => readFileSync(file, 'utf8');
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedLogDestination', () => {
  it('writes the lines of one turn together, in order, as soon as the turn is over', async () => {
    const file = freshFile();
    const log = batchedLogDestination(file);
    log.write('{"n":1}\n');
    log.write('{"n":2}\n');
    log.write('{"n":3}\n');
    expect(read(file)).toBe('');
    await nextTurn();
    expect(read(file)).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    log.write('{"n":4}\n');
    await nextTurn();
    expect(read(file)).toBe('{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n');
    log.close();
  });

  it('writes what it holds on flush and on close, and every line after close at once', () => {
    const file = freshFile();
    const log = batchedLogDestination(file);
    log.write('a\n');
    let flushed = false;
    log.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    expect(read(file)).toBe('a\n');
    log.write('b\n');
    log.close();
    expect(read(file)).toBe('a\nb\n');
    log.write('c\n');
    expect(read(file)).toBe('a\nb\nc\n');
  });

  it('loses no line when the process exits before the turn is over', async () => {
    const file = freshFile();
    const module = path.join(import.meta.dirname, 'log-destination.ts');
    const script = [
      `import { batchedLogDestination } from ${JSON.stringify(module)};`,
      `const log = batchedLogDestination(${JSON.stringify(file)});`,
      `for (let n = 1; n <= 500; n++) log.write('{"n":' + n + '}\\n');`,
      'process.exit(3);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(3);
    const lines = read(file).split('\n').filter(Boolean);
    expect(lines).toEqual(Array.from({ length: 500 }, (_, index) => `{"n":${index + 1}}`));
  });
});
