import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../bench/server';

// How the scripts' tests run a script: as `npm run` would, in a child process of its own. Not a test file itself.

/** What a script's run left: its exit code and all it printed. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `scripts/<name>.ts …args` as a child process, with only the environment given (and PATH). */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', `${name}.ts`), ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
