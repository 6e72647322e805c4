import { Alert, Button, Group, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Clears a shown error when it changes (the router passes the current path, so navigating away recovers). */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

/**
 * Catches a render error (or a lazy screen whose file is gone after a new deploy) so the rest of the page
 * (header, navigation, footer) keeps working and the user can reload.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The browser console is the only log a client-side failure has.
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" title="Something went wrong" role="alert">
        <Text size="sm" mb="md">
          This page could not be shown. Reloading usually fixes it.
        </Text>
        <Group>
          <Button color="red" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        </Group>
      </Alert>
    );
  }
}
