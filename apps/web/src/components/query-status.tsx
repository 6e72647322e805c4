import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { failureDetail } from '../lib/api-client';
import { LoadFailedAlert } from './load-failed-alert';

/**
 * What a card shows in place of its list while the list's query has no data: "Loading…" while it is pending, and
 * the failure with the server's reason and Try again when it failed; null once the data is there.
 */
export function queryStatus(
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  },
  texts: { loading: string; loadFailed: string },
): ReactNode | null {
  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {texts.loading}
        </Text>
      </Group>
    );
  }
  if (query.isError) {
    const detail = failureDetail(query.error);
    return (
      <LoadFailedAlert
        title={texts.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {detail && <Text size="sm">{detail}</Text>}
      </LoadFailedAlert>
    );
  }
  return null;
}
