import { notifications } from '@mantine/notifications';
import { failureDetail } from '../../lib/api-client';

/**
 * A red toast for a failed save (docs/product.md §8: the server's message when it sent one). It stays until closed, so
 * a long message can be read; success toasts close by themselves after 5 seconds.
 */
export function showErrorToast(title: string, error: unknown): void {
  notifications.show({
    color: 'red',
    title,
    message: failureDetail(error) ?? title,
    autoClose: false,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

/** A yellow toast for something that needs a look (a refund that failed or is still pending). */
export function showWarningToast(title: string, message: string): void {
  notifications.show({
    color: 'yellow',
    title,
    message,
    autoClose: false,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
