export { isRegistrationOpenFor } from './registration-access';
export { RegistrationGate } from './registration-gate';
