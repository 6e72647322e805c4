import { describe, expect, it } from 'vitest';
import {
  fieldValueText,
  formatDate,
  formatDateTime,
  formatDateTimeInZone,
  formatDollars,
  labelWithColon,
  WAITLIST_MAILS,
} from '../index';

describe('formatDate', () => {
  it('writes a calendar day as that day, whatever the reader’s time zone', () => {
    expect(formatDate('2026-08-31')).toBe('Aug 31, 2026');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate(' 2032-02-29 ')).toBe('Feb 29, 2032');
  });

  it('writes a timestamp as its day', () => {
    expect(formatDate('2026-03-02T12:00:00.000Z')).toBe('Mar 2, 2026');
  });

  it('gives text that is no date back as it was', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2026-02-31')).toBe('2026-02-31');
    expect(formatDate('')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes the day and the time, and leaves text that is no date alone', () => {
    expect(formatDateTime('2026-03-02T12:05:00.000Z')).toMatch(/^Mar 2, 2026, \d{1,2}:05 (AM|PM)$/);
    expect(formatDateTime('later')).toBe('later');
    expect(formatDateTime(null)).toBe('—');
  });

  it('writes the time in a given time zone and names the zone', () => {
    expect(formatDateTime('2026-08-20T19:00:00.000Z', 'America/Los_Angeles')).toBe(
      'Aug 20, 2026, 12:00 PM PDT',
    );
    expect(formatDateTime('2026-08-20T19:00:00.000Z', 'UTC')).toBe('Aug 20, 2026, 7:00 PM UTC');
    // An unknown zone is written in UTC, naming it, as the mails do.
    expect(formatDateTime('2026-08-20T19:05:00.000Z', 'Nowhere/Else')).toBe('Aug 20, 2026, 7:05 PM UTC');
  });
});

describe('formatDateTimeInZone', () => {
  it("writes a moment in the camp's zone, naming the zone, and falls back to UTC for an unknown one", () => {
    const moment = new Date('2026-03-02T18:05:00.000Z');
    expect(formatDateTimeInZone(moment, 'America/Los_Angeles')).toBe('Mar 2, 2026, 10:05 AM PST');
    expect(formatDateTimeInZone(moment, 'UTC')).toBe('Mar 2, 2026, 6:05 PM UTC');
    expect(formatDateTimeInZone(moment, 'Nowhere/Else')).toBe('Mar 2, 2026, 6:05 PM UTC');
  });
});

describe('WAITLIST_MAILS', () => {
  it('names the options and the deadline of an offer, and the reminder and the end', () => {
    expect(WAITLIST_MAILS.offerSubject('Dust Camp')).toBe('Dust Camp: a place is free for you');
    expect(WAITLIST_MAILS.offerLines(['Tent', 'RV'], 'Mar 2, 2026, 10:05 AM PST')).toEqual([
      'A place is free for you: Tent, RV.',
      'We are holding it for you until Mar 2, 2026, 10:05 AM PST. Accept to take it, or decline to pass it to the next person.',
      'Accept or decline it on your dashboard.',
    ]);
    expect(WAITLIST_MAILS.warningSubject('Dust Camp')).toBe(
      'Dust Camp: your waitlist offer runs out in 12 hours',
    );
    expect(WAITLIST_MAILS.expiredSubject('Dust Camp')).toBe('Dust Camp: your waitlist offer has run out');
  });
});

describe('fieldValueText', () => {
  it('writes a DATE answer as a date people read', () => {
    expect(fieldValueText('2026-08-31', 'DATE')).toBe('Aug 31, 2026');
  });

  it('says Yes/No for yes/no answers, Not provided for empty ones, and the rest as typed', () => {
    expect(fieldValueText(true, 'BOOLEAN')).toBe('Yes');
    expect(fieldValueText('false', 'BOOLEAN')).toBe('No');
    expect(fieldValueText(null, 'DATE')).toBe('Not provided');
    expect(fieldValueText('', 'STRING')).toBe('Not provided');
    expect(fieldValueText(undefined, 'INTEGER')).toBe('Not provided');
    expect(fieldValueText(0, 'INTEGER')).toBe('0');
    expect(fieldValueText('2026-08-31', 'STRING')).toBe('2026-08-31');
    expect(fieldValueText('Line one\nline two', 'MULTILINE_STRING')).toBe('Line one\nline two');
  });
});

describe('labelWithColon', () => {
  it('adds a colon, but never a second one after ? or :', () => {
    expect(labelWithColon('Arrival date')).toBe('Arrival date:');
    expect(labelWithColon('Bringing your own shade?')).toBe('Bringing your own shade?');
    expect(labelWithColon('Notes:')).toBe('Notes:');
    expect(labelWithColon('Notes: ')).toBe('Notes:');
  });
});

describe('formatDollars', () => {
  it('writes money with a $ sign, thousands separated by commas and two decimals', () => {
    expect(formatDollars(54825)).toBe('$54,825.00');
    expect(formatDollars(1234567.5)).toBe('$1,234,567.50');
    expect(formatDollars(999.99)).toBe('$999.99');
    expect(formatDollars(125.5)).toBe('$125.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });

  it('puts the minus sign before the $ of a negative amount', () => {
    expect(formatDollars(-1200)).toBe('-$1,200.00');
  });
});
