// The report screens as one lazy chunk (one entry in Home's list of lazy chunks; budget 125 KB gzip), with
// papaparse, which only these screens use.
export { default as ReportsPage } from './reports-page';
export { default as RegistrationReportsPage } from './registration-reports-page';
export { default as PaymentReportsPage } from './payment-reports-page';
export { default as UserReportsPage } from './user-reports-page';
export { default as WorkSchedulePage } from './work-schedule-page';
