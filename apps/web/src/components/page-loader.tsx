import { Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with its text, announced politely to screen readers. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Stack role="status" aria-live="polite" align="center" justify="center" gap="sm" py="xl" mih={200}>
      <Loader aria-hidden="true" />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}
