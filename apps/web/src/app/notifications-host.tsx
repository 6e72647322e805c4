// Loaded lazily by providers.tsx: the toast container and its CSS stay out of Home's initial bundle (budget
// 125 KB gzip). Screens call `notifications.show()` from '@mantine/notifications'; the store keeps what they
// show until this container has mounted.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** docs/product.md §9: success toasts clear after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export default function NotificationsHost() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />;
}
