// `@camp/shared`: everything, for the API and tests. The web imports `@camp/shared/rules` (no zod) and the
// area schema modules (`@camp/shared/users`, `@camp/shared/work`, …) so that a screen pays only for what it uses.
export * from './rules';
export * from './enums';
export * from './errors';
export * from './auth';
export * from './users';
export * from './config';
export * from './notifications';
export * from './camping-options';
export * from './work';
export * from './registrations';
export * from './payments';
export * from './admin-registrations';
export * from './reports';
export * from './outbox';
export * from './security-events';
