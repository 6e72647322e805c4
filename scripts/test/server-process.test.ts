import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  base: string;
}

/** Runs the real server process (what `npm start` runs once the web app is built). */
async function startServer(dataDir: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, output: () => output, base };
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
  let code: string | undefined;
  for (let i = 0; i < 40 && !code; i += 1) {
    const logged = running.output().slice(before);
    if (logged.includes('DEVELOPMENT MAIL')) code = /sign-in code for .+? is: (\d{6})/.exec(logged)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
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
