import '@mantine/core/styles/Badge.css';
import { formatDateTime, jobLabel, SHIFT_WAITLIST_TEXTS, shiftWhenDated } from '@camp/shared/rules';
import type { ShiftWait } from '@camp/shared/shift-waitlist';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { SectionCard } from '../../../components/section-card';
import { failureDetail } from '../../../lib/api-client';
import { useAnswerShiftWait, useJoinShiftWait, useMyShiftWaits } from '../api/shift-waits';
import classes from './dashboard.module.css';
import { useEventCalendar } from '../../config';

// The shift waitlist in the browser (docs/product.md §10, decision 052): the person's places in shift lines on the
// dashboard, and on /shifts the line of each full shift (join, position, leave, an offer's answer).

/** A job as the mails name it: 'Bar (Night, Monday)'. */
export const shiftWaitJob = (job: ShiftWait['job']): string =>
  jobLabel(job.name, job.shift.name, job.shift.dayOfWeek);

/** A toast; a success's title is the card's own ("Shift waitlist"), a failure's says what failed. */
const toast = (color: 'green' | 'red', title: string, message: string) =>
  notifications.show({ color, title, message, closeButtonProps: { 'aria-label': 'Close notification' } });

/** A refusal's toast: the action's failure text, and the server's reason under it. */
function failed(title: string, failure: unknown) {
  const detail = failureDetail(failure);
  if (detail) toast('red', title, detail);
  else
    notifications.show({
      color: 'red',
      message: title,
      closeButtonProps: { 'aria-label': 'Close notification' },
    });
}

type Confirming = 'leave' | 'decline' | null;

/** The dashboard card's heading id. */
const CARD_HEADING_ID = 'shift-waitlist';

/**
 * After an answer the entry and its buttons are gone: focus moves to `target` if it is still on the page (once it
 * has been drawn again), else to the page's main content, so a keyboard user is not left on nothing.
 */
function moveFocusAfterAnswer(target: () => HTMLElement | null | undefined) {
  window.setTimeout(() => (target() ?? document.getElementById('main-content'))?.focus(), 0);
}

/**
 * An entry's buttons: "Take the shift" and Decline on an offer, "Leave this line" while waiting; Decline and Leave
 * ask first. The calls run with mutateAsync: a success takes the entry out of the list (and this component with it)
 * before a mutate() callback would run.
 */
export function ShiftWaitActions({
  wait,
  size = 'sm',
  onAnswered,
}: {
  wait: ShiftWait;
  size?: 'sm' | 'compact-sm';
  /** After a success (the entry has changed or gone): where focus goes next. */
  onAnswered: () => void;
}) {
  const job = shiftWaitJob(wait.job);
  const answer = useAnswerShiftWait();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = answer.isPending;

  const accept = async () => {
    try {
      await answer.mutateAsync({ id: wait.id, answer: 'accept' });
      toast('green', SHIFT_WAITLIST_TEXTS.title, SHIFT_WAITLIST_TEXTS.accepted(job));
      onAnswered();
    } catch (failure) {
      failed(SHIFT_WAITLIST_TEXTS.acceptFailed, failure);
    }
  };

  const confirm = async (which: 'leave' | 'decline') => {
    try {
      await answer.mutateAsync({ id: wait.id, answer: which });
      setConfirming(null);
      toast(
        'green',
        SHIFT_WAITLIST_TEXTS.title,
        which === 'leave' ? SHIFT_WAITLIST_TEXTS.left(job) : SHIFT_WAITLIST_TEXTS.declined(job),
      );
      onAnswered();
    } catch (failure) {
      setConfirming(null);
      failed(
        which === 'leave' ? SHIFT_WAITLIST_TEXTS.leaveFailed : SHIFT_WAITLIST_TEXTS.declineFailed,
        failure,
      );
    }
  };

  const offered = wait.state === 'OFFERED';
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {offered && (
          <Button size={size} onClick={() => void accept()} loading={busy && confirming === null}>
            {SHIFT_WAITLIST_TEXTS.accept}
          </Button>
        )}
        <Button
          size={size}
          variant="default"
          disabled={busy}
          onClick={() => setConfirming(offered ? 'decline' : 'leave')}
        >
          {offered ? SHIFT_WAITLIST_TEXTS.decline : SHIFT_WAITLIST_TEXTS.leave}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'decline' ? SHIFT_WAITLIST_TEXTS.decline : SHIFT_WAITLIST_TEXTS.leave}
        message={
          confirming === 'decline'
            ? SHIFT_WAITLIST_TEXTS.declineConfirm(job)
            : SHIFT_WAITLIST_TEXTS.leaveConfirm(job)
        }
        confirmLabel={confirming === 'decline' ? SHIFT_WAITLIST_TEXTS.decline : SHIFT_WAITLIST_TEXTS.leave}
        danger
        loading={busy}
        onConfirm={() => void confirm(confirming === 'decline' ? 'decline' : 'leave')}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

/** When and where the shift is: 'Tuesday 18:00–21:00 · Main kitchen'. */
function WhenWhere({ job }: { job: ShiftWait['job'] }) {
  const calendar = useEventCalendar();
  return (
    <Text size="sm" c="dimmed">
      {shiftWhenDated(job.shift, calendar)} · {job.location}
    </Text>
  );
}

const focusCard = () => moveFocusAfterAnswer(() => document.getElementById(CARD_HEADING_ID));

/** What an entry says on the dashboard: the offer and its deadline, the position, or why it waits (dormant). */
function ShiftWaitItem({ wait, timeZone }: { wait: ShiftWait; timeZone: string }) {
  const job = shiftWaitJob(wait.job);
  const headingId = useId();
  if (wait.state === 'OFFERED' && wait.offer) {
    return (
      <Paper
        component="li"
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        className={`${classes.offer} ${classes.wrap}`}
        aria-labelledby={headingId}
      >
        <Stack gap="sm">
          <Title order={4} id={headingId}>
            {SHIFT_WAITLIST_TEXTS.offerTitle(job)}
          </Title>
          <Text>{SHIFT_WAITLIST_TEXTS.offerBody(formatDateTime(wait.offer.expiresAt, timeZone))}</Text>
          <WhenWhere job={wait.job} />
          <ShiftWaitActions wait={wait} onAnswered={focusCard} />
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} className={classes.wrap}>
      <Stack gap="xs">
        <Text>
          {wait.active && wait.position !== null
            ? SHIFT_WAITLIST_TEXTS.position(wait.position, job)
            : `${job}: ${SHIFT_WAITLIST_TEXTS.dormant}`}
        </Text>
        <WhenWhere job={wait.job} />
        <ShiftWaitActions wait={wait} onAnswered={focusCard} />
      </Stack>
    </Paper>
  );
}

/**
 * The dashboard's "Shift waitlist" card (docs/product.md §10): each open entry, offers first (the API's order),
 * shown only when there is one. `offers` picks the card with offers (shown at the top of the dashboard) or the one
 * without (below the registration): the same list, one place.
 */
export function ShiftWaitlistSection({ timeZone, offers }: { timeZone: string; offers: boolean }) {
  const waits = useMyShiftWaits();
  // Given, the heading can take focus from script (after an answer), not from Tab.
  const heading = useRef<HTMLHeadingElement>(null);
  const list = waits.data ?? [];
  const hasOffer = list.some((wait) => wait.state === 'OFFERED');
  if (waits.isError) {
    return offers ? null : (
      <LoadFailedAlert title={SHIFT_WAITLIST_TEXTS.fetchFailed} onRetry={() => void waits.refetch()} />
    );
  }
  if (list.length === 0 || hasOffer !== offers) return null;
  return (
    <SectionCard
      id={CARD_HEADING_ID}
      title={SHIFT_WAITLIST_TEXTS.title}
      shadow="xs"
      gap="md"
      headingRef={heading}
    >
      <Stack component="ul" gap="sm" className={classes.plainList}>
        {list.map((wait) => (
          <ShiftWaitItem key={wait.id} wait={wait} timeZone={timeZone} />
        ))}
      </Stack>
    </SectionCard>
  );
}

/**
 * /shifts: a shift's line on its row (docs/product.md §10). In line: "On the waitlist", the position and Leave; with
 * an offer: the deadline, Take and Decline; a full shift with its waitlist on: "Join the waitlist".
 */
export function ShiftLineControl({
  wait,
  canJoin,
  jobId,
  job,
  timeZone,
}: {
  /** The person's open entry for this job, if any. */
  wait: ShiftWait | undefined;
  /** The job is full with its waitlist on, and the person has a registration of the year. */
  canJoin: boolean;
  jobId: string;
  /** The job as the texts name it. */
  job: string;
  timeZone: string;
}) {
  const join = useJoinShiftWait();
  const box = useRef<HTMLDivElement>(null);
  /** An answer or a join changed this row: focus goes to its new first button (or the page, if the row went). */
  const [moved, setMoved] = useState(0);
  useEffect(() => {
    if (moved > 0) moveFocusAfterAnswer(() => box.current?.querySelector('button'));
  }, [moved]);
  const answered = () => setMoved((count) => count + 1);

  const send = async () => {
    try {
      await join.mutateAsync(jobId);
      toast('green', SHIFT_WAITLIST_TEXTS.title, SHIFT_WAITLIST_TEXTS.joined(job));
      answered();
    } catch (failure) {
      failed(SHIFT_WAITLIST_TEXTS.joinFailed, failure);
    }
  };

  if (!wait && !canJoin) return null;
  const offered = wait?.state === 'OFFERED' && wait.offer;
  return (
    <div ref={box} role="group" aria-label={`${SHIFT_WAITLIST_TEXTS.title}: ${job}`}>
      {wait ? (
        <Stack gap={4} align="flex-start">
          <Badge component="span" color="orange" variant="filled" autoContrast tt="none">
            {offered ? SHIFT_WAITLIST_TEXTS.offeredShort : SHIFT_WAITLIST_TEXTS.waiting}
          </Badge>
          <Text size="sm">
            {offered
              ? SHIFT_WAITLIST_TEXTS.offeredUntil(formatDateTime(wait.offer!.expiresAt, timeZone))
              : wait.active && wait.position !== null
                ? SHIFT_WAITLIST_TEXTS.positionShort(wait.position)
                : SHIFT_WAITLIST_TEXTS.dormant}
          </Text>
          <ShiftWaitActions wait={wait} size="compact-sm" onAnswered={answered} />
        </Stack>
      ) : (
        <Button size="compact-sm" variant="light" loading={join.isPending} onClick={() => void send()}>
          {SHIFT_WAITLIST_TEXTS.join}
        </Button>
      )}
    </div>
  );
}
