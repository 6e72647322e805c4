import { describe, expect, it } from 'vitest';
import { gate, greeters, kitchen, testJob, testOption } from '../../../test/registration-fixtures';
import { emptyChoices, shiftProgress } from './wizard-model';

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
