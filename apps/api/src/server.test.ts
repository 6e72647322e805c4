import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'camp-server-log-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the production server process', () => {
  it('writes one JSON log line per request and every one of them before it exits on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: {
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (listening) resolve(listening[1]!);
      });
      void exited.then((code) => reject(new Error(`server exited (${code}):\n${stdout}\n${stderr}`)));
    });

    const requests = 400;
    for (let sent = 0; sent < requests; sent += 50) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, async () => (await fetch(`${base}/api/public/config`)).status),
      );
      expect(statuses).toEqual(Array.from({ length: 50 }, () => 200));
    }
    // At once after the last answer: lines still held by the batched log must be written at shutdown.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');

    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map(
        (line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } },
      );
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines).toHaveLength(requests);
    expect(requestLines.every((line) => line.req?.url === '/api/public/config')).toBe(true);
    expect(requestLines.every((line) => line.res?.statusCode === 200)).toBe(true);
    expect(lines.at(-1)?.msg).toBe('shutting down');
  }, 120_000);
});
