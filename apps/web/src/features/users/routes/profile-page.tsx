import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { isProfileComplete } from '@camp/shared/rules';
import type { User } from '@camp/shared/users';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, safeReturnTo } from '../../../lib/paths';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { completeProfile, useAuth, useProfileQuery } from '../../auth';
import { AdminPasskeyNotice } from '../components/admin-passkey-notice';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileForm } from '../components/profile-form';
import { MyDataCard } from '../components/my-data';
import { SignOutEverywhere } from '../components/sign-out-everywhere';
import { Passkeys } from '../components/passkeys';
import {
  PROFILE_LOAD_FAILED,
  PROFILE_LOADING_TEXT,
  PROFILE_NOT_AUTHENTICATED,
  PROFILE_UPDATED,
  profileSaveErrorMessage,
} from '../profile-messages';
import { profileValuesOf, toProfileInput, type ProfileFormValues } from '../profile-values';

/**
 * /profile (docs/product.md §2 Profile and profile completion). One route, two faces, chosen when it opens:
 * - 'Complete Your Profile' while the profile is incomplete: saves with POST /auth/register, then goes on to
 *   the returnTo the sign-in passed along (if safe), else the dashboard;
 * - 'Your Profile' once complete: saves with PUT /users/{id} and stays, with a notice.
 */
export default function ProfilePage() {
  const profile = useProfileQuery();

  if (profile.data) return <ProfileScreen user={profile.data} />;
  if (profile.isError) {
    return (
      <LoadFailedAlert
        title={PROFILE_LOAD_FAILED}
        onRetry={() => void profile.refetch()}
        maw={760}
        mx="auto"
      />
    );
  }
  return <PageLoader label={PROFILE_LOADING_TEXT} />;
}

function ProfileScreen({ user }: { user: User }) {
  const { status, refreshProfile } = useAuth();
  const updateProfile = useUpdateProfile();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Chosen once: after completing, the screen moves on rather than switching face under the user.
  const [completing] = useState(() => !isProfileComplete(user));
  const [initialValues] = useState(() => profileValuesOf(user));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = async (values: ProfileFormValues): Promise<readonly string[] | void> => {
    setError(null);
    setNotice(null);
    if (status !== 'authenticated') {
      setError(PROFILE_NOT_AUTHENTICATED);
      return;
    }
    const input = toProfileInput(values);
    try {
      if (completing) {
        await completeProfile({ ...input, email: user.email });
        await refreshProfile();
        navigate(safeReturnTo(searchParams.get('returnTo')) ?? paths.dashboard(), { replace: true });
        return;
      }
      await updateProfile.mutateAsync({ userId: user.id, input });
      setNotice(PROFILE_UPDATED);
    } catch (failure) {
      console.error('Saving the profile failed', failure);
      setError(profileSaveErrorMessage(failure));
      if (isApiError(failure) && failure.status === 400) return failure.serverMessages;
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto" w="100%">
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={2}>{completing ? 'Complete Your Profile' : 'Your Profile'}</Title>
            <Text c="dimmed">
              {completing
                ? 'Welcome! Before you register, tell us who you are and who to call in an emergency. ' +
                  'Fields marked with * are required.'
                : 'Keep your details up to date so the camp can reach you. Fields marked with * are required.'}
            </Text>
          </Stack>
          <ProfileForm
            initialValues={initialValues}
            email={user.email}
            submitLabel={completing ? 'Save and Continue' : 'Save Changes'}
            onSubmit={onSubmit}
            error={error}
            notice={notice}
          />
        </Stack>
      </Paper>
      {!completing && <Passkeys notice={<AdminPasskeyNotice />} />}
      {!completing && <SignOutEverywhere />}
      {!completing && <MyDataCard email={user.email} />}
    </Stack>
  );
}
