// The registrations feature's public surface. Home's shell imports it, so whatever a lazy screen takes from here
// lands in Home's first download (bench:bundle): export only what is small. The wizard and the dashboard
// (routes/) are lazy-loaded by the router.
export { myRegistrationsQueryOptions, useMyRegistrations } from './api/get-my-registrations';
export { registrationKeys } from './api/query-keys';
