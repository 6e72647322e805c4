export * from './enums';
export * from './config';
export * from './errors';
export * from './text';
export * from './users';
export * from './auth';
