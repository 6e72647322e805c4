/** Where the e2e servers listen (loopback only). */
export const E2E_HOST = '127.0.0.1';
export const CONFIGURED_PORT = 3311;
export const FRESH_PORT = 3312;
export const configuredUrl = `http://${E2E_HOST}:${CONFIGURED_PORT}`;
export const freshUrl = `http://${E2E_HOST}:${FRESH_PORT}`;

/**
 * The mail the servers send goes to a real SMTP server in the e2e process; this loopback endpoint hands it to
 * the tests: GET {mailUrl}/mail?to={address}[&min=N][&waitMs=M] → the newest message to that address (once at
 * least N have arrived), or 404 after waiting.
 */
export const MAIL_PORT = 3319;
export const mailUrl = `http://${E2E_HOST}:${MAIL_PORT}`;

/** Addresses the servers make ADMIN when they sign in (ADMIN_EMAILS). One per test that needs an admin. */
export const E2E_ADMIN_EMAILS = ['admin@e2e.test', 'admin2@e2e.test', 'admin3@e2e.test'];

/** The camp the configured server holds (written by e2e/support/start-servers.ts). */
export const E2E_CAMP = {
  campName: 'Camp Lantern E2E',
  descriptionText: 'A shady oasis of lanterns & late-night tea on the playa.',
  blurbHeading: 'Welcome home, Lanterns!',
  registrationYear: 2031,
};
