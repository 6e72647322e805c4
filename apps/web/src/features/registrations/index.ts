// The registrations feature's surface for the shell (Home loads it: keep it small). The wizard (routes/, with
// RegistrationGate) and the dashboard's parts are lazy-loaded.
export { myRegistrationsQueryOptions, useMyRegistrations } from './api/get-my-registrations';
export { registrationKeys } from './api/query-keys';
