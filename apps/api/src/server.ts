import pino from 'pino';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { EnvError, loadEnv } from './env';
import { prettyLogStream } from './lib/dev-log';
import { type BatchedLog, batchedLogDestination } from './lib/log-destination';

/** How a failure to start is written: readable in development (and before the env is read, on a terminal). */
let readableLogs = process.stderr.isTTY === true;
/** Production's log, written once per turn of the event loop: closed (every line written) before an exit. */
let productionLog: BatchedLog | undefined;

function exit(code: number): never {
  productionLog?.close();
  process.exit(code);
}

/** Process entry: read env, open and migrate the database, listen, and shut down gracefully. */
async function main(): Promise<void> {
  const env = loadEnv();
  readableLogs = !env.isProduction;
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await database.migrate();
  // Development: readable lines (and the sign-in code as a banner); production: JSON lines for a collector,
  // batched per turn of the event loop (decision 033).
  productionLog = env.isProduction ? batchedLogDestination() : undefined;
  const app = await buildApp({ env, database, logStream: productionLog ?? prettyLogStream() });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exit(1);
    }, 10_000);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? env.dataDir : undefined },
    `Camp Registration is ready at ${env.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  // What the app logged before it failed is written first.
  productionLog?.close();
  // The app's logger is closed or was never made: the same pino, written to stderr at once, before the exit.
  const stderr = pino.destination({ dest: 2, sync: true });
  const log = pino(
    { base: undefined },
    readableLogs ? prettyLogStream(process.stderr.isTTY === true, 2) : stderr,
  );
  if (error instanceof EnvError) {
    log.fatal(error.message);
  } else {
    log.fatal({ err: error }, 'Failed to start');
  }
  process.exit(1);
});
