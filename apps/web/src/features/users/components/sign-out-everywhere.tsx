import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConfirmMessage } from '../../../components/confirm-message';
import { useAuth } from '../../auth';
import { SIGN_OUT_EVERYWHERE } from '../profile-messages';

/** Profile page: ends every session of the signed-in person (all devices), after a confirmation. */
export function SignOutEverywhere() {
  const { signOutEverywhere } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    setPending(true);
    try {
      // On success this browser is signed out too and goes home: nothing more to show here.
      await signOutEverywhere();
    } catch (failure) {
      console.error('Signing out everywhere failed', failure);
      setError(SIGN_OUT_EVERYWHERE.failed);
      setPending(false);
    }
  };

  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto" w="100%">
      <Stack gap="sm" align="flex-start">
        <Title order={3}>Devices</Title>
        <Text c="dimmed">{SIGN_OUT_EVERYWHERE.description}</Text>
        <Button
          variant="outline"
          color="red.9"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {SIGN_OUT_EVERYWHERE.title}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={SIGN_OUT_EVERYWHERE.title}
        message={<ConfirmMessage text={SIGN_OUT_EVERYWHERE.confirm} error={error} />}
        confirmLabel={SIGN_OUT_EVERYWHERE.title}
        danger
        loading={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
