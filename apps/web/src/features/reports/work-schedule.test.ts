import type { WorkScheduleShift } from '@camp/shared/work';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, toCsv } from './csv';
import { groupScheduleByDay, scheduleCsvColumnsFor, scheduleCsvRows } from './work-schedule';

const shift = (id: string, dayOfWeek: WorkScheduleShift['dayOfWeek'], dayOffset = 1): WorkScheduleShift => ({
  id,
  name: `Shift ${id}`,
  description: null,
  dayOfWeek,
  dayOffset,
  active: true,
  startTime: '09:00',
  endTime: '12:00',
  jobs: [],
});

const shifts = [shift('b', 'MONDAY'), shift('a', 'PRE_OPENING', 3)];
const calendar = { openingSunday: '2027-08-29' };

describe('the work schedule with event dates (docs/product.md §11)', () => {
  it('heads each day with its date, except the days that span several dates', () => {
    expect(groupScheduleByDay(shifts, calendar).map((day) => day.label)).toEqual([
      'Pre-Opening',
      'Monday, Aug 30',
    ]);
    expect(groupScheduleByDay(shifts).map((day) => day.label)).toEqual(['Pre-Opening', 'Monday']);
  });

  it('adds a Date column to the CSV only when the event has dates', () => {
    const rows = scheduleCsvRows(shifts);
    const dated = toCsv(rows, scheduleCsvColumnsFor(calendar)).slice(CSV_BOM.length).split('\r\n');
    expect(dated[0]).toMatch(/^Day,Date,Shift,Start,End,/);
    expect(dated[1]).toMatch(/^Pre-Opening,2027-08-26,Shift a,09:00,12:00,/);
    expect(dated[2]).toMatch(/^Monday,2027-08-30,Shift b,09:00,12:00,/);
    const plain = toCsv(rows, scheduleCsvColumnsFor(null)).slice(CSV_BOM.length).split('\r\n');
    expect(plain[0]).toMatch(/^Day,Shift,Start,End,/);
  });
});
