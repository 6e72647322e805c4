import { fileURLToPath } from 'node:url';

/** src/db/migrations beside this file; in the built server (apps/api/build.mjs) the copy beside dist/server.js. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant: the advisory lock that lets one process at a time migrate a shared server. */
export const MIGRATION_LOCK_KEY = 7_240_113;
