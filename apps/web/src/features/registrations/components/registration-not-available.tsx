import { REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * docs/product.md §2: registration refused, with the reason (the availability message) and a way to the dashboard;
 * `apply` labels a first button to /apply when the year's application stands in the way (docs/product.md §12).
 */
export function RegistrationNotAvailable({ reason, apply }: { reason: string; apply?: string }) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto">
      <Stack gap="md" align="flex-start">
        <Title order={2}>{REGISTRATION_TEXTS.notAvailableTitle}</Title>
        <Text>{reason}</Text>
        <Group gap="sm">
          {apply && (
            <Button component={Link} to={paths.apply()}>
              {apply}
            </Button>
          )}
          <Button component={Link} to={paths.dashboard()} variant={apply ? 'default' : undefined}>
            {REGISTRATION_TEXTS.toDashboard}
          </Button>
        </Group>
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
