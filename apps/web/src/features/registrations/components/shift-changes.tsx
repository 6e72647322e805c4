import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import {
  SHIFT_CHANGE_MESSAGES,
  SHIFT_CHANGE_TEXTS,
  shiftWhenDated,
  type EventCalendar,
} from '@camp/shared/rules';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureDetail } from '../../../lib/api-client';
import type { ShiftListJob } from '../../work';
import { useChangeMyShifts } from '../api/shift-changes';

// Changing one's own shifts on /shifts (docs/product.md §11 "Changing my shifts", decision 057): Drop and "Swap
// for…" on the person's own shifts, "Take this shift" on a shift with free places. Every change is one call; a
// refusal shows the server's own message above the lists.

/** A job as a choice names it: 'Gate greeter — Tuesday 18:00–21:00 · Front gate'. */
const choiceLabel = (job: ShiftListJob, calendar: EventCalendar | null) =>
  `${job.name} — ${shiftWhenDated(job.shift, calendar)} · ${job.location}`;

/** After a change the row may be gone: focus goes to the "My shifts" heading, else to the main content. */
function focusMyShifts() {
  window.setTimeout(
    () => (document.getElementById('my-shifts') ?? document.getElementById('main-content'))?.focus(),
    0,
  );
}

export interface ShiftChanger {
  /** Sends one change; answers whether it went through. */
  send: (change: { drop?: string[]; take?: string[] }, done: string) => Promise<boolean>;
  pending: boolean;
  /** The server's reason for the last refusal (shown above the lists), or null. */
  problem: string | null;
  clearProblem: () => void;
}

/** The page's one sender of changes: a success toasts `done`, a refusal keeps the server's message. */
export function useShiftChanger(): ShiftChanger {
  const change = useChangeMyShifts();
  const [problem, setProblem] = useState<string | null>(null);
  const send: ShiftChanger['send'] = async ({ drop = [], take = [] }, done) => {
    setProblem(null);
    try {
      await change.mutateAsync({ drop, take });
      notifications.show({
        color: 'green',
        message: done,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
      focusMyShifts();
      return true;
    } catch (failure) {
      setProblem(failureDetail(failure) ?? SHIFT_CHANGE_MESSAGES.failed);
      return false;
    }
  };
  return { send, pending: change.isPending, problem, clearProblem: () => setProblem(null) };
}

/** The refusal of the last change, in words the server chose. */
export function ShiftChangeProblem({ changer }: { changer: ShiftChanger }) {
  if (!changer.problem) return null;
  return (
    <Alert
      color="red"
      role="alert"
      title={SHIFT_CHANGE_MESSAGES.failed}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={changer.clearProblem}
    >
      {changer.problem}
    </Alert>
  );
}

/** "Swap for…" and Drop on one of the person's own shifts; Drop asks first. */
export function MyShiftChangeActions({
  job,
  swapChoices,
  changer,
  calendar,
}: {
  job: ShiftListJob;
  /** The shifts with free places the person could take instead. */
  swapChoices: readonly ShiftListJob[];
  changer: ShiftChanger;
  calendar: EventCalendar | null;
}) {
  const [dialog, setDialog] = useState<'drop' | 'swap' | null>(null);
  const [instead, setInstead] = useState('');
  const close = () => setDialog(null);
  const drop = async () => {
    await changer.send({ drop: [job.id] }, SHIFT_CHANGE_TEXTS.dropped(job.name));
    close();
  };
  const swap = async () => {
    const chosen = swapChoices.find((choice) => choice.id === instead);
    if (!chosen) return;
    await changer.send(
      { drop: [job.id], take: [chosen.id] },
      SHIFT_CHANGE_TEXTS.swapped(job.name, chosen.name),
    );
    close();
  };
  return (
    <>
      <Group gap="xs" wrap="wrap" justify="flex-end">
        <Button
          variant="light"
          size="compact-sm"
          aria-label={`${SHIFT_CHANGE_TEXTS.swap} ${job.name}`}
          disabled={changer.pending}
          onClick={() => {
            setInstead(swapChoices[0]?.id ?? '');
            setDialog('swap');
          }}
        >
          {SHIFT_CHANGE_TEXTS.swap}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          aria-label={`${SHIFT_CHANGE_TEXTS.drop} ${job.name}`}
          disabled={changer.pending}
          onClick={() => setDialog('drop')}
        >
          {SHIFT_CHANGE_TEXTS.drop}
        </Button>
      </Group>
      <ConfirmDialog
        opened={dialog === 'drop'}
        title={SHIFT_CHANGE_TEXTS.dropTitle}
        message={SHIFT_CHANGE_TEXTS.dropBody(job.name)}
        confirmLabel={SHIFT_CHANGE_TEXTS.dropConfirm}
        danger
        loading={changer.pending}
        onConfirm={() => void drop()}
        onCancel={close}
      />
      <Modal.Root
        opened={dialog === 'swap'}
        onClose={() => {
          if (!changer.pending) close();
        }}
        centered
        returnFocus
        trapFocus
      >
        <Modal.Overlay />
        <Modal.Content aria-busy={changer.pending || undefined}>
          {/* A <div>: Mantine's <header> here would be a second banner landmark for axe. */}
          <Modal.Header component="div">
            <Modal.Title fw={600}>{SHIFT_CHANGE_TEXTS.swapTitle}</Modal.Title>
            <Modal.CloseButton aria-label="Close" disabled={changer.pending} />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="md">
              <Text size="sm">{choiceLabel(job, calendar)}</Text>
              {swapChoices.length === 0 ? (
                <Text>{SHIFT_CHANGE_TEXTS.swapNone}</Text>
              ) : (
                <NativeSelect
                  label={SHIFT_CHANGE_TEXTS.swapLabel}
                  value={instead}
                  onChange={(event) => setInstead(event.currentTarget.value)}
                  data={swapChoices.map((choice) => ({
                    value: choice.id,
                    label: choiceLabel(choice, calendar),
                  }))}
                />
              )}
              <Group justify="flex-end" gap="sm" wrap="wrap">
                <Button variant="default" onClick={close} disabled={changer.pending}>
                  {SHIFT_CHANGE_TEXTS.cancel}
                </Button>
                <Button
                  onClick={() => void swap()}
                  loading={changer.pending}
                  disabled={swapChoices.length === 0 || instead === ''}
                >
                  {SHIFT_CHANGE_TEXTS.swapConfirm}
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}

/** "Take this shift" on a shift with free places. */
export function TakeShiftButton({ job, changer }: { job: ShiftListJob; changer: ShiftChanger }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={`${SHIFT_CHANGE_TEXTS.take}: ${job.name}`}
      disabled={changer.pending}
      onClick={() => void changer.send({ take: [job.id] }, SHIFT_CHANGE_TEXTS.taken(job.name))}
    >
      {SHIFT_CHANGE_TEXTS.take}
    </Button>
  );
}
