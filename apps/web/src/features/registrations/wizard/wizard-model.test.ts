import { describe, expect, it } from 'vitest';
import { gate, greeters, kitchen, testJob, testOption } from '../../../test/registration-fixtures';
import { SHIFT_WAITS_MAX } from '@camp/shared/rules';
import { emptyChoices, isJobWaitable, shiftProgress, submissionOf, validateShiftsStep } from './wizard-model';

const tent = testOption({ id: 'o-tent', name: 'Tent Camping', workShiftsRequired: 2 });
const rv = testOption({ id: 'o-rv', name: 'RV Camping', workShiftsRequired: 1 });
const gateJob = testJob(gate, { id: 'j-gate' });
const kitchenJob = testJob(kitchen, { id: 'j-kitchen' });
const greeterJob = testJob(greeters, { id: 'j-greeter' });
const jobs = [gateJob, kitchenJob, greeterJob];
const participant = { role: 'PARTICIPANT', allowNoJob: false } as const;
const choose = (optionIds: string[], jobIds: string[]) => ({ ...emptyChoices(), optionIds, jobIds });

describe('step 4 summary (shiftProgress)', () => {
  it.each([
    {
      optionIds: ['o-tent'],
      jobIds: [],
      expected: { chosen: 0, needed: 3, gate: 0, options: ['Tent Camping shifts', 0, 2] as const },
    },
    {
      optionIds: ['o-tent', 'o-rv'],
      jobIds: ['j-gate', 'j-kitchen'],
      expected: {
        chosen: 2,
        needed: 4,
        gate: 1,
        options: ['Tent Camping, RV Camping shifts', 1, 3] as const,
      },
    },
  ])(
    'counts each rule: a shift of each required category, the options’ shifts outside them ($jobIds)',
    ({ optionIds, jobIds, expected }) => {
      const [label, chosen, needed] = expected.options;
      expect(
        shiftProgress([tent, rv], [gate, kitchen, greeters], jobs, choose(optionIds, jobIds), participant),
      ).toEqual({
        waived: false,
        chosen: expected.chosen,
        needed: expected.needed,
        items: [
          { label: 'Gate', chosen: expected.gate, needed: 1 },
          { label, chosen, needed },
        ],
      });
    },
  );

  it('has nothing to ask of a person who need not work, but still counts the choice', () => {
    expect(
      shiftProgress([tent], [gate, kitchen], jobs, choose(['o-tent'], ['j-kitchen']), {
        role: 'PARTICIPANT',
        allowNoJob: true,
      }),
    ).toEqual({ waived: true, chosen: 1, needed: 0, items: [] });
  });
});

describe('step 4 with shifts waited for (docs/product.md §10, decision 052)', () => {
  const full = testJob(kitchen, {
    id: 'j-full',
    name: 'Dinner crew',
    maxRegistrations: 1,
    currentRegistrations: 1,
    waitlistEnabled: true,
  });
  const waitFor = (jobIds: string[], waitJobs: string[]) => ({
    ...choose(['o-rv'], jobIds),
    waitJobs,
  });

  it('never counts a wait towards the shifts needed', () => {
    expect(
      validateShiftsStep([rv], [kitchen], [kitchenJob, full], waitFor([], ['j-full']), participant),
    ).toEqual([
      'You need to select at least 1 shift',
      'You must select at least 1 shift for your camping options (RV Camping: 1)',
    ]);
    expect(
      shiftProgress([rv], [kitchen], [kitchenJob, full], waitFor([], ['j-full']), participant).chosen,
    ).toBe(0);
    expect(
      validateShiftsStep(
        [rv],
        [kitchen],
        [kitchenJob, full],
        waitFor(['j-kitchen'], ['j-full']),
        participant,
      ),
    ).toEqual([]);
  });

  it('names a wait whose shift has places again, or whose waitlist was turned off, with the server messages', () => {
    const freed = { ...full, currentRegistrations: 0 };
    const off = { ...full, waitlistEnabled: false };
    expect(
      validateShiftsStep(
        [rv],
        [kitchen],
        [kitchenJob, freed],
        waitFor(['j-kitchen'], ['j-full']),
        participant,
      ),
    ).toEqual(['"Dinner crew" has free places. Choose it instead of waiting.']);
    expect(
      validateShiftsStep([rv], [kitchen], [kitchenJob, off], waitFor(['j-kitchen'], ['j-full']), participant),
    ).toEqual(['"Dinner crew" has no waitlist']);
    // Still offered as a wait on its row, so the person can untick it.
    expect(isJobWaitable(freed, waitFor([], ['j-full']))).toBe(true);
    expect(isJobWaitable(freed, waitFor([], []))).toBe(false);
  });

  it(`refuses more than ${SHIFT_WAITS_MAX} waits`, () => {
    const ids = Array.from({ length: SHIFT_WAITS_MAX + 1 }, (_, i) => `j-${i}`);
    const many = ids.map((id) => ({ ...full, id }));
    expect(
      validateShiftsStep([rv], [kitchen], [kitchenJob, ...many], waitFor(['j-kitchen'], ids), participant),
    ).toEqual([`You can wait for at most ${SHIFT_WAITS_MAX} shifts at once`]);
  });

  it('sends waitJobs only when there are any', () => {
    expect(submissionOf([rv], waitFor(['j-kitchen'], ['j-full']))).toEqual({
      campingOptions: ['o-rv'],
      customFields: {},
      jobs: ['j-kitchen'],
      acceptedTerms: true,
      waitJobs: ['j-full'],
    });
    expect(submissionOf([rv], waitFor(['j-kitchen'], []))).not.toHaveProperty('waitJobs');
  });
});
