import '@mantine/core/styles/Input.css';
import { DeleteMyAccountInputSchema, EraseUserInputSchema, confirmsEmail } from '@camp/shared/my-data';
import { MY_DATA_MESSAGES, MY_DATA_TEXTS } from '@camp/shared/rules';
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { markAccountDeleted } from '../../../lib/account-deleted';
import { failureDetail } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { downloadMyData, useDeleteMyAccount, useEraseUser } from '../api/my-data';

// My data (docs/product.md §12 My data, decision 063): the profile page's card and the admin drawer's part.

/** "Download my data" / "Download data": fetches the export and saves it; says so when it fails. */
function DownloadButton({ userId, label, failed }: { userId: string | 'me'; label: string; failed: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const errorId = useId();
  const onClick = async () => {
    setState('loading');
    try {
      await downloadMyData(userId);
      setState('idle');
    } catch (failure) {
      console.error('Downloading the data failed', failure);
      setState('failed');
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        loading={state === 'loading'}
        aria-describedby={state === 'failed' ? errorId : undefined}
        onClick={() => void onClick()}
      >
        {label}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red.8" id={errorId} role="alert">
          {failed}
        </Text>
      )}
    </Stack>
  );
}

interface EraseDialogProps {
  opened: boolean;
  title: string;
  what: readonly string[];
  label: string;
  confirmLabel: string;
  accountEmail: string;
  schema: typeof DeleteMyAccountInputSchema | typeof EraseUserInputSchema;
  mismatch: string;
  failedTitle: string;
  onErase: (confirmEmail: string) => Promise<void>;
  onCancel: () => void;
}

/** The danger modal: what happens, then the address typed to confirm (checked here with the shared rules). */
function EraseDialog(props: EraseDialogProps) {
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setError(null);
    const parsed = props.schema.safeParse({ confirmEmail: typed });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? props.mismatch);
      return;
    }
    if (!confirmsEmail(parsed.data.confirmEmail, props.accountEmail)) {
      setFieldError(props.mismatch);
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      await props.onErase(parsed.data.confirmEmail);
      setTyped('');
    } catch (failure) {
      console.error('Erasing the account failed', failure);
      const detail = failureDetail(failure);
      setError(detail ? `${props.failedTitle}: ${detail}` : props.failedTitle);
    } finally {
      setPending(false);
    }
  };

  return (
    <ConfirmDialog
      opened={props.opened}
      title={props.title}
      confirmLabel={props.confirmLabel}
      danger
      loading={pending}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setTyped('');
        setFieldError(null);
        setError(null);
        props.onCancel();
      }}
      message={
        <Stack gap="sm">
          {props.what.length === 1 ? (
            <Text>{props.what[0]}</Text>
          ) : (
            <List spacing={4}>
              {props.what.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
          <TextInput
            label={props.label}
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      }
    />
  );
}

/** Profile page: "My data", with the download and the deletion of one's own account. */
export function MyDataCard({ email }: { email: string }) {
  const { signOut } = useAuth();
  const deleteAccount = useDeleteMyAccount();
  const [confirming, setConfirming] = useState(false);

  const erase = async (confirmEmail: string) => {
    await deleteAccount.mutateAsync({ confirmEmail });
    // The server ended every session; this browser forgets its own and goes home, which says why.
    markAccountDeleted();
    await signOut();
  };

  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto" w="100%">
      <Stack gap="sm" align="flex-start">
        <Title order={3}>{MY_DATA_TEXTS.cardTitle}</Title>
        <Text c="dimmed">{MY_DATA_TEXTS.cardIntro}</Text>
        <Group gap="sm" align="flex-start">
          <DownloadButton userId="me" label={MY_DATA_TEXTS.download} failed={MY_DATA_TEXTS.downloadFailed} />
          <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
            {MY_DATA_TEXTS.deleteAccount}
          </Button>
        </Group>
      </Stack>
      <EraseDialog
        opened={confirming}
        title={MY_DATA_TEXTS.modalTitle}
        what={MY_DATA_TEXTS.modalWhat}
        label={MY_DATA_TEXTS.confirmLabel}
        confirmLabel={MY_DATA_TEXTS.confirmDelete}
        accountEmail={email}
        schema={DeleteMyAccountInputSchema}
        mismatch={MY_DATA_MESSAGES.confirmEmailMismatch}
        failedTitle={MY_DATA_TEXTS.deleteFailed}
        onErase={erase}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}

/** Admin → Users drawer: the person's data file and the erasure of their account (not one's own). */
export function AdminUserData({
  userId,
  email,
  self,
  onErased,
}: {
  userId: string;
  email: string;
  self: boolean;
  onErased?: () => void;
}) {
  const erase = useEraseUser(userId);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState(false);

  return (
    <Stack gap="sm" align="flex-start">
      <Title order={3} fz="md">
        {MY_DATA_TEXTS.adminTitle}
      </Title>
      {erased && (
        <Alert color="teal" variant="light" role="status">
          {MY_DATA_TEXTS.adminErased}
        </Alert>
      )}
      <Group gap="sm" align="flex-start">
        <DownloadButton
          userId={userId}
          label={MY_DATA_TEXTS.adminDownload}
          failed={MY_DATA_TEXTS.adminDownloadFailed}
        />
        {!self && !erased && (
          <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
            {MY_DATA_TEXTS.adminErase}
          </Button>
        )}
      </Group>
      <EraseDialog
        opened={confirming}
        title={MY_DATA_TEXTS.adminModalTitle}
        what={[MY_DATA_TEXTS.adminModalWhat]}
        label={MY_DATA_TEXTS.adminConfirmLabel}
        confirmLabel={MY_DATA_TEXTS.adminConfirmErase}
        accountEmail={email}
        schema={EraseUserInputSchema}
        mismatch={MY_DATA_MESSAGES.adminConfirmEmailMismatch}
        failedTitle={MY_DATA_TEXTS.adminEraseFailed}
        onErase={async (confirmEmail) => {
          await erase.mutateAsync({ confirmEmail });
          setConfirming(false);
          setErased(true);
          onErased?.();
        }}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
