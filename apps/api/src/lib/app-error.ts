import { STATUS_CODES } from 'node:http';

/** An error a service throws to answer with a status and the message(s) a person should read. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messages: string | string[];
  /** Extra response headers (Retry-After on 429). */
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string | string[],
    headers: Record<string, string> = {},
    /** What went wrong underneath (logged with the error, never answered). */
    cause?: unknown,
  ) {
    super(Array.isArray(message) ? message.join('; ') : message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.messages = message;
    this.headers = headers;
  }
}

export const badRequest = (message: string | string[]) => new AppError(400, message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
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
