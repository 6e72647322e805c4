import { CONFIG_MESSAGES, PAYMENT_DEADLINE_MESSAGES, WAITLIST_MESSAGES } from '@camp/shared/rules';
import { describe, expect, it } from 'vitest';
import {
  blankConfigValues,
  changedFields,
  configErrors,
  configServerErrors,
  configValuesOf,
  smtpTestIssue,
  toConfigPayload,
  type ConfigFormValues,
} from './config-form';
import { adminConfig } from './test-fixtures';

const valid = (overrides: Partial<ConfigFormValues> = {}): ConfigFormValues => ({
  ...blankConfigValues(new Date('2026-05-01T00:00:00Z')),
  campName: 'Camp Dusty Gulch',
  ...overrides,
});

describe('the blank configuration form (docs/product.md §9 defaults)', () => {
  it('opens registration, uses SMTP port 587, UTC and PayPal sandbox, and this year', () => {
    const values = blankConfigValues(new Date('2026-05-01T00:00:00Z'));
    expect(values).toMatchObject({
      registrationOpen: true,
      earlyRegistrationOpen: false,
      smtpPort: 587,
      timeZone: 'UTC',
      paypalMode: 'sandbox',
      paypalEnabled: false,
      registrationYear: 2026,
      campName: '',
    });
  });

  it('fills from a stored configuration but never shows a secret', () => {
    const values = configValuesOf(adminConfig());
    expect(values.campName).toBe('Camp Dusty Gulch');
    expect(values.smtpPort).toBe(2525);
    expect(values.timeZone).toBe('America/Los_Angeles');
    expect(values.replyTo).toBe('');
    expect([
      values.stripeApiKey,
      values.stripeWebhookSecret,
      values.paypalClientSecret,
      values.smtpPassword,
    ]).toEqual(['', '', '', '']);
  });
});

describe('configErrors (docs/product.md §5 Configuration)', () => {
  it('accepts a filled form', () => {
    expect(configErrors(valid())).toEqual({});
  });

  it('requires the camp name and a registration year from 2000 to 2100', () => {
    expect(configErrors(valid({ campName: '   ', registrationYear: 1999 }))).toEqual({
      campName: CONFIG_MESSAGES.campNameRequired,
      registrationYear: CONFIG_MESSAGES.registrationYear,
    });
    expect(configErrors(valid({ registrationYear: '' })).registrationYear).toBe(
      CONFIG_MESSAGES.registrationYear,
    );
    expect(configErrors(valid({ registrationYear: 2101 })).registrationYear).toBe(
      CONFIG_MESSAGES.registrationYear,
    );
    expect(configErrors(valid({ registrationYear: 2100 })).registrationYear).toBeUndefined();
  });

  it('takes an offer hold time of whole hours from 1 to 720 (docs/product.md §10)', () => {
    expect(valid().offerHoldHours).toBe(48);
    expect(configValuesOf(adminConfig({ offerHoldHours: 12 })).offerHoldHours).toBe(12);
    expect(configErrors(valid({ offerHoldHours: 720 }))).toEqual({});
    for (const offerHoldHours of [0, 721, 1.5, '']) {
      expect(configErrors(valid({ offerHoldHours }))).toEqual({
        offerHoldHours: WAITLIST_MESSAGES.offerHoldHours,
      });
    }
    expect(toConfigPayload(valid({ offerHoldHours: '72' })).offerHoldHours).toBe(72);
  });

  it('takes a payment deadline of whole days from 1 to 90, or empty for none (docs/product.md §10)', () => {
    expect(valid().paymentDeadlineDays).toBe('');
    expect(valid().paymentAutoRelease).toBe(false);
    expect(configValuesOf(adminConfig({ paymentDeadlineDays: 14, paymentAutoRelease: true }))).toMatchObject({
      paymentDeadlineDays: 14,
      paymentAutoRelease: true,
    });
    expect(configErrors(valid({ paymentDeadlineDays: 90 }))).toEqual({});
    for (const paymentDeadlineDays of [0, 91, 1.5]) {
      expect(configErrors(valid({ paymentDeadlineDays }))).toEqual({
        paymentDeadlineDays: PAYMENT_DEADLINE_MESSAGES.deadlineDays,
      });
    }
    expect(toConfigPayload(valid({ paymentDeadlineDays: '' })).paymentDeadlineDays).toBeNull();
    expect(toConfigPayload(valid({ paymentDeadlineDays: '7' })).paymentDeadlineDays).toBe(7);
    expect(toConfigPayload(valid({ paymentAutoRelease: true })).paymentAutoRelease).toBe(true);
  });

  it('checks sender and reply-to addresses whenever they are given', () => {
    expect(configErrors(valid({ senderEmail: 'not-an-address', replyTo: 'nope@' }))).toEqual({
      senderEmail: CONFIG_MESSAGES.senderEmailInvalid,
      replyTo: CONFIG_MESSAGES.replyToInvalid,
    });
  });

  it('requires host, port, sender address and name when e-mail is enabled', () => {
    expect(configErrors(valid({ emailEnabled: true, smtpPort: '' }))).toEqual({
      smtpHost: CONFIG_MESSAGES.smtpHostRequired,
      smtpPort: CONFIG_MESSAGES.smtpPortRequired,
      senderEmail: CONFIG_MESSAGES.senderEmailRequired,
      senderName: CONFIG_MESSAGES.senderNameRequired,
    });
    expect(
      configErrors(
        valid({
          emailEnabled: true,
          smtpHost: 'smtp.x.org',
          smtpPort: 70000,
          senderEmail: 'a@x.org',
          senderName: 'A',
        }),
      ),
    ).toEqual({ smtpPort: CONFIG_MESSAGES.smtpPortRequired });
  });

  it('refuses banner and icon addresses that are not a path or http(s)', () => {
    expect(configErrors(valid({ campBannerUrl: 'javascript:alert(1)', campIconUrl: '/icon.png' }))).toEqual({
      campBannerUrl: 'Banner URL must be a relative path or an http(s) address',
    });
  });

  it('places the server’s rule messages on their fields', () => {
    const emailOn = valid({
      emailEnabled: true,
      smtpHost: 'smtp.x.org',
      senderEmail: 'a@x.org',
      senderName: 'A',
    });
    expect(configServerErrors(emailOn, [CONFIG_MESSAGES.smtpHostRequired, 'Something else'])).toEqual({
      smtpHost: CONFIG_MESSAGES.smtpHostRequired,
    });
  });
});

describe('toConfigPayload (docs/product.md §4/§5)', () => {
  it('sends every field, trimmed, with empty optional texts (reply-to included) as null', () => {
    const payload = toConfigPayload(
      valid({
        campName: '  Camp Dusty Gulch ',
        campBannerUrl: ' /banner.jpg ',
        replyTo: '  ',
        smtpPort: '2525',
      }),
    );
    expect(payload).toMatchObject({
      campName: 'Camp Dusty Gulch',
      campBannerUrl: '/banner.jpg',
      replyTo: null,
      senderEmail: null,
      smtpPort: 2525,
      registrationOpen: true,
      timeZone: 'UTC',
      paypalMode: 'sandbox',
    });
  });

  it('leaves blank secrets out, so the stored ones are kept, and sends typed ones as typed', () => {
    const blank = toConfigPayload(valid({ stripeApiKey: '', smtpPassword: '   ' }));
    for (const secret of ['stripeApiKey', 'stripeWebhookSecret', 'paypalClientSecret', 'smtpPassword']) {
      expect(blank).not.toHaveProperty(secret);
    }
    const typed = toConfigPayload(valid({ stripeApiKey: 'sk_test_9', smtpPassword: ' pass word ' }));
    expect(typed.stripeApiKey).toBe('sk_test_9');
    expect(typed.smtpPassword).toBe(' pass word ');
    expect(typed).not.toHaveProperty('paypalClientSecret');
  });
});

describe('smtpTestIssue', () => {
  it('needs a host and a valid port before testing', () => {
    expect(smtpTestIssue(valid())).toBe('SMTP Host is required to test the connection');
    expect(smtpTestIssue(valid({ smtpHost: 'smtp.x.org', smtpPort: 0 }))).toBe(
      'SMTP Port must be a valid port number (1-65535)',
    );
    expect(smtpTestIssue(valid({ smtpHost: 'smtp.x.org' }))).toBeNull();
  });
});

describe('unsaved changes (changedFields)', () => {
  const saved = configValuesOf(adminConfig());

  it('finds nothing while the form holds what is saved', () => {
    expect(changedFields(saved, { ...saved })).toEqual([]);
  });

  it('lists the edited fields in screen order', () => {
    const edited = {
      ...saved,
      timeZone: 'UTC' as const,
      campName: 'Camp Renamed',
      registrationOpen: !saved.registrationOpen,
    };
    expect(changedFields(saved, edited)).toEqual(['campName', 'registrationOpen', 'timeZone']);
  });

  it('counts a number typed back to its saved value as unchanged, and a cleared one as changed', () => {
    expect(changedFields(saved, { ...saved, smtpPort: '2525' })).toEqual([]);
    expect(changedFields(saved, { ...saved, smtpPort: '' })).toEqual(['smtpPort']);
  });

  it('counts a typed secret as a change (saving replaces the stored one)', () => {
    expect(changedFields(saved, { ...saved, smtpPassword: 'new secret' })).toEqual(['smtpPassword']);
  });

  it('sees an edit undone as no change', () => {
    const edited = { ...saved, campName: 'Camp Renamed' };
    expect(changedFields(saved, { ...edited, campName: saved.campName })).toEqual([]);
  });
});
