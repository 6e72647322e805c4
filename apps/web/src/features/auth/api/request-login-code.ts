import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /auth/request-login-code: e-mails a 6-digit code. Resolves on 2xx (docs/product.md §7: "true on 2xx"). */
export async function requestLoginCode(email: string): Promise<void> {
  await apiClient.post('/auth/request-login-code', { body: { email }, skipAuthRefresh: true });
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
