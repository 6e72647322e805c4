import { notifications } from '@mantine/notifications';

/**
 * A green toast for a save that worked (it closes by itself after 5 seconds, docs/product.md §9). The close button gets a
 * name: Mantine's has none (axe: button-name).
 */
export function showSuccessToast(title: string, message: string): void {
  notifications.show({
    color: 'green',
    title,
    message,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
