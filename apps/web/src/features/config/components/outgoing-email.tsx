import '@mantine/core/styles/Badge.css';
import type { EmailOutboxMail, EmailOutboxStatus } from '@camp/shared/outbox';
import { formatDateTime } from '@camp/shared/rules';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { DataTable, serverPagingOf } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { isApiError } from '../../../lib/api-client';
import { useEmailOutbox } from '../api/get-email-outbox';
import { useRetryOutboxMail } from '../api/retry-outbox-mail';
import { OUTGOING_EMAIL_SECTION_ID } from '../routes/failed-mail-warning';

export const OUTGOING_EMAIL_MESSAGES = {
  heading: 'Outgoing e-mail',
  /** Names the table (and its phone list): the section already has the heading's name. */
  caption: 'Outgoing e-mail messages',
  description:
    'Mail the camp sends (confirmations, cancellations, receipts). A message the mail server does not take ' +
    'is tried again several times, with longer waits in between; after the last try it is marked Failed.',
  loading: 'Loading outgoing e-mail...',
  loadFailed: 'Failed to load outgoing e-mail',
  empty: 'No outgoing e-mail yet',
  retryFailed: 'Could not send the e-mail again',
} as const;

/** The toast after a retry: the mail is back in the queue. */
export const retryQueuedMessage = (address: string) =>
  `The e-mail to ${address} is queued and will be sent again in a moment.`;

/** What a failed retry says: the server's reason when it gave one. */
function retryErrorText(error: unknown): string {
  const reason = isApiError(error) && error.kind === 'http' ? error.serverMessages.join(' ') : '';
  return reason ? `${OUTGOING_EMAIL_MESSAGES.retryFailed}: ${reason}` : OUTGOING_EMAIL_MESSAGES.retryFailed;
}

const STATUS_LABELS: Record<EmailOutboxStatus, string> = {
  PENDING: 'Pending',
  SENT: 'Sent',
  FAILED: 'Failed',
};
const STATUS_COLORS: Record<EmailOutboxStatus, string> = { PENDING: 'yellow', SENT: 'teal', FAILED: 'red' };
/** Light badges keep the page's text colour: Mantine's tinted text is below 4.5:1 on the tint (axe). */
const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

type Filter = 'ALL' | EmailOutboxStatus;
const FILTERS: ReadonlyArray<[Filter, string]> = [
  ['ALL', 'All'],
  ['FAILED', 'Failed'],
  ['PENDING', 'Pending'],
  ['SENT', 'Sent'],
];
const EMPTY_FILTERED: Record<EmailOutboxStatus, string> = {
  PENDING: 'No e-mail waiting to be sent',
  SENT: 'No e-mail sent yet',
  FAILED: 'No failed e-mail',
};

function OutboxStatusBadge({ status }: { status: EmailOutboxStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      style={{ ...BADGE_TEXT, flexShrink: 0, minWidth: 'max-content' }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Created, then Sent (SENT) or Next attempt (PENDING): what a person wants to know of a mail's dates. */
function MailDates({ mail }: { mail: EmailOutboxMail }) {
  return (
    <Stack gap={0} miw="9rem">
      <Text size="xs">Created {formatDateTime(mail.createdAt)}</Text>
      {mail.status === 'SENT' && <Text size="xs">Sent {formatDateTime(mail.sentAt)}</Text>}
      {mail.status === 'PENDING' && (
        <Text size="xs" c="dimmed">
          Next attempt {formatDateTime(mail.nextAttemptAt)}
        </Text>
      )}
    </Stack>
  );
}

const wrap: CSSProperties = { overflowWrap: 'anywhere' };

const column = createColumnHelper<EmailOutboxMail>();

// The server pages the list, newest first: the headers do not sort one page of it. On a phone each mail is a
// card titled by its recipient.
const columns = [
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    meta: { nowrap: true },
    cell: ({ getValue }) => <OutboxStatusBadge status={getValue()} />,
  }),
  column.accessor('toAddress', {
    id: 'recipient',
    header: 'Recipient',
    enableSorting: false,
    cell: ({ getValue }) => (
      <Text size="sm" fw={600} style={{ ...wrap, minWidth: '9rem' }}>
        {getValue()}
      </Text>
    ),
  }),
  column.accessor('subject', {
    header: 'Subject',
    enableSorting: false,
    cell: ({ getValue }) => (
      <Text size="sm" style={{ ...wrap, minWidth: '7rem' }}>
        {getValue()}
      </Text>
    ),
  }),
  column.accessor('attempts', { header: 'Attempts', enableSorting: false, meta: { align: 'right' } }),
  column.accessor('lastError', {
    header: 'Last error',
    enableSorting: false,
    cell: ({ getValue }) => (
      <Text size="sm" style={{ ...wrap, minWidth: '7rem' }}>
        {getValue() ?? '—'}
      </Text>
    ),
  }),
  column.display({
    id: 'dates',
    header: 'Dates',
    cell: ({ row }) => <MailDates mail={row.original} />,
  }),
];

/** The section's counts, a line each status. */
function OutboxCounts({ counts }: { counts: Record<'pending' | 'sent' | 'failed', number> }) {
  const items: Array<[string, number, string]> = [
    ['Pending', counts.pending, 'yellow'],
    ['Sent', counts.sent, 'teal'],
    ['Failed', counts.failed, 'red'],
  ];
  return (
    <Group component="dl" gap="md" m={0}>
      {items.map(([label, count, color]) => (
        <Paper
          key={label}
          withBorder
          radius="md"
          px="md"
          py={6}
          style={{
            borderLeftWidth: 4,
            borderLeftStyle: 'solid',
            borderLeftColor: `var(--mantine-color-${color}-6)`,
          }}
        >
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg">
            {count}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}

/**
 * The outbox on the Site Configuration screen: counts of pending, sent and failed mail, the newest mail a
 * page at a time (status, recipient, subject, attempts, the mail server's last error, dates), and Retry on
 * a FAILED one: the shared DataTable, paged by the server, a table on wide screens and a card per mail on a phone.
 */
export function OutgoingEmail() {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [filter, setFilter] = useState<Filter>('ALL');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const outbox = useEmailOutbox({ status: filter === 'ALL' ? undefined : filter, page, limit });

  // The admin panel's warning links here (…/admin/configuration#outgoing-email): once the list has come (the
  // page is only then tall enough), bring the section to the top, once.
  const scrolled = useRef(false);
  const settled = !outbox.isPending;
  useEffect(() => {
    if (!settled || scrolled.current) return;
    if (!window.location.hash.endsWith(`#${OUTGOING_EMAIL_SECTION_ID}`)) return;
    const frame = requestAnimationFrame(() => {
      scrolled.current = true;
      sectionRef.current?.scrollIntoView?.({ block: 'start' });
      sectionRef.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [settled]);

  const retry = useRetryOutboxMail({
    onSuccess: (mail) => notifications.show({ color: 'teal', message: retryQueuedMessage(mail.toAddress) }),
    onError: (error) => notifications.show({ color: 'red', message: retryErrorText(error) }),
  });

  const retryButton = (mail: EmailOutboxMail) =>
    mail.status === 'FAILED' ? (
      <Button
        size="xs"
        variant="light"
        onClick={() => retry.mutate(mail.id)}
        loading={retry.isPending && retry.variables === mail.id}
        aria-label={`Retry the e-mail to ${mail.toAddress}`}
      >
        Retry
      </Button>
    ) : null;

  const data = outbox.data;

  return (
    <Paper
      component="section"
      ref={sectionRef}
      id={OUTGOING_EMAIL_SECTION_ID}
      tabIndex={-1}
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
      // Scrolled to (the index, the admin panel's warning link) below the fixed header by the page's
      // scroll-padding-top (global.css), like every section of the screen.
      style={{ minWidth: 0 }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: '1 1 16rem' }}>
            <Title order={3} size="h4" id={headingId}>
              {OUTGOING_EMAIL_MESSAGES.heading}
            </Title>
            <Text size="sm" c="dimmed">
              {OUTGOING_EMAIL_MESSAGES.description}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching && !outbox.isPending}
          >
            Refresh
          </Button>
        </Group>
        {data && <OutboxCounts counts={data.counts} />}
        <Group gap={6} role="group" aria-label="Show">
          {FILTERS.map(([value, label]) => (
            <Button
              key={value}
              size="xs"
              variant={filter === value ? 'filled' : 'default'}
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setPage(1);
              }}
            >
              {label}
            </Button>
          ))}
        </Group>
        {outbox.isError && data && (
          <LoadFailedAlert
            title={OUTGOING_EMAIL_MESSAGES.loadFailed}
            onRetry={() => void outbox.refetch()}
            retrying={outbox.isFetching}
            retrySize="xs"
          />
        )}
        <DataTable
          data={data?.mails}
          columns={columns}
          caption={OUTGOING_EMAIL_MESSAGES.caption}
          getRowId={(mail) => mail.id}
          serverPaging={serverPagingOf(data, setPage, (size) => {
            setLimit(size);
            setPage(1);
          })}
          // One page of the server's list: a search here would act on that page alone.
          searchable={false}
          isLoading={outbox.isFetching}
          loadingText={OUTGOING_EMAIL_MESSAGES.loading}
          // A failed refresh keeps the last list under the alert above; a failed first load has no list.
          error={outbox.isError && !data ? OUTGOING_EMAIL_MESSAGES.loadFailed : null}
          onRetry={() => void outbox.refetch()}
          emptyText={filter === 'ALL' ? OUTGOING_EMAIL_MESSAGES.empty : EMPTY_FILTERED[filter]}
          minWidth={820}
          cardTitle="recipient"
          renderRowActions={retryButton}
        />
      </Stack>
    </Paper>
  );
}
