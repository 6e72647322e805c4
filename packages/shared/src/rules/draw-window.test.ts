import { describe, expect, it } from 'vitest';
import { DRAW_MESSAGES, drawPhase, drawWindowProblems, isoToWallTime, wallTimeToIso } from './draw';

describe('the application window (docs/product.md §10)', () => {
  const window = { drawOpensAt: '2027-03-01T17:00:00.000Z', drawClosesAt: '2027-03-08T17:00:00.000Z' };

  it('has a phase: none, before, open, closed', () => {
    expect(drawPhase({ drawOpensAt: null, drawClosesAt: null }, new Date('2027-03-02'))).toBe('none');
    expect(drawPhase(window, new Date('2027-03-01T16:59:59Z'))).toBe('before');
    expect(drawPhase(window, new Date('2027-03-01T17:00:00Z'))).toBe('open');
    expect(drawPhase(window, new Date('2027-03-08T17:00:00Z'))).toBe('closed');
  });

  it('is both or neither, and closes after it opens', () => {
    expect(drawWindowProblems(window)).toEqual([]);
    expect(drawWindowProblems({ drawOpensAt: null, drawClosesAt: null })).toEqual([]);
    expect(drawWindowProblems({ drawOpensAt: window.drawOpensAt, drawClosesAt: null })).toEqual([
      { field: 'drawClosesAt', message: DRAW_MESSAGES.windowBoth },
    ]);
    expect(drawWindowProblems({ drawOpensAt: null, drawClosesAt: window.drawClosesAt })).toEqual([
      { field: 'drawOpensAt', message: DRAW_MESSAGES.windowBoth },
    ]);
    expect(
      drawWindowProblems({ drawOpensAt: window.drawClosesAt, drawClosesAt: window.drawOpensAt }),
    ).toEqual([{ field: 'drawClosesAt', message: DRAW_MESSAGES.windowOrder }]);
  });

  it('turns wall-clock times of the camp’s time zone into moments and back, across daylight saving', () => {
    expect(wallTimeToIso('2027-03-01T09:00', 'America/Los_Angeles')).toBe('2027-03-01T17:00:00.000Z');
    expect(wallTimeToIso('2027-07-01T09:00', 'America/Los_Angeles')).toBe('2027-07-01T16:00:00.000Z');
    expect(wallTimeToIso('2027-07-01T09:00', 'UTC')).toBe('2027-07-01T09:00:00.000Z');
    expect(wallTimeToIso('next week', 'UTC')).toBeNull();
    expect(isoToWallTime('2027-07-01T16:00:00.000Z', 'America/Los_Angeles')).toBe('2027-07-01T09:00');
    expect(isoToWallTime('2027-03-01T17:00:00.000Z', 'America/Los_Angeles')).toBe('2027-03-01T09:00');
  });
});
