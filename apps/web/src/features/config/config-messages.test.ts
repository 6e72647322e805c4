import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CONFIG_ADMIN_MESSAGES, saveErrorView, sendTestEmailErrorText } from './config-messages';

const http = (status: number, statusText: string, serverMessage?: string | string[]) =>
  new ApiError({ kind: 'http', status, statusText, serverMessage });

describe('saveErrorView (docs/product.md §8 Configuration admin)', () => {
  it('lists the server’s validation messages under the validation headline', () => {
    expect(saveErrorView(http(400, 'Bad Request', ['A', 'B']))).toEqual({
      message: CONFIG_ADMIN_MESSAGES.serverValidation,
      details: ['A', 'B'],
    });
  });

  it('shows a single server message as Error: {message}', () => {
    expect(saveErrorView(http(409, 'Conflict', 'A configuration already exists.')).message).toBe(
      'Error: A configuration already exists.',
    );
  });

  it('shows the status when the server gave no message, else the default', () => {
    expect(saveErrorView(http(502, 'Bad Gateway')).message).toBe('Error 502: Bad Gateway');
    expect(saveErrorView(http(500, '')).message).toBe(CONFIG_ADMIN_MESSAGES.saveFailed);
    expect(saveErrorView(new ApiError({ kind: 'network', status: 0 })).message).toBe(
      CONFIG_ADMIN_MESSAGES.saveFailed,
    );
  });
});

describe('sendTestEmailErrorText', () => {
  it('uses the server message when there is one', () => {
    expect(
      sendTestEmailErrorText(http(400, 'Bad Request', ['Please enter at most 10 email addresses'])),
    ).toBe('Please enter at most 10 email addresses');
    expect(sendTestEmailErrorText(new ApiError({ kind: 'timeout', status: 0 }))).toBe(
      'Failed to send test email',
    );
  });
});
