import { z } from 'zod';
import { RoleSchema } from './enums.schema';
import {
  INVALID_CODE_FORMAT,
  LOGIN_CODE_LENGTH,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_TOKEN_LENGTH,
} from './rules';
import { EmailSchema } from './users.schema';

export const RequestLoginCodeInputSchema = z.strictObject({ email: EmailSchema });
export type RequestLoginCodeInput = z.input<typeof RequestLoginCodeInputSchema>;

export const LoginWithCodeInputSchema = z.strictObject({
  email: EmailSchema,
  code: z
    .string({ error: INVALID_CODE_FORMAT })
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), INVALID_CODE_FORMAT),
});
export type LoginWithCodeInput = z.input<typeof LoginWithCodeInputSchema>;

/** POST /auth/login-with-link (decision 062): the token of the mailed link; a malformed one is just not valid. */
export const LoginWithLinkInputSchema = z.strictObject({
  token: z
    .string({ error: SIGN_IN_LINK_INVALID })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${SIGN_IN_LINK_TOKEN_LENGTH}}$`), SIGN_IN_LINK_INVALID),
});
export type LoginWithLinkInput = z.input<typeof LoginWithLinkInputSchema>;

export const RequestLoginCodeResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The auth response of docs/product.md §3. */
export const AuthResponseSchema = z.object({
  accessToken: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** The auth response for a signed-in user and their access token (the server's answer, the web tests' fixture). */
export function authResponseOf(
  user: { id: string } & Omit<AuthResponse, 'accessToken' | 'userId'>,
  accessToken: string,
): AuthResponse {
  return {
    accessToken,
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
  };
}

/** POST /auth/logout-all and POST /users/{id}/end-sessions: how many sessions (devices, browsers) ended. */
export const EndSessionsResponseSchema = z.object({
  success: z.literal(true),
  sessionsEnded: z.number().int().min(0),
});
export type EndSessionsResponse = z.infer<typeof EndSessionsResponseSchema>;
