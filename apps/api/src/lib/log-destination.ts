import pino from 'pino';
import type { DestinationStream } from 'pino';

export interface BatchedLog extends DestinationStream {
  /** Writes the lines still held now (pino's logger.flush calls it). */
  flush(callback?: (error?: Error) => void): void;
  /** Writes the lines still held; every line logged after is written at once. */
  close(): void;
}

/**
 * Production's log: JSON lines on stdout (or `dest`), one write per turn of the event loop instead of one per
 * line. A busy server logs many requests in a turn; writing each line with its own system call was the largest
 * cost of GET /api/public/config after the HTTP stack (decision 033). The lines of a turn are joined
 * and written by pino's own synchronous destination (which retries a full pipe) right after the turn's I/O, so
 * a quiet server still writes each line at once.
 *
 * Nothing is lost on an exit: close() (the server calls it at shutdown) and process exit, for any reason but a
 * kill -9, write what is held. A kill -9 can lose only the lines of the turn under way.
 */
export function batchedLogDestination(dest: number | string = 1): BatchedLog {
  const out = pino.destination({ dest, sync: true });
  let held: string[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let closed = false;

  const writeHeld = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (held.length === 0) return;
    const data = held.length === 1 ? held[0]! : held.join('');
    held = [];
    out.write(data);
  };
  process.on('exit', writeHeld);

  return {
    write(line: string) {
      if (closed) {
        out.write(line);
        return;
      }
      held.push(line);
      scheduled ??= setImmediate(writeHeld);
    },
    flush(callback) {
      writeHeld();
      callback?.();
    },
    close() {
      writeHeld();
      closed = true;
      process.off('exit', writeHeld);
    },
  };
}
