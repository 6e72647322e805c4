import { E2E_HOST } from './servers';

/**
 * Servers of e2e/registration.spec.ts only (started by start-servers.ts, never configured there): the spec sets
 * each one up through the admin API. One has registration open; on the other only early registration is open,
 * so "closed" and "early" can be tested without changing a configuration other spec files rely on.
 */
export const REGISTRATION_OPEN_PORT = 3313;
export const REGISTRATION_EARLY_PORT = 3314;
export const registrationOpenUrl = `http://${E2E_HOST}:${REGISTRATION_OPEN_PORT}`;
export const registrationEarlyUrl = `http://${E2E_HOST}:${REGISTRATION_EARLY_PORT}`;

/** Made ADMIN by these two servers only, so no other spec signs in with it (the mailbox is shared). */
export const REGISTRATION_ADMIN_EMAIL = 'registration-admin@e2e.test';

/** Waits until a registration server answers /api/health (they start after the servers Playwright waits for). */
export async function waitForServer(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${baseUrl} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
