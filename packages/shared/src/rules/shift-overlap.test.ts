import { describe, expect, it } from 'vitest';
import { findShiftOverlaps, overlapMessage, overlapPairText, shiftsOverlap } from './shift-overlap';

const calendar = { openingSunday: '2027-08-29' };
const job = (
  id: string,
  dayOfWeek: 'MONDAY' | 'TUESDAY' | 'PRE_OPENING',
  startTime: string,
  endTime: string,
  dayOffset = 1,
) => ({
  id,
  name: `Job ${id}`,
  shift: { name: `Shift ${id}`, dayOfWeek, startTime, endTime, dayOffset },
});

describe('shift overlaps (decision 056)', () => {
  it('finds shifts that share time, not ones that only touch', () => {
    expect(
      shiftsOverlap(
        job('a', 'MONDAY', '09:00', '12:00').shift,
        job('b', 'MONDAY', '11:00', '13:00').shift,
        calendar,
      ),
    ).toBe(true);
    expect(
      shiftsOverlap(
        job('a', 'MONDAY', '09:00', '12:00').shift,
        job('b', 'MONDAY', '12:00', '13:00').shift,
        calendar,
      ),
    ).toBe(false);
    expect(
      shiftsOverlap(
        job('a', 'MONDAY', '09:00', '12:00').shift,
        job('b', 'TUESDAY', '09:00', '12:00').shift,
        calendar,
      ),
    ).toBe(false);
  });

  it('sees a night shift past midnight overlap the next morning', () => {
    expect(
      shiftsOverlap(
        job('a', 'MONDAY', '22:00', '02:00').shift,
        job('b', 'TUESDAY', '01:00', '03:00').shift,
        calendar,
      ),
    ).toBe(true);
    expect(
      shiftsOverlap(
        job('a', 'MONDAY', '22:00', '02:00').shift,
        job('b', 'TUESDAY', '02:00', '03:00').shift,
        calendar,
      ),
    ).toBe(false);
  });

  it('dates Pre-Opening shifts by their offset', () => {
    const twoBefore = job('a', 'PRE_OPENING', '09:00', '12:00', 2);
    expect(shiftsOverlap(twoBefore.shift, job('b', 'PRE_OPENING', '10:00', '11:00', 1).shift, calendar)).toBe(
      false,
    );
    expect(shiftsOverlap(twoBefore.shift, job('b', 'PRE_OPENING', '10:00', '11:00', 2).shift, calendar)).toBe(
      true,
    );
  });

  it('lists each pair once in the given order, and nothing without event dates', () => {
    const jobs = [
      job('a', 'MONDAY', '09:00', '12:00'),
      job('b', 'MONDAY', '10:00', '11:00'),
      job('c', 'MONDAY', '11:30', '14:00'),
    ];
    expect(findShiftOverlaps(jobs, calendar).map((o) => [o.first.id, o.second.id])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
    ]);
    expect(findShiftOverlaps(jobs, null)).toEqual([]);
  });

  it('names both shifts in the message', () => {
    const [overlap] = findShiftOverlaps(
      [job('a', 'MONDAY', '09:00', '12:00'), job('b', 'MONDAY', '10:00', '11:00')],
      calendar,
    );
    expect(overlapMessage(overlap!, calendar)).toBe(
      '"Job a — Shift a (Monday, Aug 30, 09:00–12:00)" and "Job b — Shift b (Monday, Aug 30, 10:00–11:00)" overlap in time. Choose only one of them.',
    );
  });

  it("words a pair for the admin's screens", () => {
    const [overlap] = findShiftOverlaps(
      [job('a', 'MONDAY', '09:00', '12:00'), job('b', 'MONDAY', '10:00', '11:00')],
      calendar,
    );
    expect(overlapPairText(overlap!, calendar)).toBe(
      'Job a — Shift a (Monday, Aug 30, 09:00–12:00) overlaps Job b — Shift b (Monday, Aug 30, 10:00–11:00)',
    );
  });
});
