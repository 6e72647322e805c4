// `@camp/shared`: everything, for the API and tests. The web imports `@camp/shared/rules` (no zod) and the
// area schema modules (`@camp/shared/users`, `@camp/shared/work`, …) so that a screen pays only for what it uses.
export * from './rules';
export * from './enums.schema';
export * from './errors.schema';
export * from './auth.schema';
export * from './users.schema';
export * from './config.schema';
export * from './notifications.schema';
export * from './camping-options.schema';
export * from './work.schema';
export * from './registrations.schema';
export * from './payments.schema';
export * from './admin-registrations.schema';
export * from './reports.schema';
export * from './outbox.schema';
export * from './security-events.schema';
export * from './waitlist.schema';
export * from './shift-waitlist.schema';
export * from './draw.schema';
export * from './calendar.schema';
export * from './user-notes.schema';
export * from './passkeys.schema';
export * from './shift-overlap.schema';
export * from './check-in.schema';
export * from './my-data.schema';
export * from './applications.schema';
