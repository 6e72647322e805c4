import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The root vitest config lists this file as the project 'web'; it also runs on its own with
// `npx vitest run --root apps/web`. Only the React plugin matters for tests; build and proxy settings do not.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Above the setup's 8 s wait for a lazily loaded screen on a busy machine (vitest.setup.ts).
    testTimeout: 15_000,
    // Each test file loads the UI libraries afresh: bundled once into one file each (esbuild), loading them takes half
    // the time (decision 064).
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/hooks',
            '@mantine/dates',
            '@mantine/modals',
            '@mantine/notifications',
            '@tanstack/react-query',
            '@tanstack/react-table',
            'react-router',
            'dayjs',
            'zod',
          ],
        },
      },
    },
  },
});
