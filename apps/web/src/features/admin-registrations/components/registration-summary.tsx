import type { Registration } from '@camp/shared/registrations';
import { personName } from '@camp/shared/rules';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge';

/** Whose registration a dialog is about: name, e-mail, year and status. */
export function RegistrationSummary({ registration }: { registration: Registration }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Text fw={600}>
            {personName(registration.user)}
            {registration.user.playaName && (
              <Text span c="dimmed" fw={400}>
                {' '}
                “{registration.user.playaName}”
              </Text>
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {registration.user.email} · {registration.year}
          </Text>
        </Stack>
        <StatusBadge status={registration.status} size="sm" style={{ flex: 'none' }} />
      </Group>
    </Paper>
  );
}
