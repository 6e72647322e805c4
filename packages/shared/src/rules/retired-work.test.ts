import { describe, expect, it } from 'vitest';
import { jobIsActive, RETIRED_WORK_TEXTS } from './work';

// docs/product.md §11 "Retired jobs and shifts": a job takes new people while it and its shift are active.
describe('jobIsActive', () => {
  it('is true only when the job and its shift are both active', () => {
    expect(jobIsActive({ active: true, shift: { active: true } })).toBe(true);
    expect(jobIsActive({ active: false, shift: { active: true } })).toBe(false);
    expect(jobIsActive({ active: true, shift: { active: false } })).toBe(false);
    expect(jobIsActive({ active: false, shift: { active: false } })).toBe(false);
  });

  it('names the job in the one refusal', () => {
    expect(RETIRED_WORK_TEXTS.jobRetired('Gate (Morning, Monday)')).toBe(
      '"Gate (Morning, Monday)" is retired and takes no new people.',
    );
  });
});
