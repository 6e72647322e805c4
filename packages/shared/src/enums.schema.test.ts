import { describe, expect, it } from 'vitest';
import { defaultPublicConfig, DEFAULT_HOME_PAGE_BLURB } from './index';
import { DAY_LABELS, DAYS_OF_WEEK, dayOrder, normalizeFieldDataType, ROLE_LABELS } from './index';
import { errorMessageText } from './index';

describe('days', () => {
  it('orders the festival days as the work schedule shows them', () => {
    const shuffled = ['POST_EVENT', 'MONDAY', 'PRE_OPENING', 'CLOSING_SUNDAY', 'OPENING_SUNDAY', 'SATURDAY'];
    expect([...shuffled].sort((a, b) => dayOrder(a) - dayOrder(b))).toEqual([
      'PRE_OPENING',
      'OPENING_SUNDAY',
      'MONDAY',
      'SATURDAY',
      'CLOSING_SUNDAY',
      'POST_EVENT',
    ]);
    expect(dayOrder('SOMEDAY')).toBe(DAYS_OF_WEEK.length);
  });

  it('has a readable label for every day', () => {
    expect(DAYS_OF_WEEK.map((day) => DAY_LABELS[day])).toEqual([
      'Pre-Opening',
      'Opening Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Closing Sunday',
      'Post-Event',
    ]);
  });
});

describe('field data types', () => {
  it('reads legacy TEXT and SELECT as STRING and refuses unknown types', () => {
    expect(normalizeFieldDataType('TEXT')).toBe('STRING');
    expect(normalizeFieldDataType('select')).toBe('STRING');
    expect(normalizeFieldDataType('MULTILINE_STRING')).toBe('MULTILINE_STRING');
    expect(normalizeFieldDataType('date')).toBe('DATE');
    expect(normalizeFieldDataType('COLOR')).toBeUndefined();
  });
});

describe('labels and messages', () => {
  it('shows roles lower-cased with participants as user', () => {
    expect(ROLE_LABELS).toEqual({ ADMIN: 'admin', STAFF: 'staff', PARTICIPANT: 'user' });
  });

  it('joins a list of error messages', () => {
    expect(errorMessageText(['Name is required', 'Age cannot be negative'])).toBe(
      'Name is required, Age cannot be negative',
    );
    expect(errorMessageText('Tent is full')).toBe('Tent is full');
  });
});

describe('defaultPublicConfig', () => {
  it('keeps registration closed, uses this year and the welcome blurb', () => {
    const config = defaultPublicConfig(new Date('2040-06-01T00:00:00Z'));
    expect(config).toMatchObject({
      id: null,
      campName: 'Camp Registration',
      registrationYear: 2040,
      registrationOpen: false,
      earlyRegistrationOpen: false,
      homePageBlurb: DEFAULT_HOME_PAGE_BLURB,
      timeZone: 'UTC',
      paypalMode: 'sandbox',
      campDescription: '',
      registrationTerms: '',
      stripeEnabled: false,
      paypalEnabled: false,
      allowDeferredDuesPayment: false,
    });
  });
});
