import { describe, expect, it } from 'vitest';
import {
  isFull,
  isJobFull,
  isOptionFull,
  isOptionSelectable,
  isOverCapacity,
  jobCapacity,
  jobSpots,
  optionCapacity,
  optionPlacesLeft,
  placesLeft,
} from './places';

describe('capacity', () => {
  it('counts job spots as max minus current, full at 0 or less', () => {
    expect(jobSpots({ maxRegistrations: 5, currentRegistrations: 3 })).toBe(2);
    expect(isJobFull({ maxRegistrations: 5, currentRegistrations: 4 })).toBe(false);
    expect(isJobFull({ maxRegistrations: 5, currentRegistrations: 5 })).toBe(true);
    expect(isJobFull({ maxRegistrations: 5, currentRegistrations: 7 })).toBe(true);
  });

  it('never fills an option with maxSignups 0', () => {
    expect(isOptionFull({ maxSignups: 0, currentRegistrations: 10_000 })).toBe(false);
    expect(isOptionFull({ maxSignups: 2, currentRegistrations: 1 })).toBe(false);
    expect(isOptionFull({ maxSignups: 2, currentRegistrations: 2 })).toBe(true);
  });

  it('offers only enabled options with free places', () => {
    expect(isOptionSelectable({ enabled: true, maxSignups: 2, currentRegistrations: 1 })).toBe(true);
    expect(isOptionSelectable({ enabled: false, maxSignups: 0, currentRegistrations: 0 })).toBe(false);
    expect(isOptionSelectable({ enabled: true, maxSignups: 2, currentRegistrations: 2 })).toBe(false);
  });

  it("reads maxSignups 0 as unlimited and a job's maximum as it is", () => {
    expect(optionCapacity(0)).toBeNull();
    expect(optionCapacity(12)).toBe(12);
    expect(jobCapacity(1)).toBe(1);
  });

  it('counts places left, never below 0, and none for unlimited', () => {
    expect(placesLeft(10, 3)).toBe(7);
    expect(placesLeft(2, 2)).toBe(0);
    expect(placesLeft(1, 3)).toBe(0);
    expect(placesLeft(null, 500)).toBeNull();
    expect(optionPlacesLeft({ maxSignups: 0, currentRegistrations: 4 })).toBeNull();
    expect(optionPlacesLeft({ maxSignups: 5, currentRegistrations: 4 })).toBe(1);
  });

  it('is full exactly when no place is left, and over capacity only past it', () => {
    for (const [capacity, taken] of [
      [3, 0],
      [3, 2],
      [3, 3],
      [3, 4],
      [null, 0],
      [null, 9],
    ] as const) {
      expect(isFull(capacity, taken)).toBe(placesLeft(capacity, taken) === 0);
    }
    expect(isOverCapacity(3, 3)).toBe(false);
    expect(isOverCapacity(3, 4)).toBe(true);
    expect(isOverCapacity(null, 1_000)).toBe(false);
  });
});
