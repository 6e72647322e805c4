import type { AdminCampConfig } from '@camp/shared/config';

/** A stored configuration as GET /core-config/current answers it (tests only). */
export function adminConfig(overrides: Partial<AdminCampConfig> = {}): AdminCampConfig {
  return {
    id: 'cfg-1',
    campName: 'Camp Dusty Gulch',
    campDescription: '<p>Shade and tea.</p>',
    homePageBlurb: '<h2>Welcome</h2>',
    campBannerUrl: '/banner.jpg',
    campBannerAltText: 'Dunes at dusk',
    campIconUrl: null,
    campIconAltText: null,
    registrationYear: 2026,
    earlyRegistrationOpen: false,
    registrationOpen: false,
    registrationTerms: '<p>Be kind.</p>',
    allowDeferredDuesPayment: false,
    stripeEnabled: true,
    stripePublicKey: 'pk_test_1',
    stripeApiKeySet: true,
    stripeWebhookSecretSet: false,
    paypalEnabled: false,
    paypalClientId: null,
    paypalClientSecretSet: false,
    paypalMode: 'sandbox',
    emailEnabled: true,
    smtpHost: 'smtp.example.org',
    smtpPort: 2525,
    smtpUsername: 'mailer',
    smtpPasswordSet: true,
    smtpUseSsl: false,
    senderEmail: 'camp@example.org',
    senderName: 'Camp Dusty Gulch',
    replyTo: null,
    timeZone: 'America/Los_Angeles',
    offerHoldHours: 48,
    paymentDeadlineDays: null,
    shiftReminderHours: 24,
    paymentAutoRelease: false,
    drawOpensAt: null,
    drawClosesAt: null,
    openingSunday: null,
    shiftChangesClose: null,
    adminPasskeysRequiredFrom: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/** The request's secret fields and the flags the API answers in their place: a secret is never sent back. */
const SECRET_FLAGS: Record<string, keyof AdminCampConfig> = {
  stripeApiKey: 'stripeApiKeySet',
  stripeWebhookSecret: 'stripeWebhookSecretSet',
  paypalClientSecret: 'paypalClientSecretSet',
  smtpPassword: 'smtpPasswordSet',
};

/** The stored configuration as a save (PATCH or POST) of `body` answers it: secrets come back as flags. */
export function savedAdminConfig(body: unknown): AdminCampConfig {
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const flag = SECRET_FLAGS[key];
    if (flag) stored[flag] = Boolean(value);
    else stored[key] = value;
  }
  return adminConfig(stored as Partial<AdminCampConfig>);
}
