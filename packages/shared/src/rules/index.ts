// `@camp/shared/rules`: the domain's plain values and pure functions (texts, limits, formats, day order,
// labels, status colours, registration rules). No zod: the browser's first page imports this freely.
export * from './enums';
export * from './text';
export * from './html';
export * from './html-headings';
export * from './auth';
export * from './sign-in';
export * from './users';
export * from './public-config';
export * from './config';
export * from './notifications';
export * from './camping-options';
export * from './places';
export * from './work';
export * from './availability';
export * from './registrations';
export * from './payments';
export * from './admin-registrations';
export * from './list-texts';
export * from './display-format';
export * from './waitlist';
export * from './shift-waitlist';
export * from './draw';
export * from './event-dates';
export * from './shift-reminders';
export * from './calendar';
