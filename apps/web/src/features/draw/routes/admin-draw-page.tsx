import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import type { AdminDraw } from '@camp/shared/draw';
import { DRAW_TEXTS, formatDateTime } from '@camp/shared/rules';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../config';
import { adminDrawQueryOptions, useRunDraw } from '../api/admin-draw';

const STATE_LABELS = {
  ENTERED: 'Entered',
  WON: 'Won',
  WAITLISTED: 'Waitlisted',
  WITHDRAWN: 'Withdrawn',
} as const;
const STATE_COLORS = { ENTERED: 'blue', WON: 'green', WAITLISTED: 'orange', WITHDRAWN: 'gray' } as const;

/** /admin/draw (docs/product.md §10, decision 049): the window, the entries, Draw now, and the draw's record. */
export default function AdminDrawPage() {
  const { config } = usePublicConfig();
  const view = useQuery(adminDrawQueryOptions());
  const run = useRunDraw();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string | null) => formatDateTime(iso, config.timeZone);

  const drawNow = async () => {
    setError(null);
    try {
      await run.mutateAsync();
    } catch (failure) {
      setError(isApiError(failure) ? failure.serverMessages.join(' ') : 'The draw could not be run.');
    }
    setConfirming(false);
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={DRAW_TEXTS.adminTitle}
        description="The fair start: entries collected in the application window, then places drawn at random."
      />
      {view.isPending ? (
        <PageLoader label="Loading the draw..." />
      ) : view.isError ? (
        <LoadFailedAlert title="Failed to load the draw" onRetry={() => void view.refetch()} />
      ) : (
        <DrawBody
          draw={view.data}
          when={when}
          error={error}
          running={run.isPending}
          onDrawNow={() => setConfirming(true)}
        />
      )}
      <ConfirmDialog
        opened={confirming}
        title={DRAW_TEXTS.drawNow}
        message={DRAW_TEXTS.drawNowConfirm}
        confirmLabel={DRAW_TEXTS.drawNow}
        loading={run.isPending}
        onConfirm={() => void drawNow()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

function DrawBody({
  draw,
  when,
  error,
  running,
  onDrawNow,
}: {
  draw: AdminDraw;
  when: (iso: string | null) => string;
  error: string | null;
  running: boolean;
  onDrawNow: () => void;
}) {
  const ran = draw.draw?.ranAt ?? null;
  const summary = draw.draw?.summary ?? null;
  const drawn = draw.entries.filter((entry) => entry.drawnPosition !== null);
  const others = draw.entries.filter((entry) => entry.drawnPosition === null);
  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="draw-window"
      >
        <Stack gap="xs">
          <Title order={3} id="draw-window">
            Application window {draw.year}
          </Title>
          {draw.window ? (
            <Text>
              Opens {when(draw.window.opensAt)}, closes {when(draw.window.closesAt)}.
            </Text>
          ) : (
            <Text c="dimmed">No application window is set: registration is first come, first served.</Text>
          )}
          <Text>
            {draw.counts.entered} {draw.counts.entered === 1 ? 'entry' : 'entries'} waiting in{' '}
            {draw.counts.groups} {draw.counts.groups === 1 ? 'group' : 'groups'}; {draw.counts.withdrawn}{' '}
            withdrawn.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {!ran && draw.window && (
            <Group>
              <Button onClick={onDrawNow} loading={running}>
                {DRAW_TEXTS.drawNow}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      {ran && summary && draw.draw && (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          component="section"
          aria-labelledby="draw-record"
        >
          <Stack gap="xs">
            <Title order={3} id="draw-record">
              The draw of {when(ran)}
            </Title>
            <Text>
              {summary.winners} won a place, {summary.waitlisted} joined the waitlist ({summary.entries}{' '}
              entries in {summary.groups} groups, {summary.groupsOfSeveral} of several people).
            </Text>
            <Text fw={600}>Places used</Text>
            <List>
              {[...summary.optionPlacesUsed, ...summary.jobPlacesUsed].map((place) => (
                <List.Item key={place.id}>
                  {place.name}: {place.used}
                </List.Item>
              ))}
            </List>
            {summary.split.length > 0 && (
              <>
                <Text fw={600}>Circles split into groups of at most 8</Text>
                <List>
                  {summary.split.map((circle) => (
                    <List.Item key={circle.join(',')} style={{ overflowWrap: 'anywhere' }}>
                      {circle.join(', ')}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Seed: <code>{draw.draw.seed}</code>
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Algorithm: <code>{draw.draw.algorithm}</code>
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Outcome digest: <code>{summary.digest}</code>
            </Text>
          </Stack>
        </Paper>
      )}

      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="draw-entries"
      >
        <Stack gap="xs">
          <Title order={3} id="draw-entries">
            {ran ? 'Entries in drawn order' : 'Entries'}
          </Title>
          {draw.entries.length === 0 ? (
            <Text c="dimmed">No entries yet.</Text>
          ) : (
            <List type={ran ? 'ordered' : 'unordered'} aria-label="Draw entries" spacing="xs">
              {[...drawn, ...others].map((entry) => (
                <List.Item key={entry.id}>
                  <Group gap="xs" wrap="wrap">
                    <Text span fw={600}>
                      {entry.name}
                    </Text>
                    <Text span c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {entry.email}
                    </Text>
                    <Badge color={STATE_COLORS[entry.state]} variant="light">
                      {STATE_LABELS[entry.state]}
                    </Badge>
                  </Group>
                  {entry.campWith.length > 0 && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Camp with: {entry.campWith.join(', ')}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
