import { ROLES, type Role } from '@camp/shared/rules';
import type { AuthResponse } from '@camp/shared/auth';
import type { User } from '@camp/shared/users';
import { ApiError } from '../../../lib/api-client';

/*
 * Light shape checks for the answers the first page load depends on. zod stays out of the browser bundle
 * (apps/web/README.md), so these check only what the app relies on: a token to store, an id and a role to
 * guard routes with. The server validates its own responses against the shared schemas.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function invalid(body: unknown): ApiError {
  return new ApiError({ kind: 'invalid-response', status: 200, body });
}

export function parseAuthResponse(body: unknown): AuthResponse {
  if (
    !isRecord(body) ||
    typeof body.accessToken !== 'string' ||
    body.accessToken === '' ||
    typeof body.userId !== 'string' ||
    !isRole(body.role)
  ) {
    throw invalid(body);
  }
  return body as unknown as AuthResponse;
}

export function parseUser(body: unknown): User {
  if (
    !isRecord(body) ||
    typeof body.id !== 'string' ||
    typeof body.email !== 'string' ||
    !isRole(body.role)
  ) {
    throw invalid(body);
  }
  return body as unknown as User;
}
