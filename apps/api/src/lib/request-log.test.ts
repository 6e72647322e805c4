import Fastify from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { batchedLogDestination } from './log-destination';
import { OneLineRequestLog } from './request-log';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('OneLineRequestLog', () => {
  it('writes one line per request with method, URL, client, status and time, and still logs errors', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLineRequestLog() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('kaput');
    });
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/ok?x=1', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(lines[0]!.reqId).toEqual(expect.any(String));

    lines.length = 0;
    await app.inject({ method: 'GET', url: '/boom' });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'kaput'],
      [30, 'request completed'],
    ]);
    expect(lines[1]).toMatchObject({ req: { url: '/boom' }, res: { statusCode: 500 } });
    await app.close();
  });

  it("is the app's one line per request in production's log, with the answer's request id and no header value", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'camp-request-log-'));
    const file = path.join(dir, 'app.log');
    const log = batchedLogDestination(file);
    const t = await createTestApp({ logger: undefined, logStream: log, envOverrides: { LOG_LEVEL: 'info' } });
    try {
      const secrets = {
        authorization: 'Bearer secret-token-0123',
        cookie: 'refresh_token=secret-cookie-4567',
      };
      const first = await t.app.inject({ method: 'GET', url: '/api/public/config', headers: secrets });
      expect(first.statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/public/config',
        headers: { ...secrets, 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      log.close();
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(/secret-token|secret-cookie|authorization|cookie/i);
      const lines = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'request completed');
      expect(lines.map((line) => [line.reqId, line.req, line.res])).toEqual([
        [
          first.headers['x-request-id'],
          { method: 'GET', url: '/api/public/config', host: 'localhost:80', remoteAddress: '127.0.0.1' },
          { statusCode: 200 },
        ],
        [
          again.headers['x-request-id'],
          { method: 'GET', url: '/api/public/config', host: 'localhost:80', remoteAddress: '127.0.0.1' },
          { statusCode: 304 },
        ],
      ]);
      expect(lines.every((line) => line.level === 30 && typeof line.responseTime === 'number')).toBe(true);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
