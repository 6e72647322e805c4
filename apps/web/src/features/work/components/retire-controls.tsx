import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Switch.css';
import { RETIRED_WORK_TEXTS } from '@camp/shared/rules';
import { Alert, Badge, Switch, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConfirmMessage } from '../../../components/confirm-message';
import { RowAction } from '../../../components/row-actions';
import { serverMessageOr } from '../work-messages';

// Retiring and reactivating jobs and shifts on the admin lists (docs/product.md §11 "Retired jobs and shifts"):
// a row's Retire (asked first) or Reactivate, the "Show retired" switch, and the Retired badge.

interface Retirable {
  id: string;
  name: string;
  active: boolean;
}

export interface RetireOptions<T extends Retirable> {
  /** PATCH the row's `active`. */
  setActive: (item: T, active: boolean) => Promise<unknown>;
  title: string;
  /** What retiring does, asked about the row. */
  body: (item: T) => string;
}

/** A row's Retire / Reactivate action, its confirmation and the outcome line, for one admin list. */
export function useRetire<T extends Retirable>({ setActive, title, body }: RetireOptions<T>) {
  const [confirming, setConfirming] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  const run = async (item: T, active: boolean) => {
    setPending(true);
    setError(null);
    try {
      await setActive(item, active);
      setConfirming(null);
      setOutcome({
        text: active ? RETIRED_WORK_TEXTS.reactivated(item.name) : RETIRED_WORK_TEXTS.retired(item.name),
        failed: false,
      });
    } catch (caught) {
      const message = serverMessageOr(caught, RETIRED_WORK_TEXTS.changeFailed);
      if (active) setOutcome({ text: message, failed: true });
      else setError(message);
    } finally {
      setPending(false);
    }
  };

  const action = (item: T): ReactNode =>
    item.active ? (
      <RowAction
        label={RETIRED_WORK_TEXTS.retire}
        itemName={item.name}
        onClick={() => {
          setError(null);
          setConfirming(item);
        }}
      />
    ) : (
      <RowAction
        label={RETIRED_WORK_TEXTS.reactivate}
        itemName={item.name}
        onClick={() => void run(item, true)}
      />
    );

  const dialog = (
    <ConfirmDialog
      opened={confirming !== null}
      title={title}
      message={<ConfirmMessage text={confirming ? body(confirming) : ''} error={error} />}
      confirmLabel={RETIRED_WORK_TEXTS.retire}
      loading={pending}
      onConfirm={() => {
        if (confirming) void run(confirming, false);
      }}
      onCancel={() => {
        setConfirming(null);
        setError(null);
      }}
    />
  );

  const status = outcome?.failed ? (
    <Alert color="red" variant="light" role="alert">
      {outcome.text}
    </Alert>
  ) : (
    <Text size="sm" role="status" aria-live="polite">
      {outcome?.text ?? ''}
    </Text>
  );

  return { action, dialog, status };
}

/** The "Show retired" switch: off by default, retired rows are left out. */
export function ShowRetiredSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      label={RETIRED_WORK_TEXTS.showRetired}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** The badge beside a retired row's name (or 'Shift retired' beside an active job of a retired shift). */
export function RetiredBadge({ label = RETIRED_WORK_TEXTS.badge }: { label?: string }) {
  return (
    <Badge color="gray.8" variant="filled" size="sm" tt="none">
      {label}
    </Badge>
  );
}
