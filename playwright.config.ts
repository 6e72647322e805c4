import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/chromium';
import { CONFIGURED_PORT, configuredUrl } from './e2e/support/servers';

const executablePath = findChromium();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: configuredUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node --import tsx e2e/support/start-servers.ts',
    url: `${configuredUrl}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { CAMP_E2E_PORT: String(CONFIGURED_PORT) },
  },
});
