import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
});
