import '@mantine/core/styles/Input.css';
import {
  formatPasskeyDate,
  PASSKEY_DEFAULT_NAME,
  PASSKEY_NAME_MAX,
  PASSKEY_TEXTS as TEXTS,
} from '@camp/shared/rules';
import { type Passkey, PasskeyNameSchema } from '@camp/shared/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { InPlaceConfirm } from '../../../components/in-place-confirm';
import { useInPlaceItem } from '../../../components/use-in-place-item';
import { queryStatus } from '../../../components/query-status';
import { failureDetail } from '../../../lib/api-client';
import { usePasskeyChanges, usePasskeys } from '../api/passkeys';

/** The shared schema's first message for a passkey's name, or null when it may be sent. */
function nameProblem(name: string): string | null {
  const result = PasskeyNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** A failed call as people read it: our text, then the server's reason when it gave one. */
function failureText(title: string, error: unknown): string {
  const detail = failureDetail(error);
  return detail ? `${title}: ${detail}` : title;
}

/** Whether the person closed the browser's passkey prompt: no error to show. */
function wasCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED') return true;
  return error.name === 'NotAllowedError' || error.name === 'AbortError';
}

/** The name box with Save and Cancel: adding a passkey and renaming one. */
function NameForm({
  initial,
  saveLabel,
  pending,
  failure,
  onSave,
  onCancel,
}: {
  initial: string;
  saveLabel: string;
  pending: boolean;
  failure: string | null;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(name);
    setProblem(found);
    if (!found) onSave(name.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={TEXTS.nameLabel}
          value={name}
          error={problem}
          maxLength={PASSKEY_NAME_MAX}
          disabled={pending}
          autoFocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
          }}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel} disabled={pending}>
            {TEXTS.cancel}
          </Button>
          <Button type="submit" size="xs" loading={pending}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { rename, remove } = usePasskeyChanges();
  const { mode, setMode, failure, setFailure, cancelRef, firstActionRef, headingId, back } = useInPlaceItem<
    'rename' | 'remove'
  >('remove');

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
          <Text id={headingId} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {passkey.name}
          </Text>
          <Badge variant="light" color={passkey.deviceType === 'multiDevice' ? 'teal' : 'gray'}>
            {passkey.deviceType === 'multiDevice' ? TEXTS.synced : TEXTS.thisDevice}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {TEXTS.added(formatPasskeyDate(passkey.createdAt))} ·{' '}
          {passkey.lastUsedAt ? TEXTS.lastUsed(formatPasskeyDate(passkey.lastUsedAt)) : TEXTS.neverUsed}
        </Text>
        {mode === 'rename' && (
          <NameForm
            initial={passkey.name}
            saveLabel={TEXTS.save}
            pending={rename.isPending}
            failure={failure}
            onCancel={back}
            onSave={(name) =>
              rename.mutate(
                { id: passkey.id, input: { name } },
                { onSuccess: back, onError: (error) => setFailure(failureText(TEXTS.renameFailed, error)) },
              )
            }
          />
        )}
        {mode === 'remove' && (
          <InPlaceConfirm
            title={TEXTS.removeTitle}
            message={TEXTS.removeMessage}
            failure={failure}
            cancelLabel={TEXTS.cancel}
            confirmLabel={TEXTS.removeConfirm}
            pending={remove.isPending}
            cancelRef={cancelRef}
            onCancel={back}
            onConfirm={() => {
              setFailure(null);
              remove.mutate(passkey.id, {
                onError: (error) => setFailure(failureText(TEXTS.removeFailed, error)),
              });
            }}
          />
        )}
        {mode === 'view' && (
          <Group gap="xs">
            <Button
              ref={firstActionRef}
              variant="light"
              size="compact-sm"
              aria-label={`${TEXTS.rename} ${passkey.name}`}
              onClick={() => setMode('rename')}
            >
              {TEXTS.rename}
            </Button>
            <Button
              variant="light"
              color="red"
              size="compact-sm"
              aria-label={`${TEXTS.remove} ${passkey.name}`}
              onClick={() => setMode('remove')}
            >
              {TEXTS.remove}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Adding a passkey: "Add a passkey", then its name, then the browser's prompt. */
function AddPasskey() {
  const { add } = usePasskeyChanges();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!open) {
    return (
      <Button
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        {TEXTS.add}
      </Button>
    );
  }
  return (
    <NameForm
      initial={PASSKEY_DEFAULT_NAME}
      saveLabel={TEXTS.add}
      pending={add.isPending}
      failure={failure}
      onCancel={() => setOpen(false)}
      onSave={(name) => {
        setFailure(null);
        add.mutate(name, {
          onSuccess: () => setOpen(false),
          onError: (error) => {
            if (!wasCancelled(error)) setFailure(failureText(TEXTS.addFailed, error));
          },
        });
      }}
    />
  );
}

export interface PasskeysProps {
  /** A notice above the list (the admin requirement), when there is one. */
  notice?: ReactNode;
}

/**
 * The Passkeys card of the profile (docs/product.md §12 Passkeys): the person's passkeys with when they were added
 * and last used, synced or on one device; Add, Rename, and Remove (asked in place).
 */
export function Passkeys({ notice }: PasskeysProps) {
  const passkeys = usePasskeys();
  const supported = browserSupportsWebAuthn();
  const headingId = useId();

  const items = passkeys.data ?? [];
  const list =
    queryStatus(passkeys, TEXTS) ??
    (items.length === 0 ? (
      <Text c="dimmed">{TEXTS.empty}</Text>
    ) : (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {items.map((passkey) => (
          <PasskeyItem key={passkey.id} passkey={passkey} />
        ))}
      </Stack>
    ));

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'lg', sm: 'xl' }}
      maw={760}
      mx="auto"
      w="100%"
    >
      <Stack gap="sm">
        <Title order={3} id={headingId}>
          {TEXTS.title}
        </Title>
        <Text c="dimmed">{TEXTS.intro}</Text>
        {notice}
        {list}
        {supported ? (
          <div>
            <AddPasskey />
          </div>
        ) : (
          <Text size="sm">{TEXTS.unsupported}</Text>
        )}
      </Stack>
    </Paper>
  );
}
