import { Loader, Stack, Text } from '@mantine/core';

/**
 * A centred spinner with its text, announced politely to screen readers. `data-page-loader` tells the app's
 * take-over from the server's first paint that the screen is still loading (lib/first-paint.ts).
 */
export function PageLoader({ label }: { label: string }) {
  return (
    <Stack
      data-page-loader
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      gap="sm"
      py="xl"
      mih={200}
    >
      <Loader aria-hidden="true" />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}
