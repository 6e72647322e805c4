import { greetingName, isProfileComplete, type User } from '@camp/shared';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { PageLoader } from '../../../components/page-loader';
import { AUTH_LOADING_TEXT, useProfileQuery } from '../../auth';

export const PROFILE_INCOMPLETE_TITLE = 'Please complete your profile';

const blank = (value: string | null) => !value || value.trim() === '';

/** What the profile still lacks, in words: 'your name, phone number and an emergency contact'. */
export function missingProfileDetails(user: User): string {
  const missing = [
    ...(blank(user.firstName) || blank(user.lastName) ? ['your name'] : []),
    ...(blank(user.phone) ? ['your phone number'] : []),
    ...(blank(user.emergencyContact) ? ['an emergency contact'] : []),
  ];
  if (missing.length <= 1) return missing.join('');
  return `${missing.slice(0, -1).join(', ')} and ${missing.at(-1) ?? ''}`;
}

/**
 * Spec §2 Dashboard, first part: the profile banner and the greeting. Registration, shifts, payments and
 * camping choices join it with the registration issue.
 */
export default function DashboardPage() {
  const profile = useProfileQuery();
  const user = profile.data ?? null;

  if (!user && profile.isPending) return <PageLoader label={AUTH_LOADING_TEXT} />;

  return (
    <Stack gap="lg" maw={960} mx="auto">
      {!user && (
        <Alert color="red" variant="light" role="alert" title="Failed to load user profile">
          <Button color="red" variant="light" mt="xs" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {user && !isProfileComplete(user) && (
        <Alert color="sunset" variant="light" title={PROFILE_INCOMPLETE_TITLE}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Before you can register we still need {missingProfileDetails(user) || 'a few details'}.
            </Text>
            <Button component={Link} to={paths.profile()}>
              Complete Profile
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={4}>
          <Title order={2}>Welcome, {greetingName(user)}!</Title>
          {user && (
            <Text c="dimmed">
              Signed in as{' '}
              <Text span inherit display="inline-block" maw="100%" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
