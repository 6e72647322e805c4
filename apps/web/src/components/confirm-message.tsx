import { Alert, Stack, Text } from '@mantine/core';

/** A ConfirmDialog message: what will happen, and why the last attempt failed (e.g. the server's 409 text). */
export function ConfirmMessage({ text, error }: { text: string; error?: string | null }) {
  return (
    <Stack gap="sm">
      <Text>{text}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
