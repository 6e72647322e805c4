import { notifications } from '@mantine/notifications';
import { failureDetail } from './api-client';

// The app's toasts (docs/product.md §9). Every close button gets a name: Mantine's has none (axe: button-name).
const closeButtonProps = { 'aria-label': 'Close notification' };

/** A green toast for a save that worked (it closes by itself after 5 seconds). */
export function showSuccessToast(title: string, message: string): void {
  notifications.show({ color: 'green', title, message, closeButtonProps });
}

/** A green toast of one line, for a save that worked (it closes by itself). */
export function showDoneToast(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps });
}

/**
 * A red toast for a failed save (docs/product.md §8: the server's message when it sent one). It stays until closed, so
 * a long message can be read.
 */
export function showErrorToast(title: string, error: unknown): void {
  notifications.show({
    color: 'red',
    title,
    message: failureDetail(error) ?? title,
    autoClose: false,
    closeButtonProps,
  });
}

/** A yellow toast for something that needs a look (a refund that failed or is still pending). It stays until closed. */
export function showWarningToast(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message, autoClose: false, closeButtonProps });
}
