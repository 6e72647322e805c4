// The registrations feature's surface for the shell (Home loads it: keep it small). The wizard (routes/, with
// RegistrationGate) and the dashboard's parts are lazy-loaded.
export { isRegistrationOpenFor } from './registration-access';
export { myRegistrationsQueryOptions } from './api/registrations-api';
export { REGISTRATION_TEXTS } from './registration-messages';
