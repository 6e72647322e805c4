import { describe, expect, it } from 'vitest';
import {
  CONFIG_MESSAGES,
  campConfigRuleIssues,
  CreateCampConfigInputSchema,
  isSafeImageUrl,
  UpdateCampConfigInputSchema,
  PAYMENT_DEADLINE_MESSAGES,
  WAITLIST_MESSAGES,
} from './index';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('campConfigRuleIssues', () => {
  const enabled = {
    emailEnabled: true,
    smtpHost: 'smtp.example.org',
    smtpPort: 587,
    senderEmail: 'camp@example.org',
    senderName: 'Camp',
  };

  it('passes complete e-mail settings and anything while e-mail is off', () => {
    expect(campConfigRuleIssues(enabled)).toEqual([]);
    expect(
      campConfigRuleIssues({
        emailEnabled: false,
        smtpHost: null,
        smtpPort: null,
        senderEmail: null,
        senderName: null,
      }),
    ).toEqual([]);
  });

  it('lists every missing setting with the messages of docs/product.md §5 when e-mail is on', () => {
    expect(
      campConfigRuleIssues({
        emailEnabled: true,
        smtpHost: ' ',
        smtpPort: null,
        senderEmail: '',
        senderName: null,
      }),
    ).toEqual([
      'SMTP Host is required when email notifications are enabled',
      'SMTP Port must be a valid port number (1-65535) when email notifications are enabled',
      'Sender Email is required when email notifications are enabled',
      'Sender Name is required when email notifications are enabled',
    ]);
    for (const smtpPort of [0, 65536, 25.5, -1]) {
      expect(campConfigRuleIssues({ ...enabled, smtpPort })).toEqual([CONFIG_MESSAGES.smtpPortRequired]);
    }
    expect(campConfigRuleIssues({ ...enabled, smtpPort: 1 })).toEqual([]);
    expect(campConfigRuleIssues({ ...enabled, smtpPort: 65535 })).toEqual([]);
  });

  it('still refuses an impossible port while e-mail is off', () => {
    expect(campConfigRuleIssues({ ...enabled, emailEnabled: false, smtpPort: 0 })).toEqual([
      'SMTP Port must be a valid port number (1-65535)',
    ]);
  });
});

describe('isSafeImageUrl', () => {
  it('accepts relative paths and absolute http(s) addresses', () => {
    for (const url of [
      '/img/banner.jpg',
      'img/banner.jpg',
      '../banner.png',
      'https://cdn.example.org/b.jpg',
      'HTTP://x.org',
    ]) {
      expect(isSafeImageUrl(url), url).toBe(true);
    }
  });

  it('refuses other schemes, protocol-relative, control characters and backslashes', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      'vbscript:msgbox',
      'file:///etc/passwd',
      '//evil.example/x.png',
      'java\tscript:alert(1)',
      '/a b.png',
      '\\\\evil\\share',
      'https://',
      '',
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(isSafeImageUrl(url), url).toBe(false);
    }
  });
});

describe('CreateCampConfigInputSchema', () => {
  it('needs only a camp name and fills nothing else in', () => {
    const parsed = CreateCampConfigInputSchema.parse({ campName: '  Camp Lantern ' });
    expect(parsed).toEqual({ campName: 'Camp Lantern' });
  });

  it('normalizes: trims URLs, blanks to null, lower-cases addresses, drops blank secrets', () => {
    const parsed = CreateCampConfigInputSchema.parse({
      campName: 'Camp',
      campBannerUrl: '  /b.jpg ',
      campIconUrl: '',
      replyTo: '',
      senderEmail: ' Camp@Example.ORG ',
      campDescription: null,
      stripeApiKey: '   ',
      paypalClientSecret: ' secret ',
      smtpPassword: ' spaced ',
    });
    expect(parsed).toEqual({
      campName: 'Camp',
      campBannerUrl: '/b.jpg',
      campIconUrl: null,
      replyTo: null,
      senderEmail: 'camp@example.org',
      campDescription: '',
      stripeApiKey: undefined,
      paypalClientSecret: 'secret',
      smtpPassword: ' spaced ',
    });
  });

  it('checks the e-mail rules with the default port of 587', () => {
    expect(
      issues(
        CreateCampConfigInputSchema.safeParse({
          campName: 'Camp',
          emailEnabled: true,
          smtpHost: 'smtp.example.org',
          senderEmail: 'camp@example.org',
          senderName: 'Camp',
        }),
      ),
    ).toEqual([]);
    expect(
      issues(CreateCampConfigInputSchema.safeParse({ campName: 'Camp', emailEnabled: true, smtpPort: null })),
    ).toEqual([
      CONFIG_MESSAGES.smtpHostRequired,
      CONFIG_MESSAGES.smtpPortRequired,
      CONFIG_MESSAGES.senderEmailRequired,
      CONFIG_MESSAGES.senderNameRequired,
    ]);
  });

  it('puts each e-mail rule on the field it is about, so a form shows it there', () => {
    const result = CreateCampConfigInputSchema.safeParse({
      campName: 'Camp',
      emailEnabled: true,
      smtpPort: 0,
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['smtpHost', CONFIG_MESSAGES.smtpHostRequired],
      ['smtpPort', CONFIG_MESSAGES.smtpPortRequired],
      ['senderEmail', CONFIG_MESSAGES.senderEmailRequired],
      ['senderName', CONFIG_MESSAGES.senderNameRequired],
    ]);
  });

  it('gives the field messages of docs/product.md §5', () => {
    expect(
      issues(
        CreateCampConfigInputSchema.safeParse({
          campName: '',
          registrationYear: 2101,
          senderEmail: 'x',
          replyTo: 'y@',
        }),
      ),
    ).toEqual([
      'Camp name is required',
      'Registration year must be between 2000 and 2100',
      'Sender Email must be a valid email address',
      'Reply-To Email must be a valid email address',
    ]);
    expect(issues(CreateCampConfigInputSchema.safeParse({}))).toEqual(['Camp name is required']);
  });
});

describe('UpdateCampConfigInputSchema', () => {
  it('accepts any subset, and nothing unknown', () => {
    expect(UpdateCampConfigInputSchema.parse({})).toEqual({});
    expect(UpdateCampConfigInputSchema.parse({ registrationOpen: true })).toEqual({ registrationOpen: true });
    expect(issues(UpdateCampConfigInputSchema.safeParse({ stripeApiKeySet: true }))).toEqual([
      'Unrecognized key: "stripeApiKeySet"',
    ]);
    expect(issues(UpdateCampConfigInputSchema.safeParse({ registrationYear: 1999.5 }))).toEqual([
      CONFIG_MESSAGES.registrationYear,
    ]);
  });
});

describe('offer hold time (docs/product.md §10)', () => {
  it('takes whole hours from 1 to 720 and refuses anything else with its message', () => {
    expect(UpdateCampConfigInputSchema.parse({ offerHoldHours: 1 })).toEqual({ offerHoldHours: 1 });
    expect(UpdateCampConfigInputSchema.parse({ offerHoldHours: 720 })).toEqual({ offerHoldHours: 720 });
    for (const offerHoldHours of [0, 721, 1.5, Number.NaN, '48']) {
      expect(issues(UpdateCampConfigInputSchema.safeParse({ offerHoldHours }))).toEqual([
        WAITLIST_MESSAGES.offerHoldHours,
      ]);
    }
  });
});

describe('payment deadline (docs/product.md §10)', () => {
  it('takes whole days from 1 to 90 or null, and refuses anything else with its message', () => {
    for (const paymentDeadlineDays of [1, 90, null]) {
      expect(UpdateCampConfigInputSchema.parse({ paymentDeadlineDays })).toEqual({ paymentDeadlineDays });
    }
    for (const paymentDeadlineDays of [0, 91, 1.5, Number.NaN, '7']) {
      expect(issues(UpdateCampConfigInputSchema.safeParse({ paymentDeadlineDays }))).toEqual([
        PAYMENT_DEADLINE_MESSAGES.deadlineDays,
      ]);
    }
  });

  it('takes the auto-release switch as a boolean only', () => {
    expect(UpdateCampConfigInputSchema.parse({ paymentAutoRelease: true })).toEqual({
      paymentAutoRelease: true,
    });
    expect(issues(UpdateCampConfigInputSchema.safeParse({ paymentAutoRelease: 'yes' }))).toEqual([
      PAYMENT_DEADLINE_MESSAGES.autoRelease,
    ]);
  });
});
