import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import type { AdminDraw } from '@camp/shared/draw';
import { DRAW_ADMIN_TEXTS, DRAW_TEXTS, formatDateTime } from '@camp/shared/rules';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../config';
import { adminDrawQueryOptions, useRunDraw } from '../api/admin-draw';
import { SectionCard } from '../../../components/section-card';

const STATE_LABELS = {
  ENTERED: 'Entered',
  WON: 'Won',
  WAITLISTED: 'Waitlisted',
  WITHDRAWN: 'Withdrawn',
} as const;
const STATE_COLORS = { ENTERED: 'blue', WON: 'green', WAITLISTED: 'orange', WITHDRAWN: 'gray' } as const;
/** Light badges keep the page's text colour: Mantine's tinted green and orange text is below 4.5:1 (axe). */
const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

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
      <SectionCard id="draw-window" title={DRAW_ADMIN_TEXTS.windowTitle(draw.year)}>
        {draw.window ? (
          <Text>{DRAW_ADMIN_TEXTS.windowSet(when(draw.window.opensAt), when(draw.window.closesAt))}</Text>
        ) : (
          <Text c="dimmed">{DRAW_ADMIN_TEXTS.noWindow}</Text>
        )}
        {/* Once drawn nobody is waiting: the record below tells the outcome. */}
        {!ran && (
          <Text>
            {DRAW_ADMIN_TEXTS.waiting(draw.counts.entered, draw.counts.groups, draw.counts.withdrawn)}
          </Text>
        )}
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
      </SectionCard>

      {ran && summary && draw.draw && (
        <SectionCard id="draw-record" title={DRAW_ADMIN_TEXTS.recordTitle(when(ran))}>
          <Text>{DRAW_ADMIN_TEXTS.outcome(summary)}</Text>
          <Text fw={600}>{DRAW_ADMIN_TEXTS.placesUsed}</Text>
          <List>
            {[...summary.optionPlacesUsed, ...summary.jobPlacesUsed].map((place) => (
              <List.Item key={place.id}>
                {place.name}: {place.used}
              </List.Item>
            ))}
          </List>
          {summary.split.length > 0 && (
            <>
              <Text fw={600}>{DRAW_ADMIN_TEXTS.splitCircles}</Text>
              <List>
                {summary.split.map((circle) => (
                  <List.Item key={circle.join(',')} style={WRAP}>
                    {circle.join(', ')}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          {(
            [
              [DRAW_ADMIN_TEXTS.seed, draw.draw.seed],
              [DRAW_ADMIN_TEXTS.algorithm, draw.draw.algorithm],
              [DRAW_ADMIN_TEXTS.digest, summary.digest],
            ] as const
          ).map(([label, value]) => (
            <Text key={label} size="sm" style={WRAP}>
              {label}: <code>{value}</code>
            </Text>
          ))}
        </SectionCard>
      )}

      <SectionCard id="draw-entries" title={DRAW_ADMIN_TEXTS.entriesTitle(ran !== null)}>
        {draw.entries.length === 0 ? (
          <Text c="dimmed">{DRAW_ADMIN_TEXTS.noEntries}</Text>
        ) : (
          <List type={ran ? 'ordered' : 'unordered'} aria-label={DRAW_ADMIN_TEXTS.entriesList} spacing="xs">
            {[...drawn, ...others].map((entry) => (
              <List.Item key={entry.id}>
                <Group gap="xs" wrap="wrap">
                  <Text span fw={600}>
                    {entry.name}
                  </Text>
                  <Text span c="dimmed" style={WRAP}>
                    {entry.email}
                  </Text>
                  <Badge color={STATE_COLORS[entry.state]} variant="light" style={BADGE_TEXT}>
                    {STATE_LABELS[entry.state]}
                  </Badge>
                </Group>
                {entry.campWith.length > 0 && (
                  <Text size="sm" c="dimmed" style={WRAP}>
                    {DRAW_ADMIN_TEXTS.campWith}: {entry.campWith.join(', ')}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </SectionCard>
    </Stack>
  );
}

/** Long addresses, seeds and digests break anywhere rather than widen a phone's screen. */
const WRAP = { overflowWrap: 'anywhere' } as const;
