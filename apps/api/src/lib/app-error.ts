import { STATUS_CODES } from 'node:http';

/**
 * What a caller inside the API may tell apart about an AppError (decision 042): code reads decide, never the
 * message text (a wording change must not change behaviour) nor the status code (several causes share one).
 * The client sees only the status and the message; the code is never answered.
 */
export type AppErrorCode =
  /** A sign-in code that matches no live code of the address. */
  | 'login_code.invalid'
  /** The address's codes are expired or used up. */
  | 'login_code.expired'
  /** This wrong code was the last attempt the address's live codes allowed. */
  | 'login_code.too_many_attempts';

/** An error a service throws to answer with a status and the message(s) a person should read. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messages: string | string[];
  /** Extra response headers (Retry-After on 429). */
  readonly headers: Record<string, string>;
  /** What went wrong, for the API's own decisions (undefined where nothing decides on it). */
  readonly code: AppErrorCode | undefined;

  constructor(
    statusCode: number,
    message: string | string[],
    headers: Record<string, string> = {},
    /** What went wrong underneath (logged with the error, never answered). */
    cause?: unknown,
    code?: AppErrorCode,
  ) {
    super(Array.isArray(message) ? message.join('; ') : message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.messages = message;
    this.headers = headers;
    this.code = code;
  }
}

export const badRequest = (message: string | string[]) => new AppError(400, message);
export const unauthorized = (message = 'Authentication required', code?: AppErrorCode) =>
  new AppError(401, message, {}, undefined, code);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string | string[]) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'Retry-After': String(retryAfterSeconds) });

/** The provider answered, and refused (Stripe declined a refund): its words are logged, ours answered. */
export const badGateway = (message: string, cause?: unknown) => new AppError(502, message, {}, cause);
export const serviceUnavailable = (message: string, cause?: unknown) => new AppError(503, message, {}, cause);

/** The standard reason phrase of a status code ("Not Found"). */
export function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}
