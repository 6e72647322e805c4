// The work feature's public surface (job categories, jobs, shifts). Screens (routes/) are lazy-loaded by the
// router.
export { jobCategoriesQueryOptions, useJobCategories } from './api/get-job-categories';
export { jobsQueryOptions } from './api/get-jobs';
export { workKeys } from './api/query-keys';
export {
  CollapsibleGroups,
  DayRows,
  filterShifts,
  groupByCategory,
  groupByDay,
  NO_FILTER,
  placesOf,
  ShiftFilters,
  ShiftList,
  ShiftRow,
  shiftsWord,
  useOpenGroups,
  type ShiftFilter,
  type ShiftGroup,
  type ShiftListJob,
} from './components/shift-list';
