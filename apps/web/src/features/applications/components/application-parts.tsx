import {
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  APPLICATION_TEXTS as TEXTS,
  type ApplicationStatus,
} from '@camp/shared/rules';
import { Badge, Stack, Text } from '@mantine/core';

/** Mantine's red 6 under white text is only 3.3:1; red 9 passes (as the registration status badges do). */
const READABLE_SHADES: Readonly<Record<string, string>> = { red: 'red.9' };

/** An application's status as a filled badge in its colour, in words ("Waiting for review"). */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const hue = APPLICATION_STATUS_COLORS[status];
  return (
    <Badge color={READABLE_SHADES[hue] ?? hue} variant="filled" autoContrast>
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The message the camp wrote with its decision, as the applicant typed it (line breaks kept). */
export function CampMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {TEXTS.messageFromCamp}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message}</Text>
    </Stack>
  );
}
