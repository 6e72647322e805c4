import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, writeFileSync } from 'node:fs';
import path from 'node:path';
import { superviseChild } from './server';

// A real load balancer in front of several API processes: HAProxy from the system's packages (Debian's
// `haproxy`), with a configuration written for one run into a temporary folder (decision 031). Never a proxy
// of our own.

/** Where Debian puts HAProxy; other systems find it on PATH. */
const DEBIAN_HAPROXY = '/usr/sbin/haproxy';

/** The HAProxy binary, or undefined when it is not installed. */
export function haproxyBinary(): string | undefined {
  const candidates = [
    DEBIAN_HAPROXY,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'haproxy')),
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there: try the next.
    }
  }
  return undefined;
}

export const HAPROXY_MISSING = `HAProxy was not found (${DEBIAN_HAPROXY} or haproxy on PATH); install it with apt-get install haproxy`;

export interface Backend {
  /** The server's name in HAProxy's configuration and statistics (api1, api2, …). */
  name: string;
  port: number;
}

export interface BalancerLayout {
  /** Loopback port clients use. */
  port: number;
  /** Loopback port of HAProxy's statistics page (CSV at /;csv). */
  statsPort: number;
  backends: Backend[];
  /** Client connections HAProxy accepts at once. */
  maxConnections: number;
  /** The API's health route, checked on every backend. */
  healthPath: string;
}

/**
 * HAProxy's configuration: round robin over the backends, keep-alive on both sides, an HTTP health check on
 * each backend, X-Forwarded-For for the API's TRUST_PROXY, long time-outs (a rush may keep a request waiting
 * for many seconds) and a statistics page on its own port.
 */
export function haproxyConfig(layout: BalancerLayout): string {
  const servers = layout.backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`);
  return [
    '# Written by scripts/bench/balancer.ts for one run and removed after it.',
    'global',
    `  maxconn ${layout.maxConnections}`,
    // One thread: on a small host the API processes and the database need the cores more than the proxy.
    '  nbthread 1',
    '',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 150s',
    '  timeout server 150s',
    '  timeout http-request 30s',
    '  timeout http-keep-alive 150s',
    '  timeout queue 150s',
    '',
    'frontend camp',
    `  bind 127.0.0.1:${layout.port}`,
    '  default_backend api',
    '',
    'backend api',
    '  balance roundrobin',
    // Idle server connections are reused by other clients' requests when it is safe (HAProxy's default).
    '  http-reuse safe',
    '  option httpchk',
    `  http-check send meth GET uri ${layout.healthPath}`,
    '  http-check expect status 200',
    '  default-server check inter 1s fall 3 rise 2',
    ...servers,
    '',
    'listen stats',
    `  bind 127.0.0.1:${layout.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '',
  ].join('\n');
}

export interface ServerStats {
  name: string;
  /** HAProxy's state of the server: UP, DOWN, MAINT, "UP 1/2" while rising… */
  status: string;
  /** HTTP responses the server gave through the balancer (health checks not counted). */
  responses: number;
  /** Of those, 5xx. */
  responses5xx: number;
}

/** The backends' rows of HAProxy's statistics CSV (`show stat`, or the stats page's `;csv`). */
export function parseServerStats(csv: string, backend = 'api'): ServerStats[] {
  const lines = csv.split('\n').filter((line) => line.trim() !== '');
  const header = lines[0]?.replace(/^#\s*/, '').split(',') ?? [];
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`HAProxy's statistics have no ${name} column`);
    return index;
  };
  const [pxname, svname, status, xx1, xx2, xx3, xx4, xx5, other] = [
    'pxname',
    'svname',
    'status',
    'hrsp_1xx',
    'hrsp_2xx',
    'hrsp_3xx',
    'hrsp_4xx',
    'hrsp_5xx',
    'hrsp_other',
  ].map(column) as [number, number, number, number, number, number, number, number, number];
  const rows: ServerStats[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const name = cells[svname] ?? '';
    if (cells[pxname] !== backend || name === 'FRONTEND' || name === 'BACKEND') continue;
    const count = (index: number) => Number(cells[index] || 0);
    rows.push({
      name,
      status: cells[status] ?? '',
      responses: [xx1, xx2, xx3, xx4, xx5, other].reduce((sum, index) => sum + count(index), 0),
      responses5xx: count(xx5),
    });
  }
  return rows;
}

export interface Balancer {
  /** http://127.0.0.1:port of the balancer's front end. */
  base: string;
  configFile: string;
  /** HAProxy's process id (for its CPU reading). */
  pid: number | undefined;
  /** Every backend's state and counts now. */
  servers: () => Promise<ServerStats[]>;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts HAProxy in the foreground with `layout`'s configuration written into `dir`, and waits until every
 * backend has passed its health checks (UP). Throws when HAProxy is missing, refuses its configuration or a
 * backend is not UP within 30 s.
 */
export async function startHaproxy(layout: BalancerLayout, dir: string): Promise<Balancer> {
  const binary = haproxyBinary();
  if (!binary) throw new Error(HAPROXY_MISSING);
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(layout));
  const child: ChildProcess = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const { output, stop } = superviseChild(child, { keepChars: 100_000, killAfterMs: 5_000 });
  const servers = async () => {
    const response = await fetch(`http://127.0.0.1:${layout.statsPort}/;csv`);
    if (!response.ok) throw new Error(`HAProxy's statistics answered ${response.status}`);
    return parseServerStats(await response.text());
  };
  const deadline = Date.now() + 30_000;
  let last: string;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with code ${child.exitCode}:\n${output()}`);
    try {
      const states = await servers();
      last = states.map((server) => `${server.name} ${server.status}`).join(', ');
      if (states.length === layout.backends.length && states.every((server) => server.status === 'UP')) break;
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy's backends were not all UP within 30 s (${last}):\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base: `http://127.0.0.1:${layout.port}`,
    configFile,
    pid: child.pid,
    servers,
    output,
    stop,
  };
}
