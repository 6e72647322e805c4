// Compact shift lists shared by the wizard's Shifts step and /shifts: rows, collapsible groups, filters.
export { AvailableShifts } from './available-shifts';
export { CollapsibleGroups, DayRows, ShiftList, useOpenGroups, type CollapsibleGroup } from './shift-groups';
export { ShiftFilters } from './shift-filters';
export {
  ALL,
  NO_FILTER,
  filterShifts,
  groupByCategory,
  groupByDay,
  initiallyOpen,
  placesOf,
  shiftsWord,
  type ShiftFilter,
  type ShiftGroup,
  type ShiftListJob,
} from './shift-list-model';
export { ShiftRow, type ShiftRowSelection } from './shift-row';
