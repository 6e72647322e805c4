import { describe, expect, it } from 'vitest';
import {
  availabilityStatus,
  CreateCampingOptionFieldInputSchema,
  CreateCampingOptionInputSchema,
  fieldLimitProblems,
  type FieldLimits,
  isWholeCents,
  ReorderCampingOptionFieldsInputSchema,
  UpdateCampingOptionInputSchema,
} from './index';
import { centsToDollars, dollarsToCents } from './index';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('availabilityStatus', () => {
  it('reads DISABLED first, then FULL at maxSignups, and never FULL when unlimited', () => {
    expect(availabilityStatus({ enabled: false, maxSignups: 1, currentRegistrations: 5 })).toBe('DISABLED');
    expect(availabilityStatus({ enabled: true, maxSignups: 2, currentRegistrations: 2 })).toBe('FULL');
    expect(availabilityStatus({ enabled: true, maxSignups: 2, currentRegistrations: 3 })).toBe('FULL');
    expect(availabilityStatus({ enabled: true, maxSignups: 2, currentRegistrations: 1 })).toBe('AVAILABLE');
    expect(availabilityStatus({ enabled: true, maxSignups: 0, currentRegistrations: 999 })).toBe('AVAILABLE');
  });
});

describe('dues', () => {
  it('accepts whole cents despite binary fractions, and refuses smaller steps', () => {
    for (const amount of [0, 0.01, 0.29, 1.1, 125.5, 80.29, 999999.99])
      expect(isWholeCents(amount)).toBe(true);
    for (const amount of [0.001, 10.555, 0.125]) expect(isWholeCents(amount)).toBe(false);
  });

  it('round-trips dollars and cents', () => {
    expect(dollarsToCents(125.5)).toBe(12550);
    expect(centsToDollars(12550)).toBe(125.5);
    expect(centsToDollars(dollarsToCents(80.29))).toBe(80.29);
  });
});

describe('camping option input', () => {
  it('fills defaults and dedupes categories', () => {
    const id = '7a1f2f9e-5a3b-4c1d-9e2f-0a1b2c3d4e5f';
    expect(CreateCampingOptionInputSchema.parse({ name: ' Tent ', jobCategoryIds: [id, id] })).toEqual({
      name: 'Tent',
      enabled: true,
      waitlistEnabled: true,
      workShiftsRequired: 0,
      participantDues: 0,
      staffDues: 0,
      maxSignups: 0,
      jobCategoryIds: [id],
    });
  });

  it('takes the waitlist switch, on by default (docs/product.md §10)', () => {
    expect(
      CreateCampingOptionInputSchema.parse({ name: 'Tent', waitlistEnabled: false }).waitlistEnabled,
    ).toBe(false);
    expect(UpdateCampingOptionInputSchema.parse({ waitlistEnabled: true })).toEqual({
      waitlistEnabled: true,
    });
    const result = UpdateCampingOptionInputSchema.safeParse({ waitlistEnabled: 'yes' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Waitlist when full must be true or false',
    ]);
  });

  it('says what is wrong in the words of docs/product.md §5', () => {
    const result = CreateCampingOptionInputSchema.safeParse({
      name: '',
      participantDues: -1,
      staffDues: -1,
      maxSignups: -1,
      workShiftsRequired: -1,
    });
    expect(messages(result)).toEqual([
      'Name is required',
      'Work shifts required cannot be negative',
      'Participant dues cannot be negative',
      'Staff dues cannot be negative',
      'Max signups cannot be negative',
    ]);
  });

  it('leaves absent fields absent on a change', () => {
    expect(UpdateCampingOptionInputSchema.parse({ staffDues: 10 })).toEqual({ staffDues: 10 });
    expect(UpdateCampingOptionInputSchema.parse({ description: null })).toEqual({ description: '' });
  });
});

describe('field limits', () => {
  const field = (values: Partial<FieldLimits>): FieldLimits => ({
    dataType: 'STRING',
    maxLength: null,
    minLength: null,
    minValue: null,
    maxValue: null,
    ...values,
  });

  it('allows length limits on text types and value limits on number types', () => {
    expect(fieldLimitProblems(field({ dataType: 'MULTILINE_STRING', minLength: 0, maxLength: 10 }))).toEqual(
      [],
    );
    expect(fieldLimitProblems(field({ dataType: 'NUMBER', minValue: -1.5, maxValue: 1.5 }))).toEqual([]);
    expect(fieldLimitProblems(field({ dataType: 'INTEGER', minValue: 1, maxValue: 1 }))).toEqual([]);
  });

  it('refuses limits of the wrong type and crossed limits', () => {
    expect(fieldLimitProblems(field({ dataType: 'DATE', maxLength: 5, minValue: 1 }))).toEqual([
      'Length limits apply only to text fields (STRING, MULTILINE_STRING)',
      'Value limits apply only to number fields (NUMBER, INTEGER)',
    ]);
    expect(fieldLimitProblems(field({ minLength: 6, maxLength: 5 }))).toEqual([
      'Minimum length cannot be greater than maximum length',
    ]);
    expect(fieldLimitProblems(field({ dataType: 'NUMBER', minValue: 6, maxValue: 5 }))).toEqual([
      'Minimum value cannot be greater than maximum value',
    ]);
    expect(fieldLimitProblems(field({ dataType: 'INTEGER', maxValue: 2.5 }))).toEqual([
      'Value limits of an INTEGER field must be whole numbers',
    ]);
  });

  it('puts each limit rule on the limit it is about, so a form shows it there', () => {
    const paths = (input: unknown) => {
      const result = CreateCampingOptionFieldInputSchema.safeParse(input);
      return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(paths({ displayName: 'A', minLength: 6, maxLength: 5 })).toEqual([
      ['minLength', 'Minimum length cannot be greater than maximum length'],
    ]);
    expect(paths({ displayName: 'A', dataType: 'INTEGER', minValue: 6, maxValue: 5.5 })).toEqual([
      ['maxValue', 'Value limits of an INTEGER field must be whole numbers'],
      ['minValue', 'Minimum value cannot be greater than maximum value'],
    ]);
    expect(paths({ displayName: 'A', dataType: 'DATE', maxLength: 5, minValue: 1 })).toEqual([
      ['maxLength', 'Length limits apply only to text fields (STRING, MULTILINE_STRING)'],
      ['minValue', 'Value limits apply only to number fields (NUMBER, INTEGER)'],
    ]);
  });

  it('maps legacy data types and checks the single limits', () => {
    expect(CreateCampingOptionFieldInputSchema.parse({ displayName: 'A', dataType: 'SELECT' }).dataType).toBe(
      'STRING',
    );
    expect(
      messages(
        CreateCampingOptionFieldInputSchema.safeParse({ displayName: '', maxLength: 0, minLength: -1 }),
      ),
    ).toEqual([
      'Display name is required',
      'Maximum length must be at least 1',
      'Minimum length cannot be negative',
    ]);
  });

  it('refuses a reorder naming one field twice', () => {
    const id = '7a1f2f9e-5a3b-4c1d-9e2f-0a1b2c3d4e5f';
    const result = ReorderCampingOptionFieldsInputSchema.safeParse({
      fieldOrders: [
        { id, order: 0 },
        { id, order: 1 },
      ],
    });
    expect(messages(result)).toEqual(['Each field may appear only once']);
  });
});
