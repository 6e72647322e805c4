// The admin registrations feature's public surface. Its screen (routes/) is lazy-loaded by the router; other
// features reach its queries through here.
export { adminRegistrationKeys } from './api/query-keys';
