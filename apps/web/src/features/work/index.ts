// The work feature's public surface (job categories, jobs, shifts). Screens (routes/) are lazy-loaded by the
// router.
export { jobCategoriesQueryOptions, useJobCategories } from './api/get-job-categories';
export { jobsQueryOptions, openJobsQueryOptions } from './api/get-jobs';
export { workKeys } from './api/query-keys';
export {
  AvailableShifts,
  CollapsibleGroups,
  DayRows,
  filterShifts,
  groupByCategory,
  groupByDay,
  NO_FILTER,
  ShiftFilters,
  ShiftList,
  ShiftRow,
  shiftsWord,
  useOpenGroups,
  type ShiftGroup,
  type ShiftListJob,
} from './components/shift-list';
