import { errorMessageText } from '@camp/shared/rules';
import { isApiError } from '../../lib/api-client';

/** The texts of docs/product.md §8 (camping options) and the empty states. */
export const CAMPING_OPTION_MESSAGES = {
  loadOptions: 'Failed to load camping options',
  loadOption: 'Failed to load camping option',
  loadFields: 'Failed to load camping option fields',
  createOption: 'Failed to create camping option',
  updateOption: 'Failed to update camping option',
  deleteOption: 'Failed to delete camping option',
  reorderFields: 'Failed to reorder fields. Please try again.',
  noOptions: 'No camping options found...',
  noFields: 'No custom fields yet. Add one to ask campers for more details when they choose this option.',
  networkError: 'Network error occurred. Please try again.',
  unexpectedError: 'An unexpected error occurred',
} as const;

/** The server's message of a failed call (a list joined), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.serverMessage === undefined) return undefined;
  const text = errorMessageText(error.serverMessage).trim();
  return text === '' ? undefined : text;
}

/**
 * docs/product.md §8: a field save or delete failure shows the server's message (a list joined), 'Network error occurred.
 * Please try again.' when no answer came, or 'An unexpected error occurred'.
 */
export function fieldErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
    return CAMPING_OPTION_MESSAGES.networkError;
  }
  return CAMPING_OPTION_MESSAGES.unexpectedError;
}
