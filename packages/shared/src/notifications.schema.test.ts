import { describe, expect, it } from 'vitest';
import {
  parseEmailList,
  SendTestEmailInputSchema,
  TestEmailHistoryQuerySchema,
  testEmailSentMessage,
  TestSmtpConnectionInputSchema,
} from './index';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('parseEmailList', () => {
  it('splits on commas, trims, lower-cases and removes repeats', () => {
    expect(parseEmailList(' Ada@Example.org, ,bob@example.net,ada@example.org ')).toEqual({
      emails: ['ada@example.org', 'bob@example.net'],
      invalid: [],
    });
  });

  it('lists the invalid entries as typed', () => {
    expect(parseEmailList('ok@example.org, Not An Address, x@')).toEqual({
      emails: ['ok@example.org'],
      invalid: ['Not An Address', 'x@'],
    });
  });
});

describe('SendTestEmailInputSchema', () => {
  it('defaults to html with SMTP details', () => {
    expect(SendTestEmailInputSchema.parse({ email: 'a@example.org' })).toEqual({
      email: ['a@example.org'],
      format: 'html',
      includeSmtpDetails: true,
    });
  });

  it('gives the messages of docs/product.md §5', () => {
    expect(issues(SendTestEmailInputSchema.safeParse({ email: '' }))).toEqual([
      'Please enter at least one email address',
    ]);
    expect(issues(SendTestEmailInputSchema.safeParse({ email: 'a, b@example.org, c' }))).toEqual([
      'Invalid email address(es): a, c',
    ]);
    expect(testEmailSentMessage(3)).toBe('Test email sent successfully to 3 recipient(s)!');
  });
});

describe('TestEmailHistoryQuerySchema', () => {
  it('reads the limit from the query string, 10 by default, 1 to 100', () => {
    expect(TestEmailHistoryQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(TestEmailHistoryQuerySchema.parse({ limit: '25' })).toEqual({ limit: 25 });
    for (const limit of ['0', '101', 'ten', '1.5']) {
      expect(issues(TestEmailHistoryQuerySchema.safeParse({ limit }))).toEqual([
        'Limit must be a whole number between 1 and 100',
      ]);
    }
  });
});

describe('TestSmtpConnectionInputSchema', () => {
  it('takes the form as it stands; a blank password becomes null', () => {
    expect(
      TestSmtpConnectionInputSchema.parse({
        emailEnabled: true,
        smtpHost: ' smtp.example.org ',
        smtpPort: 587,
        smtpUsername: '',
        smtpPassword: '  ',
        smtpUseSsl: false,
        senderEmail: 'camp@example.org',
        senderName: 'Camp',
        replyTo: '',
      }),
    ).toEqual({
      emailEnabled: true,
      smtpHost: 'smtp.example.org',
      smtpPort: 587,
      smtpUsername: null,
      smtpPassword: null,
      smtpUseSsl: false,
      senderEmail: 'camp@example.org',
      senderName: 'Camp',
      replyTo: null,
    });
  });

  it('needs a host and a port', () => {
    expect(issues(TestSmtpConnectionInputSchema.safeParse({ smtpHost: '', smtpPort: 70000 }))).toEqual([
      'SMTP Host is required to test the connection',
      'SMTP Port must be a valid port number (1-65535)',
    ]);
    expect(issues(TestSmtpConnectionInputSchema.safeParse({ smtpHost: 'http://x', smtpPort: 25 }))).toEqual([
      'SMTP Host must be a host name or IP address',
    ]);
  });
});
