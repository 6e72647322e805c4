import { describe, expect, it } from 'vitest';
import { eventCalendarOf } from './public-config';
import {
  festivalCalendar,
  festivalDate,
  festivalDayHeading,
  festivalDayText,
  shiftWhenDated,
  formatEventDate,
  isOpeningSunday,
  shiftMoments,
  shiftWallTimes,
} from './event-dates';

const calendar = { openingSunday: '2027-08-29' };

describe('event dates (decision 053)', () => {
  it('accepts only a real date on a Sunday as Opening Sunday', () => {
    expect(isOpeningSunday('2027-08-29')).toBe(true);
    expect(isOpeningSunday('2027-08-30')).toBe(false);
    expect(isOpeningSunday('2027-02-29')).toBe(false);
    expect(isOpeningSunday('29/08/2027')).toBe(false);
    expect(isOpeningSunday('')).toBe(false);
  });

  it('dates every festival day from Opening Sunday', () => {
    expect(festivalCalendar(calendar).map(({ day, date }) => `${day} ${date}`)).toEqual([
      'PRE_OPENING 2027-08-28',
      'OPENING_SUNDAY 2027-08-29',
      'MONDAY 2027-08-30',
      'TUESDAY 2027-08-31',
      'WEDNESDAY 2027-09-01',
      'THURSDAY 2027-09-02',
      'FRIDAY 2027-09-03',
      'SATURDAY 2027-09-04',
      'CLOSING_SUNDAY 2027-09-05',
      'POST_EVENT 2027-09-06',
    ]);
    expect(festivalDate(calendar, 'PRE_OPENING', 3)).toBe('2027-08-26');
    expect(festivalDate(calendar, 'POST_EVENT', 2)).toBe('2027-09-07');
  });

  it('ends a shift that crosses midnight on the next day', () => {
    expect(shiftWallTimes({ dayOfWeek: 'SATURDAY', startTime: '22:00', endTime: '02:00' }, calendar)).toEqual(
      {
        date: '2027-09-04',
        start: '2027-09-04T22:00',
        end: '2027-09-05T02:00',
      },
    );
    expect(
      shiftWallTimes({ dayOfWeek: 'MONDAY', startTime: '09:00:00', endTime: '12:00:00' }, calendar),
    ).toEqual({
      date: '2027-08-30',
      start: '2027-08-30T09:00',
      end: '2027-08-30T12:00',
    });
  });

  it('turns wall-clock times into moments across a daylight-saving change', () => {
    // US clocks go back at 02:00 on Sunday 2027-11-07: an overnight shift from Saturday is one hour longer.
    const fall = { openingSunday: '2027-11-07' };
    expect(
      shiftMoments(
        { dayOfWeek: 'PRE_OPENING', startTime: '22:00', endTime: '06:00' },
        fall,
        'America/Los_Angeles',
      ),
    ).toEqual({ start: '2027-11-07T05:00:00.000Z', end: '2027-11-07T14:00:00.000Z' });
    expect(
      shiftMoments(
        { dayOfWeek: 'MONDAY', startTime: '09:00', endTime: '12:00' },
        calendar,
        'America/Los_Angeles',
      ),
    ).toEqual({ start: '2027-08-30T16:00:00.000Z', end: '2027-08-30T19:00:00.000Z' });
  });

  it('names a day with its date only when the event has dates', () => {
    expect(formatEventDate('2027-08-29')).toBe('Sun, Aug 29');
    expect(festivalDayText('OPENING_SUNDAY', null)).toBe('Opening Sunday');
    expect(festivalDayText('OPENING_SUNDAY', calendar)).toBe('Opening Sunday, Aug 29');
    expect(festivalDayText('MONDAY', calendar)).toBe('Monday, Aug 30');
    expect(festivalDayText('PRE_OPENING', calendar, 2)).toBe('Pre-Opening, Fri, Aug 27');
    expect(festivalDayHeading('PRE_OPENING', calendar)).toBe('Pre-Opening');
    expect(festivalDayHeading('CLOSING_SUNDAY', calendar)).toBe('Closing Sunday, Sep 5');
    const shift = { dayOfWeek: 'SATURDAY' as const, dayOffset: 1, startTime: '22:00', endTime: '02:00' };
    expect(shiftWhenDated(shift, null)).toBe('Saturday 22:00–02:00');
    expect(shiftWhenDated(shift, calendar)).toBe('Saturday, Sep 4, 22:00–02:00');
    expect(eventCalendarOf({ openingSunday: null })).toBeNull();
    expect(eventCalendarOf({ openingSunday: '2027-08-29' })).toEqual(calendar);
  });
});
