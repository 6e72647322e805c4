import type { Page } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Where Chromium is: CHROMIUM_PATH, Debian's /usr/bin/chromium, or undefined (Playwright's own). */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

/** Flags for a sandboxed CI machine with no outside network (see the developers' guide). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Gives the page a passkey authenticator of Chromium's own (the DevTools protocol's WebAuthn domain): a CTAP2
 * platform authenticator that keeps discoverable credentials and verifies the user, answering every prompt by
 * itself.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
