import type { DrawEntryDto } from '@camp/shared/draw';
import { DRAW_TEXTS, formatDateTime, REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { myDrawEntryQueryOptions, useWithdrawDrawEntry } from '../api/draw-entry';

/**
 * The dashboard while the person has a draw entry (docs/product.md §10): "You're in the draw", when it is drawn,
 * the choices, and Withdraw. Without an entry the `fallback` (how to register) shows.
 */
export function DrawEntryArea({ timeZone, fallback }: { timeZone: string; fallback: ReactNode }) {
  const entry = useQuery(myDrawEntryQueryOptions());
  if (entry.isPending) return <PageLoader label="Loading your draw entry..." />;
  if (entry.isError) {
    return <LoadFailedAlert title="Failed to load your draw entry" onRetry={() => void entry.refetch()} />;
  }
  if (!entry.data || entry.data.state !== 'ENTERED') return fallback;
  return <DrawEntryPanel entry={entry.data} timeZone={timeZone} />;
}

export function DrawEntryPanel({ entry, timeZone }: { entry: DrawEntryDto; timeZone: string }) {
  const withdraw = useWithdrawDrawEntry();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      await withdraw.mutateAsync(entry.id);
      setConfirming(false);
      notifications.show({
        color: 'green',
        title: DRAW_TEXTS.withdrawn,
        message: DRAW_TEXTS.withdrawnBody,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
    } catch (failure) {
      setConfirming(false);
      setError(isApiError(failure) ? failure.serverMessages.join(' ') : REGISTRATION_TEXTS.createFailed);
    }
  };

  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="sm">
        <Title order={3}>{DRAW_TEXTS.enteredTitle}</Title>
        {entry.drawClosesAt && (
          <Text>{DRAW_TEXTS.enteredBody(formatDateTime(entry.drawClosesAt, timeZone))}</Text>
        )}
        <Text fw={600}>Camping</Text>
        <List>
          {entry.campingOptions.map((option) => (
            <List.Item key={option.id}>{option.name}</List.Item>
          ))}
        </List>
        <Text fw={600}>Work shifts</Text>
        {entry.jobs.length === 0 ? (
          <Text c="dimmed">None</Text>
        ) : (
          <List>
            {entry.jobs.map((job) => (
              <List.Item key={job.id}>{job.label}</List.Item>
            ))}
          </List>
        )}
        <Text fw={600}>Camp with</Text>
        {entry.campWith.length === 0 ? (
          <Text c="dimmed">Nobody named</Text>
        ) : (
          <List>
            {entry.campWith.map((email) => (
              <List.Item key={email} style={{ overflowWrap: 'anywhere' }}>
                {email}
              </List.Item>
            ))}
          </List>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            {DRAW_TEXTS.withdraw}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={DRAW_TEXTS.withdraw}
        message={DRAW_TEXTS.withdrawConfirm}
        confirmLabel={DRAW_TEXTS.withdraw}
        danger
        loading={withdraw.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
