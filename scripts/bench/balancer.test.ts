import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { haproxyBinary, haproxyConfig, HAPROXY_MISSING, parseServerStats, startHaproxy } from './balancer';
import { freePort } from './server';

// HAProxy's statistics as the stats page gives them (columns trimmed to those read, plus one unread).
const STATS = [
  '# pxname,svname,stot,status,hrsp_1xx,hrsp_2xx,hrsp_3xx,hrsp_4xx,hrsp_5xx,hrsp_other',
  'camp,FRONTEND,9,OPEN,0,7,0,1,1,0',
  'api,api1,5,UP,0,3,0,1,1,0',
  'api,api2,4,DOWN,0,4,0,0,0,0',
  'api,BACKEND,9,UP,0,7,0,1,1,0',
  'stats,FRONTEND,1,OPEN,0,1,0,0,0,0',
  '',
].join('\n');

describe('HAProxy statistics', () => {
  it("reads each backend server's state and responses, not the front end's or other proxies'", () => {
    expect(parseServerStats(STATS)).toEqual([
      { name: 'api1', status: 'UP', responses: 5, responses5xx: 1 },
      { name: 'api2', status: 'DOWN', responses: 4, responses5xx: 0 },
    ]);
  });

  it('refuses statistics without the columns it counts', () => {
    expect(() => parseServerStats('# pxname,svname,status\napi,api1,UP\n')).toThrow(
      "HAProxy's statistics have no hrsp_1xx column",
    );
  });
});

const haproxy = haproxyBinary();

describe('HAProxy in front of two HTTP servers', () => {
  const stops: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const stop of stops.reverse()) await stop();
    stops.length = 0;
  });

  it('accepts the configuration it is given (haproxy -c)', async (context) => {
    context.skip(!haproxy, HAPROXY_MISSING);
    const dir = mkdtempSync(path.join(tmpdir(), 'camp-haproxy-'));
    stops.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'check.cfg');
    writeFileSync(
      file,
      haproxyConfig({
        port: await freePort(),
        statsPort: await freePort(),
        backends: [
          { name: 'api1', port: 3001 },
          { name: 'api2', port: 3002 },
        ],
        maxConnections: 2000,
        healthPath: '/api/health',
      }),
    );
    expect(execFileSync(haproxy ?? '', ['-c', '-f', file], { encoding: 'utf8' })).toContain(
      'Configuration file is valid',
    );
  });

  it('takes turns between the servers, forwards the client address and counts each server’s answers', async (context) => {
    context.skip(!haproxy, HAPROXY_MISSING);
    const ports = [await freePort(), await freePort()];
    const seen: Array<{ server: number; url: string; forwardedFor: string | undefined }> = [];
    const servers = ports.map((port, index) =>
      http
        .createServer((request, response) => {
          if (request.url !== '/api/health') {
            seen.push({
              server: index + 1,
              url: request.url ?? '',
              forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
            });
          }
          response.statusCode = request.url === '/fail' ? 503 : 200;
          response.end(`server ${index + 1}`);
        })
        .listen(port, '127.0.0.1'),
    );
    stops.push(() => servers.forEach((server) => server.close()));
    const dir = mkdtempSync(path.join(tmpdir(), 'camp-haproxy-'));
    stops.push(() => rmSync(dir, { recursive: true, force: true }));
    const balancer = await startHaproxy(
      {
        port: await freePort(),
        statsPort: await freePort(),
        backends: ports.map((port, index) => ({ name: `api${index + 1}`, port })),
        maxConnections: 100,
        healthPath: '/api/health',
      },
      dir,
    );
    stops.push(() => balancer.stop());

    const answers: string[] = [];
    for (const url of ['/a', '/b', '/c', '/d', '/fail']) {
      const response = await fetch(`${balancer.base}${url}`);
      answers.push(`${response.status} ${await response.text()}`);
    }
    expect(answers).toEqual(['200 server 1', '200 server 2', '200 server 1', '200 server 2', '503 server 1']);
    expect(seen.map((entry) => entry.forwardedFor)).toEqual(Array(5).fill('127.0.0.1'));
    expect(await balancer.servers()).toEqual([
      { name: 'api1', status: 'UP', responses: 3, responses5xx: 1 },
      { name: 'api2', status: 'UP', responses: 2, responses5xx: 0 },
    ]);
  });
});
