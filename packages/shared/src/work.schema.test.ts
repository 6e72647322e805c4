import { describe, expect, it } from 'vitest';
import {
  CreateJobCategoryInputSchema,
  CreateJobInputSchema,
  CreateShiftInputSchema,
  formatShiftTime,
  parseShiftTime,
  UpdateShiftInputSchema,
} from './index';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('shift times', () => {
  it('reads HH:MM, HH:MM:SS and the written time of ISO timestamps', () => {
    expect(parseShiftTime('09:00')).toBe('09:00');
    expect(parseShiftTime('23:59:59')).toBe('23:59');
    expect(parseShiftTime('1970-01-01T17:30:00.000Z')).toBe('17:30');
    expect(parseShiftTime('2025-08-24T06:15:00+02:00')).toBe('06:15');
    expect(parseShiftTime('2025-08-24 06:15')).toBe('06:15');
  });

  it('refuses anything else', () => {
    for (const value of ['9:00', '24:00', '12:60', 'noon', '', '2025-08-24', '12:00 pm']) {
      expect(parseShiftTime(value), value).toBeUndefined();
    }
  });

  it('formats database times as HH:MM', () => {
    expect(formatShiftTime('07:05:00')).toBe('07:05');
  });
});

describe('shift input', () => {
  it('gives the one required message however much is missing', () => {
    expect([...new Set(messages(CreateShiftInputSchema.safeParse({})))]).toEqual([
      'Name, day, start time, and end time are required.',
    ]);
  });

  it('normalises times and keeps a PATCH partial', () => {
    expect(
      CreateShiftInputSchema.parse({
        name: 'Lunch',
        dayOfWeek: 'MONDAY',
        startTime: '1970-01-01T11:00:00Z',
        endTime: '14:00:00',
      }),
    ).toEqual({ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '14:00', dayOffset: 1 });
    expect(UpdateShiftInputSchema.parse({ endTime: '15:00' })).toEqual({ endTime: '15:00' });
  });

  it('refuses the same start and end time', () => {
    const result = CreateShiftInputSchema.safeParse({
      name: 'Lunch',
      dayOfWeek: 'MONDAY',
      startTime: '11:00',
      endTime: '11:00:00',
    });
    expect(messages(result)).toEqual(['End time must be different from start time.']);
  });
});

describe('job and category input', () => {
  it('uses the messages of docs/product.md §5', () => {
    expect(messages(CreateJobCategoryInputSchema.safeParse({ name: 'Kitchen' }))).toEqual([
      'Name and description are required.',
    ]);
    expect(
      messages(
        CreateJobInputSchema.safeParse({
          name: 'Dishes',
          location: 'Kitchen',
          categoryId: '7a1f2f9e-5a3b-4c1d-9e2f-0a1b2c3d4e5f',
          shiftId: '',
          maxRegistrations: 0,
        }),
      ),
    ).toEqual(['All fields are required.', 'Maximum registrations must be a positive number.']);
  });

  it('defaults a job to 5 places and categories to neither staff-only nor required', () => {
    const job = CreateJobInputSchema.parse({
      name: 'Dishes',
      location: 'Kitchen',
      categoryId: '7a1f2f9e-5a3b-4c1d-9e2f-0a1b2c3d4e5f',
      shiftId: '7a1f2f9e-5a3b-4c1d-9e2f-0a1b2c3d4e5e',
    });
    expect(job.maxRegistrations).toBe(5);
    expect(CreateJobCategoryInputSchema.parse({ name: 'K', description: 'D' })).toEqual({
      name: 'K',
      description: 'D',
      staffOnly: false,
      alwaysRequired: false,
    });
  });
});
