import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/schema-form';
import { compareShifts } from '@camp/shared/rules';
import {
  jobCategoryForm,
  jobForm,
  jobFormValues,
  shiftForm,
  shiftFormValues,
  toShiftInput,
  type JobCategoryFormValues,
  type JobFormValues,
  type ShiftFormValues,
} from './work-form';

const validateJobCategory = (values: JobCategoryFormValues) => checkForm(jobCategoryForm, values);
const validateJob = (values: JobFormValues) => checkForm(jobForm, values);
const validateShift = (values: ShiftFormValues) => checkForm(shiftForm, values);

describe('job category form rules (docs/product.md §5)', () => {
  it('needs a name and a description, within 100 and 500 characters', () => {
    const blank = validateJobCategory({
      name: ' ',
      description: '',
      staffOnly: false,
      alwaysRequired: false,
    });
    expect(blank).toEqual({
      form: 'Name and description are required.',
      fields: { name: true, description: true },
    });
    const long = validateJobCategory({
      name: 'n'.repeat(101),
      description: 'd'.repeat(501),
      staffOnly: false,
      alwaysRequired: false,
    });
    expect(long.fields).toEqual({
      name: 'Name must be at most 100 characters',
      description: 'Description must be at most 500 characters',
    });
    expect(
      validateJobCategory({ name: 'Kitchen', description: 'Cook', staffOnly: true, alwaysRequired: false }),
    ).toEqual({ fields: {} });
  });
});

describe('job form rules (docs/product.md §5)', () => {
  it('starts with 5 places and needs every field', () => {
    const values = jobFormValues();
    expect(values.maxRegistrations).toBe(5);
    expect(validateJob(values)).toEqual({
      form: 'All fields are required.',
      fields: { name: true, location: true, categoryId: true, shiftId: true },
    });
  });

  it('needs a positive whole number of places', () => {
    const complete = {
      name: 'Greeter',
      location: 'Gate',
      // Ids as the selects hold them: those of stored categories and shifts.
      categoryId: '7b0e4a53-3c1f-4d0e-9a51-6f2d8c1b2a10',
      shiftId: '0c9d2e61-5a7b-4f3c-8e21-4b6a9d3c7e54',
      waitlistEnabled: false,
    };
    for (const maxRegistrations of [0, -1, '']) {
      expect(validateJob({ ...complete, maxRegistrations }).fields.maxRegistrations).toBe(
        'Maximum registrations must be a positive number.',
      );
    }
    expect(validateJob({ ...complete, maxRegistrations: 1 })).toEqual({ fields: {} });
  });
});

describe('shift form rules (docs/product.md §5, §9)', () => {
  it('starts on Monday from 09:00 to 17:00', () => {
    expect(shiftFormValues()).toEqual({
      name: '',
      description: '',
      dayOfWeek: 'MONDAY',
      startTime: '09:00',
      endTime: '17:00',
      dayOffset: 1,
    });
  });

  it('needs a name, day and both times in 24-hour HH:MM', () => {
    expect(validateShift({ ...shiftFormValues(), name: '', startTime: '' }).form).toBe(
      'Name, day, start time, and end time are required.',
    );
    for (const startTime of ['9:00', '24:00', '09:60', '9am', '0900']) {
      expect(validateShift({ ...shiftFormValues(), name: 'Gate', startTime }).form).toBe(
        'Times must be in HH:MM format (e.g., "09:00" or "17:30")',
      );
    }
    expect(
      validateShift({ ...shiftFormValues(), name: 'Night', startTime: '22:00', endTime: '02:00' }),
    ).toEqual({
      fields: {},
    });
  });

  it('sends a blank description as null', () => {
    expect(toShiftInput({ ...shiftFormValues(), name: ' Gate ', description: '  ' })).toEqual({
      name: 'Gate',
      description: null,
      dayOfWeek: 'MONDAY',
      startTime: '09:00',
      endTime: '17:00',
      dayOffset: 1,
    });
  });

  it('sends the days before or after the event only for Pre-Opening and Post-Event shifts (docs/product.md §11)', () => {
    const setUp = { ...shiftFormValues(), name: 'Build' };
    expect(toShiftInput({ ...setUp, dayOfWeek: 'PRE_OPENING', dayOffset: 3 }).dayOffset).toBe(3);
    expect(toShiftInput({ ...setUp, dayOfWeek: 'MONDAY', dayOffset: 3 }).dayOffset).toBe(1);
    const message = 'Days before or after the event must be a whole number from 1 to 14';
    expect(validateShift({ ...setUp, dayOfWeek: 'POST_EVENT', dayOffset: 15 }).fields).toEqual({
      dayOffset: message,
    });
    expect(validateShift({ ...setUp, dayOfWeek: 'POST_EVENT', dayOffset: '' }).fields).toEqual({
      dayOffset: message,
    });
    expect(validateShift({ ...setUp, dayOfWeek: 'MONDAY', dayOffset: '' })).toEqual({ fields: {} });
  });
});

describe('shift order', () => {
  it('follows the festival days, then the start time', () => {
    const shifts = [
      { dayOfWeek: 'MONDAY', startTime: '13:00', endTime: '17:00' },
      { dayOfWeek: 'POST_EVENT', startTime: '08:00', endTime: '10:00' },
      { dayOfWeek: 'PRE_OPENING', startTime: '10:00', endTime: '12:00' },
      { dayOfWeek: 'MONDAY', startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 'OPENING_SUNDAY', startTime: '09:00', endTime: '17:00' },
    ] as const;
    expect([...shifts].sort(compareShifts).map((shift) => `${shift.dayOfWeek} ${shift.startTime}`)).toEqual([
      'PRE_OPENING 10:00',
      'OPENING_SUNDAY 09:00',
      'MONDAY 09:00',
      'MONDAY 13:00',
      'POST_EVENT 08:00',
    ]);
  });
});
