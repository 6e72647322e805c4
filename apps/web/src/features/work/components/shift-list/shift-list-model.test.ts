import type { DayOfWeek } from '@camp/shared/rules';
import { describe, expect, it } from 'vitest';
import { gate, kitchen, testJob } from '../../../../test/registration-fixtures';
import {
  ALL,
  filterChoices,
  filterShifts,
  groupByCategory,
  groupByDay,
  initiallyOpen,
  NO_FILTER,
  placesOf,
  placesText,
  SHORT_LIST,
} from './shift-list-model';

const at = (dayOfWeek: DayOfWeek, startTime: string, endTime = '23:00') => ({
  id: `s-${dayOfWeek}-${startTime}`,
  name: 'Shift',
  description: null,
  dayOfWeek,
  dayOffset: 1,
  active: true,
  startTime,
  endTime,
});

const breakfast = testJob(kitchen, { id: 'j1', name: 'Breakfast', shift: at('MONDAY', '08:00') });
const dinner = testJob(kitchen, {
  id: 'j2',
  name: 'Dinner',
  location: 'Bar',
  shift: at('PRE_OPENING', '18:00'),
});
const greeter = testJob(gate, { id: 'j3', name: 'Greeter', location: 'Gate', shift: at('MONDAY', '07:00') });
const ale = testJob(gate, { id: 'j4', name: 'Ale', location: 'Gate', shift: at('MONDAY', '07:00') });
const jobs = [breakfast, dinner, greeter, ale];
const names = (list: readonly { name: string }[]) => list.map((job) => job.name);

describe('shift list model', () => {
  it('filters by day, category and location together, ALL meaning no filter', () => {
    expect(names(filterShifts(jobs, NO_FILTER))).toEqual(['Breakfast', 'Dinner', 'Greeter', 'Ale']);
    expect(names(filterShifts(jobs, { ...NO_FILTER, day: 'MONDAY' }))).toEqual([
      'Breakfast',
      'Greeter',
      'Ale',
    ]);
    expect(names(filterShifts(jobs, { day: 'MONDAY', categoryId: gate.id, location: ALL }))).toEqual([
      'Greeter',
      'Ale',
    ]);
    expect(filterShifts(jobs, { day: 'MONDAY', categoryId: kitchen.id, location: 'Gate' })).toEqual([]);
  });

  it('offers the days in festival order and the categories and locations by name, once each', () => {
    expect(filterChoices(jobs)).toEqual({
      days: [
        { value: 'PRE_OPENING', label: 'Pre-Opening' },
        { value: 'MONDAY', label: 'Monday' },
      ],
      categories: [
        { value: gate.id, label: 'Gate' },
        { value: kitchen.id, label: 'Kitchen' },
      ],
      locations: [
        { value: 'Bar', label: 'Bar' },
        { value: 'Gate', label: 'Gate' },
        { value: 'Main kitchen', label: 'Main kitchen' },
      ],
    });
  });

  it('groups by day in festival order, each day by start time then name', () => {
    expect(groupByDay(jobs).map((group) => [group.key, group.label, names(group.items)])).toEqual([
      ['PRE_OPENING', 'Pre-Opening', ['Dinner']],
      ['MONDAY', 'Monday', ['Ale', 'Greeter', 'Breakfast']],
    ]);
  });

  it('groups by category in the order given, keeping a category without jobs', () => {
    const art = { id: 'c-art', name: 'Art' };
    expect(
      groupByCategory([gate, art, kitchen], jobs).map((group) => [group.label, names(group.items)]),
    ).toEqual([
      ['Gate', ['Ale', 'Greeter']],
      ['Art', []],
      ['Kitchen', ['Dinner', 'Breakfast']],
    ]);
  });

  it('opens every group of a short list, and only the first group with shifts of a long one', () => {
    const short = groupByCategory([{ id: 'c-art', name: 'Art' }, gate, kitchen], jobs);
    expect(initiallyOpen(short)).toEqual(['c-art', gate.id, kitchen.id]);
    const many = Array.from({ length: SHORT_LIST }, (_, i) => testJob(kitchen, { id: `k${i}` }));
    const long = groupByCategory([{ id: 'c-art', name: 'Art' }, gate, kitchen], [...many, greeter]);
    expect(initiallyOpen(long)).toEqual([gate.id]);
    expect(initiallyOpen([])).toEqual([]);
  });

  it('counts places left, never below none, and words them', () => {
    expect(placesOf(testJob(kitchen, { maxRegistrations: 5, currentRegistrations: 2 }))).toEqual({
      left: 3,
      max: 5,
    });
    expect(placesOf(testJob(kitchen, { maxRegistrations: 2, currentRegistrations: 3 }))).toEqual({
      left: 0,
      max: 2,
    });
    const { maxRegistrations: _m, currentRegistrations: _c, ...withoutCounters } = breakfast;
    expect(placesOf(withoutCounters)).toBeUndefined();
    expect(placesText({ left: 3, max: 5 })).toBe('3 of 5 left');
    expect(placesText({ left: 1, max: 1 })).toBe('1 of 1 left');
    expect(placesText({ left: 0, max: 4 })).toBe('Full');
  });
});
