import { Alert, Button, type AlertProps, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LoadFailedAlertProps extends Omit<AlertProps, 'title' | 'color' | 'variant' | 'role'> {
  /** The failure text of docs/product.md §8, e.g. 'Failed to load user profile'. */
  title: ReactNode;
  /** Fetches again; without it the alert has no Try again button. */
  onRetry?: () => void;
  /** Shows the button busy while the retry is under way. */
  retrying?: boolean;
  /** The button's size, e.g. 'xs' inside a small panel. */
  retrySize?: ButtonProps['size'];
  /** Detail under the title, e.g. the server's message. */
  children?: ReactNode;
}

/** A load failure (docs/product.md §8): a red alert announced to screen readers, with a Try again button. */
export function LoadFailedAlert({
  title,
  onRetry,
  retrying,
  retrySize,
  children,
  ...alertProps
}: LoadFailedAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} {...alertProps}>
      {children}
      {onRetry && (
        <Button color="red" variant="light" size={retrySize} mt="xs" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
