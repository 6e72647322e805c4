import '@mantine/core/styles/Input.css';
import {
  CALENDAR_TEXTS,
  type CalendarLinks as CalendarLinksDto,
  googleCalendarUrl,
  shiftIcsFileName,
  webcalUrl,
} from '@camp/shared/rules';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { SectionCard } from '../../../components/section-card';
import { showSuccessToast } from '../../../lib/toast';
import { fetchShiftIcs, myCalendarLinksQueryOptions, useResetCalendarLinks } from '../api/calendar';
import { saveFile } from '../../../lib/save-file';

// "Add to my calendar" (docs/product.md §11 Calendar feed): the person's secret feed link to copy or open in a
// calendar app, the whole schedule's for staff and admins, and "Reset link". On the dashboard and /shifts.

type CopyState = 'idle' | 'copied' | 'failed';

/** One feed: its link to read and copy, and the two ways calendar apps subscribe to it. */
function FeedLink({ label, url }: { label: string; url: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          value={url}
          readOnly
          flex={1}
          miw={0}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="default" onClick={() => void onCopy()}>
          {CALENDAR_TEXTS.copy}
        </Button>
      </Group>
      <Text size="sm" role="status" c={copy === 'failed' ? 'red.8' : 'dimmed'}>
        {copy === 'copied' ? CALENDAR_TEXTS.copied : copy === 'failed' ? CALENDAR_TEXTS.copyFailed : ''}
      </Text>
      <Group gap="md" wrap="wrap">
        <Anchor href={webcalUrl(url)} size="sm">
          {CALENDAR_TEXTS.appleOutlook}
        </Anchor>
        <Anchor href={googleCalendarUrl(url)} target="_blank" rel="noopener noreferrer" size="sm">
          {CALENDAR_TEXTS.google}
        </Anchor>
      </Group>
    </Stack>
  );
}

function Links({ links }: { links: CalendarLinksDto }) {
  const [confirming, setConfirming] = useState(false);
  const reset = useResetCalendarLinks();
  const onConfirm = () => {
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showSuccessToast(CALENDAR_TEXTS.reset, CALENDAR_TEXTS.resetDone);
      },
      onError: () => setConfirming(false),
    });
  };
  return (
    <>
      <Text size="sm">{CALENDAR_TEXTS.intro}</Text>
      <FeedLink label={CALENDAR_TEXTS.feedLabel} url={links.feedUrl} />
      {links.scheduleFeedUrl && (
        <Stack gap={6} mt="sm">
          <Text fw={600}>{CALENDAR_TEXTS.scheduleTitle}</Text>
          <Text size="sm" c="dimmed">
            {CALENDAR_TEXTS.scheduleIntro}
          </Text>
          <FeedLink label={CALENDAR_TEXTS.scheduleFeedLabel} url={links.scheduleFeedUrl} />
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        {CALENDAR_TEXTS.privateNote}
      </Text>
      {reset.isError && (
        <Alert color="red" variant="light" role="alert">
          {CALENDAR_TEXTS.resetFailed}
        </Alert>
      )}
      <Group>
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          {CALENDAR_TEXTS.reset}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={CALENDAR_TEXTS.resetTitle}
        message={CALENDAR_TEXTS.resetMessage}
        confirmLabel={CALENDAR_TEXTS.resetConfirm}
        danger
        loading={reset.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** The "Add to my calendar" card: the person's feed link (and the schedule's for staff), or why there is none yet. */
export function CalendarLinks() {
  const links = useQuery(myCalendarLinksQueryOptions());
  return (
    <SectionCard id="add-to-calendar" title={CALENDAR_TEXTS.title} order={2} gap="sm" shadow="xs">
      {links.isPending ? (
        <PageLoader label={CALENDAR_TEXTS.loading} />
      ) : links.isError ? (
        <LoadFailedAlert title={CALENDAR_TEXTS.loadFailed} onRetry={() => void links.refetch()} />
      ) : links.data.datesSet ? (
        <Links links={links.data} />
      ) : (
        <Text c="dimmed">{CALENDAR_TEXTS.datesNotSet}</Text>
      )}
    </SectionCard>
  );
}

/**
 * "Download .ics" for one of the person's shifts: fetched with the session (the API wants the bearer token), then
 * saved as a file. Named by its job so a screen reader tells the rows' buttons apart.
 */
export function DownloadShiftIcs({ job }: { job: { id: string; name: string } }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const errorId = useId();
  const onClick = async () => {
    setState('loading');
    try {
      saveFile(shiftIcsFileName(job.name), await fetchShiftIcs(job.id), 'text/calendar');
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack gap={2} align="flex-end">
      <Button
        variant="subtle"
        size="compact-sm"
        loading={state === 'loading'}
        aria-label={`${CALENDAR_TEXTS.downloadShift}: ${job.name}`}
        aria-describedby={state === 'failed' ? errorId : undefined}
        onClick={() => void onClick()}
      >
        {CALENDAR_TEXTS.downloadShift}
      </Button>
      {state === 'failed' && (
        <Text size="xs" c="red.8" id={errorId} role="alert">
          {CALENDAR_TEXTS.downloadFailed}
        </Text>
      )}
    </Stack>
  );
}
