import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

/**
 * `npm run docs:screenshots`: the admin's guide's pictures (docs/guide/*.png), taken by e2e/guide/ with the
 * e2e tests' servers, mail capture and Chromium. Not part of `npm test` (its config matches only *.spec.ts).
 */
export default defineConfig({
  ...e2e,
  testDir: 'e2e/guide',
  testMatch: '**/*.screens.ts',
  workers: 1,
  timeout: 300_000,
  reporter: 'list',
  outputDir: '.tmp/guide-results',
});
