import { dollarsToCents, formatDateTime, WAITLIST_MESSAGES, WAITLIST_TEXTS } from '@camp/shared/rules';
import type { Registration } from '@camp/shared/registrations';
import type { User } from '@camp/shared/users';
import type { WaitlistOffer } from '@camp/shared/waitlist';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConfirmMessage } from '../../../components/confirm-message';
import { SectionCard } from '../../../components/section-card';
import { failureDetail, isApiError } from '../../../lib/api-client';
import { isShiftsFull, useAcceptOffer, useDeclineOffer, useLeaveWaitlist } from '../api/waitlist';
import classes from './dashboard.module.css';

// The waitlist on the dashboard (docs/product.md §10, decision 048): a waitlisted registration's positions and
// "Leave the waitlist", and an open offer's panel with Accept and Decline.

/** The wizard's shift step, loaded only when an accept finds a chosen shift full. */
const OfferShiftPicker = lazy(() => import('./offer-shift-picker'));

/** The DOM id of the offer panel, the target of the mail's `?offer=<id>` link. */
export const OFFER_PANEL_ID = 'waitlist-offer';

const note = (title: string, message: string) =>
  notifications.show({
    color: 'green',
    title,
    message,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });

/** "You are number 3 in line for …", one line per camping option. */
export function WaitlistPositions({ registration }: { registration: Registration }) {
  const positions = registration.waitlist?.positions ?? [];
  if (positions.length === 0) return null;
  return (
    <section aria-labelledby="waitlist-positions">
      <Title order={4} id="waitlist-positions" mb="xs">
        {WAITLIST_TEXTS.positionsTitle}
      </Title>
      <Stack component="ul" gap={4} className={classes.plainList}>
        {positions.map((line) => (
          <Text component="li" key={line.campingOptionId} className={classes.wrap}>
            {WAITLIST_TEXTS.position(line.position, line.name)}
          </Text>
        ))}
      </Stack>
    </section>
  );
}

/** "Leave the waitlist", after a confirmation: the registration is cancelled. */
export function LeaveWaitlistButton({ registration }: { registration: Registration }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveWaitlist();
  const confirm = () =>
    leave.mutate(registration.id, {
      onSuccess: () => {
        setOpen(false);
        note(WAITLIST_TEXTS.leave, WAITLIST_TEXTS.left);
      },
    });
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          leave.reset();
          setOpen(true);
        }}
      >
        {WAITLIST_TEXTS.leave}
      </Button>
      <ConfirmDialog
        opened={open}
        title={WAITLIST_TEXTS.leaveTitle}
        message={
          <ConfirmMessage
            text={WAITLIST_TEXTS.leaveConfirm}
            error={leave.isError ? (failureDetail(leave.error) ?? WAITLIST_TEXTS.leaveFailed) : null}
          />
        }
        confirmLabel={WAITLIST_TEXTS.leave}
        danger
        loading={leave.isPending}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

/** An offer the person can still take: OPEN and not past its deadline by this browser's clock. */
function isOfferLive(offer: WaitlistOffer, now: number): boolean {
  return offer.state === 'OPEN' && Date.parse(offer.expiresAt) > now;
}

interface OfferAreaProps {
  /** The current registration of the year, if any. */
  registration: Registration | null;
  user: Pick<User, 'id' | 'role' | 'allowNoJob'>;
  /** The camp's time zone: the deadline is written in it (docs/product.md §9). */
  timeZone: string;
  /** The offer id of the mail's link (`?offer=`), if the dashboard was opened from it. */
  linkedOfferId: string | null;
}

/**
 * The offer panel (docs/product.md §10): what is held and until when, Accept and Decline. It stays mounted while the
 * registration changes under it, so what happened (the offer closed meanwhile, the place is yours) is still said
 * once the offer is gone from the registration.
 */
export function OfferArea({ registration, user, timeZone, linkedOfferId }: OfferAreaProps) {
  const offer = registration?.status === 'WAITLISTED' ? (registration.waitlist?.offer ?? null) : null;
  /** Why the offer can no longer be answered (the server's 409 text), kept after the offer is gone. */
  const [closed, setClosed] = useState<string | null>(null);
  // The answers live here, not in the panel: a success takes the offer out of the registration, which unmounts
  // the panel before the call's own callbacks (the note) run, and TanStack Query skips those of an unmounted
  // observer.
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const answer = accept.isSuccess ? 'accepted' : decline.isSuccess ? 'declined' : null;
  const answering = accept.isPending || decline.isPending;
  const linkedGone = linkedOfferId !== null && offer?.id !== linkedOfferId && answer === null && !answering;

  if (offer) {
    return (
      <OfferPanel
        key={offer.id}
        offer={offer}
        registration={registration!}
        user={user}
        timeZone={timeZone}
        focus={linkedOfferId === offer.id}
        accept={accept}
        decline={decline}
        onClosed={setClosed}
      />
    );
  }
  if (closed || linkedGone) {
    return (
      <Alert color="yellow" variant="light" role="status" title={WAITLIST_TEXTS.offerTitle}>
        {closed ?? WAITLIST_MESSAGES.offerClosed}
      </Alert>
    );
  }
  if (answer === 'accepted' && registration && dollarsToCents(registration.amountOwed) > 0) {
    return <AcceptedPay />;
  }
  return null;
}

/** After accepting with dues owed: the dues box below holds the usual Pay button; focus goes there. */
function AcceptedPay() {
  useEffect(() => {
    const dues = document.getElementById('outstanding-dues');
    dues?.scrollIntoView?.({ block: 'center' });
    dues?.focus();
  }, []);
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={WAITLIST_TEXTS.accepted}
      classNames={{ title: classes.readableTitle }}
    >
      {WAITLIST_TEXTS.acceptedPay}
    </Alert>
  );
}

interface OfferPanelProps {
  offer: WaitlistOffer;
  registration: Registration;
  user: Pick<User, 'id' | 'role' | 'allowNoJob'>;
  timeZone: string;
  /** Opened from the mail's link: scroll the panel into view and focus its heading. */
  focus: boolean;
  /** OfferArea's calls (they outlive the panel). */
  accept: ReturnType<typeof useAcceptOffer>;
  decline: ReturnType<typeof useDeclineOffer>;
  onClosed: (message: string) => void;
}

function OfferPanel({
  offer,
  registration,
  user,
  timeZone,
  focus,
  accept,
  decline,
  onClosed,
}: OfferPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [now] = useState(() => Date.now());
  const [declining, setDeclining] = useState(false);
  /** A chosen shift was full: the person chooses again (the server's message is shown above the picker). */
  const [shiftsFull, setShiftsFull] = useState<string | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);

  useEffect(() => {
    if (!focus) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  }, [focus]);

  const live = isOfferLive(offer, now);
  const deadline = formatDateTime(offer.expiresAt, timeZone);

  /** The offer ended meanwhile (409 offerClosed/offerExpired): said outside the panel, which goes. */
  const closedBy = (failure: unknown): boolean => {
    if (!isApiError(failure) || failure.status !== 409 || isShiftsFull(failure)) return false;
    onClosed(failureDetail(failure) ?? WAITLIST_MESSAGES.offerClosed);
    return true;
  };

  const sendAccept = (jobs?: string[]) => {
    setAcceptError(null);
    accept.mutate(
      { offerId: offer.id, jobs },
      {
        onSuccess: (updated) => {
          note(
            WAITLIST_TEXTS.accepted,
            dollarsToCents(updated.amountOwed) > 0
              ? WAITLIST_TEXTS.acceptedPay
              : `You are registered for ${updated.year}.`,
          );
        },
        onError: (failure) => {
          if (isShiftsFull(failure)) {
            setShiftsFull(failureDetail(failure) ?? WAITLIST_MESSAGES.shiftsFullOnAccept);
            return;
          }
          if (!closedBy(failure)) setAcceptError(failureDetail(failure) ?? WAITLIST_TEXTS.acceptFailed);
        },
      },
    );
  };

  const confirmDecline = () =>
    decline.mutate(offer.id, {
      onSuccess: () => {
        setDeclining(false);
        note(WAITLIST_TEXTS.declineTitle, WAITLIST_TEXTS.declined);
      },
      onError: (failure) => {
        if (closedBy(failure)) setDeclining(false);
      },
    });

  return (
    <>
      <SectionCard
        id="waitlist-offer-title"
        title={WAITLIST_TEXTS.offerTitle}
        gap="md"
        shadow="sm"
        sectionId={OFFER_PANEL_ID}
        className={classes.offer}
        headingRef={heading}
      >
        {live ? (
          <>
            <Text>{WAITLIST_TEXTS.offerBody(deadline)}</Text>
            {registration.campingOptions.length > 0 && (
              <Text size="sm" className={classes.wrap}>
                Camping: {registration.campingOptions.map((link) => link.campingOption.name).join(', ')}
              </Text>
            )}
            {shiftsFull ? (
              <>
                <Alert color="orange" variant="light" role="alert">
                  {shiftsFull}
                </Alert>
                <Suspense fallback={<Loader size="sm" aria-label="Loading shifts" />}>
                  <OfferShiftPicker
                    registration={registration}
                    user={user}
                    busy={accept.isPending}
                    onSubmit={(jobs) => sendAccept(jobs)}
                  />
                </Suspense>
              </>
            ) : (
              <Group gap="sm">
                <Button size="md" onClick={() => sendAccept()} loading={accept.isPending}>
                  {WAITLIST_TEXTS.accept}
                </Button>
                <Button
                  size="md"
                  variant="default"
                  onClick={() => {
                    decline.reset();
                    setDeclining(true);
                  }}
                  disabled={accept.isPending}
                >
                  {WAITLIST_TEXTS.decline}
                </Button>
              </Group>
            )}
            {acceptError && (
              <Alert color="red" variant="light" role="alert" title={WAITLIST_TEXTS.acceptFailed}>
                {acceptError}
              </Alert>
            )}
          </>
        ) : (
          <Text role="status">{WAITLIST_TEXTS.offerExpiredNote}</Text>
        )}
      </SectionCard>
      <ConfirmDialog
        opened={declining}
        title={WAITLIST_TEXTS.declineTitle}
        message={
          <ConfirmMessage
            text={WAITLIST_TEXTS.declineConfirm}
            error={decline.isError ? (failureDetail(decline.error) ?? WAITLIST_TEXTS.declineFailed) : null}
          />
        }
        confirmLabel={WAITLIST_TEXTS.decline}
        danger
        loading={decline.isPending}
        onConfirm={confirmDecline}
        onCancel={() => setDeclining(false)}
      />
    </>
  );
}
