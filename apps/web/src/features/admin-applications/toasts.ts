import { notifications } from '@mantine/notifications';
import { failureDetail } from '../../lib/api-client';

// The toasts of Admin → Applications: the texts are APPLICATION_TEXTS'; a failure adds the server's reason.

const closeButtonProps = { 'aria-label': 'Close notification' };

/** A green toast of one line (it closes by itself, docs/product.md §9). */
export function showDoneToast(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps });
}

/** A red toast that stays until closed: what failed, and the server's reason when it gave one. */
export function showFailedToast(title: string, error: unknown): void {
  notifications.show({
    color: 'red',
    title,
    message: failureDetail(error) ?? title,
    autoClose: false,
    closeButtonProps,
  });
}
