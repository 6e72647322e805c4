import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../bench/server';

/** Whether any process of the process group `pgid` is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start (scripts/start.mjs)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camp-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops with every process it started after one SIGINT, with exit code 0', async () => {
    const port = await freePort();
    // Its own process group, as in a terminal, so the test can see every process it starts.
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        CAMP_SKIP_WEB_BUILD: '1',
      },
    });
    const pgid = child.pid as number;
    try {
      let output = '';
      const ready = new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Camp Registration is ready at')) resolve();
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', () => reject(new Error(`start exited before it was ready:\n${output}`)));
      });
      await ready;
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
      // The server and anything it ran are gone with it.
      const deadline = Date.now() + 5_000;
      while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(groupAlive(pgid)).toBe(false);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 120_000);
});
