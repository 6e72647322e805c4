import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../bench/server';

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  /** The first match of `pattern` in the output from `from` on, as soon as it is printed (no polling). */
  waitForOutput: (pattern: RegExp, from: number, timeoutMs: number) => Promise<RegExpExecArray>;
  base: string;
}

/** Runs the real server process (what `npm start` runs once the web app is built). */
async function startServer(dataDir: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const waitForOutput = (pattern: RegExp, from: number, timeoutMs: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const done = () => {
        listeners.delete(check);
        child.off('exit', exited);
        clearTimeout(deadline);
      };
      const check = () => {
        const match = pattern.exec(output.slice(from));
        if (match) {
          done();
          resolve(match);
        }
      };
      const exited = () => {
        done();
        reject(new Error(`server exited while waiting for ${String(pattern)}:\n${output}`));
      };
      const deadline = setTimeout(() => {
        done();
        reject(new Error(`no ${String(pattern)} in the server output:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      child.once('exit', exited);
      check();
    });
  const base = `http://127.0.0.1:${port}`;
  await waitForOutput(/Server listening at/, 0, 60_000);
  const health = await fetch(`${base}/api/health`);
  if (!health.ok) throw new Error(`server is not healthy (${health.status}):\n${output}`);
  return { child, output: () => output, waitForOutput, base };
}

async function stop(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
  running.child.kill(signal);
  return exited;
}

/** Signs in the way a newcomer does after `npm start`: the code is in the server log. */
async function signInFromLog(
  running: Running,
  email: string,
): Promise<{ accessToken: string; role: string }> {
  const before = running.output().length;
  const requested = await fetch(`${running.base}/api/auth/request-login-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(requested.status).toBe(200);
  const logged = await running.waitForOutput(/sign-in code for .+? is: (\d{6})/, before, 4000);
  const code = running.output().slice(before).includes('DEVELOPMENT MAIL') ? logged[1] : undefined;
  expect(code).toMatch(/^\d{6}$/);
  const verified = await fetch(`${running.base}/api/auth/login-with-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  expect(verified.status).toBe(200);
  return (await verified.json()) as { accessToken: string; role: string };
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camp-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lets a newcomer sign in with the logged code, stops on Ctrl-C, and keeps the data across a restart', async () => {
    const port = await freePort();
    const first = await startServer(dataDir, port);
    const admin = await signInFromLog(first, 'founder@example.org');
    expect(admin.role).toBe('ADMIN');
    const profile = await fetch(`${first.base}/api/auth/profile`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    const { id } = (await profile.json()) as { id: string };
    const saved = await fetch(`${first.base}/api/users/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      body: JSON.stringify({
        firstName: 'Fern',
        lastName: 'Founder',
        phone: '555-0100',
        emergencyContact: 'Kit, 555-0101',
      }),
    });
    expect(saved.status).toBe(200);
    expect(await stop(first, 'SIGINT')).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await startServer(dataDir, port);
    try {
      const again = await signInFromLog(second, 'founder@example.org');
      expect(again.role).toBe('ADMIN');
      const reread = await fetch(`${second.base}/api/users/${id}`, {
        headers: { authorization: `Bearer ${again.accessToken}` },
      });
      expect(await reread.json()).toMatchObject({
        id,
        firstName: 'Fern',
        lastName: 'Founder',
        role: 'ADMIN',
      });
      // The second person in development is an ordinary participant.
      expect((await signInFromLog(second, 'second@example.org')).role).toBe('PARTICIPANT');
    } finally {
      expect(await stop(second, 'SIGTERM')).toBe(0);
    }
  }, 120_000);

  it('refuses to start in production without APP_SECRET, saying why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      },
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('APP_SECRET: required when NODE_ENV=production');
  }, 30_000);
});
