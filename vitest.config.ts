import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiProject = (name: string, kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files share a worker's loaded modules (the API's code is loaded once per worker, not once per file: that
    // load was the larger part of the project's time). Each file still builds its own app on its own database, and
    // the API keeps no state in its modules (decision 064).
    isolate: false,
  },
});

const projects: Array<TestProjectInlineConfiguration | string> = [
  { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
  apiProject('api', 'pglite'),
  { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'], environment: 'node' } },
  'apps/web/vitest.config.ts',
];
// The same API suite again on a real PostgreSQL server when one is given (CI sets it).
if (process.env.TEST_DATABASE_URL) projects.push(apiProject('api-pg', 'postgres'));

export default defineConfig({ test: { projects } });
