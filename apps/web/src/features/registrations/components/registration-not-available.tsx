import { REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** docs/product.md §2: registration refused, with the reason (the availability message) and a way to the dashboard. */
export function RegistrationNotAvailable({ reason }: { reason: string }) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto">
      <Stack gap="md" align="flex-start">
        <Title order={2}>{REGISTRATION_TEXTS.notAvailableTitle}</Title>
        <Text>{reason}</Text>
        <Button component={Link} to={paths.dashboard()}>
          Go to Dashboard
        </Button>
      </Stack>
    </Paper>
  );
}

/** docs/product.md §2: someone signed out on the wizard (the guard normally sends them to login first). */
export function RegistrationNeedsLogin() {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto">
      <Stack gap="md" align="flex-start">
        <Title order={2}>{REGISTRATION_TEXTS.notAvailableTitle}</Title>
        <Text>{REGISTRATION_TEXTS.mustLogIn}</Text>
        <Button component={Link} to={paths.login({ returnTo: paths.registration() })}>
          Go to Login
        </Button>
      </Stack>
    </Paper>
  );
}
