/** Digits of a sign-in code. */
export const LOGIN_CODE_LENGTH = 6;

export const AUTH_TEST_MESSAGE = 'Authentication is working' as const;

/** The session marker cookie of docs/product.md §4/§9. */
export const AUTH_STATE_COOKIE = 'auth_state';
export const AUTH_STATE_VALUE = 'authenticated';
export const AUTH_STATE_MAX_AGE_SECONDS = 2_592_000;

/** Minutes a sign-in code stays valid. */
export const LOGIN_CODE_TTL_MINUTES = 10;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
