import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { banner, prettyLogStream } from './dev-log';

describe('development log', () => {
  it('draws a banner around lines of any length', () => {
    expect(banner(['Sign-in code', 'To: a@example.org'])).toBe(
      [
        '╔═════════════════════╗',
        '║  Sign-in code       ║',
        '║  To: a@example.org  ║',
        '╚═════════════════════╝',
      ].join('\n'),
    );
  });

  it('writes a request as method, URL, status and time, and a message as text, not JSON', () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const log = pino({ base: { pid: 1, hostname: 'box' } }, prettyLogStream(false, sink));
    log.info(
      {
        reqId: 'r1',
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
        responseTime: 3.4567,
      },
      'request completed',
    );
    log.warn(banner(['Sign-in code 123456']));
    const lines = written.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health 200 \(3 ms\) request completed$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: ╔═+╗$/);
    expect(lines.slice(2)).toEqual(['║  Sign-in code 123456  ║', '╚═══════════════════════╝']);
    expect(written).not.toContain('{');
  });
});
