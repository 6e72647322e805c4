import { errorMessageText } from '@camp/shared/rules';
import { isApiError } from '../../lib/api-client';

/** The server's own message(s) of a refused submission (400, 403, 409), else none. */
export function submissionProblems(error: unknown): string[] {
  if (!isApiError(error) || error.kind !== 'http') return [];
  if (![400, 403, 409].includes(error.status)) return [];
  return error.serverMessages.map((message) => errorMessageText(message)).filter(Boolean);
}
