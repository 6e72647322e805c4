/** Where the e2e servers listen (loopback only). */
export const E2E_HOST = '127.0.0.1';
export const CONFIGURED_PORT = 3311;
export const FRESH_PORT = 3312;
export const configuredUrl = `http://${E2E_HOST}:${CONFIGURED_PORT}`;
export const freshUrl = `http://${E2E_HOST}:${FRESH_PORT}`;

/** The camp the configured server holds (written by e2e/support/start-servers.ts). */
export const E2E_CAMP = {
  campName: 'Camp Lantern E2E',
  descriptionText: 'A shady oasis of lanterns & late-night tea on the playa.',
  blurbHeading: 'Welcome home, Lanterns!',
  registrationYear: 2031,
};
