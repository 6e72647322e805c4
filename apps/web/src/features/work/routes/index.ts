// The work screens as one lazy chunk: the router loads them together (each is small and they share most of
// their code), which keeps the list of lazy chunks in Home's bundle short (budget 125 KB gzip).
export { default as JobCategoriesPage } from './job-categories-page';
export { default as JobsPage } from './jobs-page';
export { default as AdminShiftsPage } from './admin-shifts-page';
