import { z } from 'zod';
import { RoleSchema } from './enums';
import { EmailSchema } from './users';

export const RequestLoginCodeInputSchema = z.strictObject({ email: EmailSchema });
export type RequestLoginCodeInput = z.input<typeof RequestLoginCodeInputSchema>;

export const LOGIN_CODE_LENGTH = 6;

export const LoginWithCodeInputSchema = z.strictObject({
  email: EmailSchema,
  code: z
    .string({ error: 'Please enter the 6-digit code from your email' })
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from your email'),
});
export type LoginWithCodeInput = z.input<typeof LoginWithCodeInputSchema>;

export const RequestLoginCodeResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The auth response of spec §3. */
export const AuthResponseSchema = z.object({
  accessToken: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const AUTH_TEST_MESSAGE = 'Authentication is working' as const;

/** The session marker cookie of spec §4/§9. */
export const AUTH_STATE_COOKIE = 'auth_state';
export const AUTH_STATE_VALUE = 'authenticated';
export const AUTH_STATE_MAX_AGE_SECONDS = 2_592_000;

/** Minutes a sign-in code stays valid. */
export const LOGIN_CODE_TTL_MINUTES = 10;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
