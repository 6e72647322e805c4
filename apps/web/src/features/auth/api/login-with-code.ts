import type { AuthResponse } from '@camp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { parseAuthResponse } from './parse-auth';

export interface LoginWithCodeInput {
  email: string;
  code: string;
}

/** POST /auth/login-with-code: verifies the code; the server also sets the refresh and auth_state cookies. */
export async function loginWithCode(input: LoginWithCodeInput): Promise<AuthResponse> {
  // A 401 here is the answer "wrong code", not an expired session: no refresh.
  const body = await apiClient.post('/auth/login-with-code', { body: input, skipAuthRefresh: true });
  return parseAuthResponse(body);
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
