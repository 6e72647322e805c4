import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/**
 * A boxed block of lines that stands out in a scrolling development log: the development mail (with the
 * sign-in code in its subject) is what a newcomer looks for right after `npm start`.
 */
export function banner(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '═'.repeat(width + 4);
  return [`╔${rule}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${rule}╝`].join('\n');
}

/** A request's method and URL, or its status and time, before the message. */
function formatMessage(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const parts: string[] = [];
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof log.responseTime === 'number') parts.push(`(${Math.round(log.responseTime)} ms)`);
  parts.push(String(log[messageKey] ?? ''));
  return parts.join(' ');
}

/**
 * The development log: one readable line per entry (time, level, message; a request as method, URL, status
 * and time) instead of JSON. Synchronous, so nothing is lost when the process exits. Production logs stay
 * JSON, one object a line, for a log collector.
 */
export function prettyLogStream(
  colorize: boolean = process.stdout.isTTY === true,
  destination: NodeJS.WritableStream | number = 1,
): DestinationStream {
  return pretty({
    sync: true,
    colorize,
    destination,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: formatMessage,
    singleLine: false,
  });
}
