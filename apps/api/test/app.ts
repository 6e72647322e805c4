import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildAppOptions, buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { type Env, loadEnv } from '../src/env';
import { createTestDatabase, releaseTestDatabase } from './database';

export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The env a test app runs with: test mode, a fixed secret, a throwaway data dir. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    APP_SECRET: TEST_APP_SECRET,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camp-app-')),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database (no listening: use app.inject()). */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'database'>> & { envOverrides?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const { envOverrides, ...rest } = options;
  const app = await buildApp({
    env: options.env ?? testEnv(envOverrides),
    logger: false,
    webDistDir: path.join(tmpdir(), 'camp-no-web-dist'),
    ...rest,
    database,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await releaseTestDatabase(database);
    },
  };
}
