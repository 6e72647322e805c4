import { describe, expect, it } from 'vitest';
import { RegistrationsQuerySchema, RegistrationSubmissionSchema } from './index';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const OPTION = '2b0c1a5e-7f41-4c8a-9d1e-0a1b2c3d4e5f';
const FIELD = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
const JOB = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('RegistrationSubmissionSchema', () => {
  it('accepts the payload of docs/product.md §3 and removes repeated ids', () => {
    const parsed = RegistrationSubmissionSchema.parse({
      campingOptions: [OPTION, OPTION],
      customFields: { [FIELD]: 'ABC123' },
      jobs: [JOB, JOB],
      acceptedTerms: true,
    });
    expect(parsed).toEqual({
      campingOptions: [OPTION],
      customFields: { [FIELD]: 'ABC123' },
      jobs: [JOB],
      acceptedTerms: true,
      joinWaitlist: false,
      waitJobs: [],
      campWith: [],
    });
  });

  it('defaults custom fields and jobs to none', () => {
    expect(RegistrationSubmissionSchema.parse({ campingOptions: [OPTION], acceptedTerms: true })).toEqual({
      campingOptions: [OPTION],
      customFields: {},
      jobs: [],
      acceptedTerms: true,
      joinWaitlist: false,
      waitJobs: [],
      campWith: [],
    });
  });

  it('needs at least one camping option', () => {
    for (const campingOptions of [[], undefined, null]) {
      expect(
        messages(RegistrationSubmissionSchema.safeParse({ campingOptions, acceptedTerms: true })),
      ).toEqual(['Please select at least one camping option']);
    }
  });

  it('needs the terms accepted', () => {
    for (const acceptedTerms of [false, undefined, 'true', 1]) {
      expect(
        messages(RegistrationSubmissionSchema.safeParse({ campingOptions: [OPTION], acceptedTerms })),
      ).toEqual(['You must accept the terms to continue']);
    }
  });

  it('refuses bad ids, bad values and unknown keys', () => {
    const result = RegistrationSubmissionSchema.safeParse({
      campingOptions: ['tent'],
      customFields: { plate: 'x', [FIELD]: { nested: true } },
      jobs: ['gate'],
      acceptedTerms: true,
      amount: 0,
    });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'Invalid camping option id',
        'Invalid custom field id',
        'A custom field value must be text, a number, true or false, or null',
        'Invalid job id',
        'Unrecognized key: "amount"',
      ]),
    );
  });

  it('accepts every kind of custom field value', () => {
    const ids = ['a', 'b', 'c', 'd'].map((letter) => FIELD.replace(/^9/, letter));
    const customFields = { [ids[0]!]: 'text', [ids[1]!]: 4.5, [ids[2]!]: false, [ids[3]!]: null };
    expect(
      RegistrationSubmissionSchema.parse({ campingOptions: [OPTION], customFields, acceptedTerms: true })
        .customFields,
    ).toEqual(customFields);
  });
});

describe('RegistrationsQuerySchema', () => {
  it('reads the filters of docs/product.md §7', () => {
    expect(RegistrationsQuerySchema.parse({ userId: OPTION, jobId: JOB, year: '2026' })).toEqual({
      userId: OPTION,
      jobId: JOB,
      year: 2026,
    });
    expect(messages(RegistrationsQuerySchema.safeParse({ year: '1999', userId: 'me' }))).toEqual([
      'Invalid user id',
      'Year must be between 2000 and 2100',
    ]);
  });
});
