import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import {
  APPLICATION_TEXTS,
  cancelledRegistrations,
  currentRegistration,
  greetingName,
  isProfileComplete,
  missingProfileDetails,
  type MyApplicationState,
  REGISTRATION_TEXTS,
} from '@camp/shared/rules';
import type { User } from '@camp/shared/users';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { ApplicationCard, showsApplicationCard } from '../../../components/application-card';
import { queryStatus } from '../../../components/query-status';
import { useApplicationGate } from '../../applications';
import { AUTH_LOADING_TEXT, useProfileQuery } from '../../auth';
import { usePublicConfig } from '../../config';
import { myCampRegistrationQueryOptions } from '../api/get-my-camp-registration';
import { myRegistrationsQueryOptions } from '../api/get-my-registrations';
import { useRegistrationAvailability } from '../use-registration-availability';
import {
  CampingSection,
  CurrentRegistration,
  NoRegistration,
  OutstandingDues,
  RegistrationHistory,
} from '../components/registration-sections';
import { DrawEntryArea } from '../components/draw-entry-panel';
import { OfferArea } from '../components/waitlist-panels';
import { ShiftWaitlistSection } from '../components/shift-waitlist';
import { CalendarLinks } from '../components/calendar-links';

export const PROFILE_INCOMPLETE_TITLE = 'Please complete your profile';

/**
 * Where the person stands with the year's application (docs/product.md §12 Application approval): nothing for staff
 * and admins (they never apply) or for whom the year asks none.
 */
function DashboardApplication() {
  const { enabled, query } = useApplicationGate();
  if (!enabled) return null;
  const waiting = queryStatus(query, {
    loading: APPLICATION_TEXTS.loading,
    loadFailed: APPLICATION_TEXTS.loadFailed,
  });
  if (waiting) return waiting;
  const state: MyApplicationState | undefined = query.data;
  return state && showsApplicationCard(state) ? <ApplicationCard state={state} /> : null;
}

/** The registration part of the dashboard: dues, current registration, history, camping (docs/product.md §2's order). */
function RegistrationOverview({ user }: { user: User }) {
  const { config } = usePublicConfig();
  const registrations = useQuery(myRegistrationsQueryOptions());
  const camp = useQuery(myCampRegistrationQueryOptions());
  const { availability, isLoading: availabilityLoading } = useRegistrationAvailability();
  const [search] = useSearchParams();
  const year = config.registrationYear;
  const linkedOfferId = search.get('offer');
  const { refetch } = registrations;
  // The mail's link may open in a tab that read the registrations before the offer was made (only the hash
  // changes, nothing reloads): read them again, joining a read already under way.
  useEffect(() => {
    if (linkedOfferId) void refetch({ cancelRefetch: false });
  }, [linkedOfferId, refetch]);

  // The availability waits for the person's application too (docs/product.md §12 Application approval), so a Start
  // Registration that the application would take away never shows up first.
  if (registrations.isPending || availabilityLoading) {
    return <PageLoader label="Loading your registration..." />;
  }
  if (registrations.isError) {
    return (
      <LoadFailedAlert
        title={REGISTRATION_TEXTS.fetchRegistrationsFailed}
        onRetry={() => void registrations.refetch()}
      />
    );
  }
  const current = currentRegistration(registrations.data, year);
  // While the application stands in the way, its card says so and leads on: no second card repeating it.
  const noRegistration =
    availability.status === 'application' ? null : <NoRegistration availability={availability} />;
  const history = cancelledRegistrations(registrations.data, year);
  // Whether the linked offer is gone is known only once that read is done.
  const linkedOfferKnown =
    !registrations.isFetching || current?.waitlist?.offer?.id === linkedOfferId ? linkedOfferId : null;
  return (
    <>
      <OfferArea
        registration={current ?? null}
        user={user}
        timeZone={config.timeZone}
        linkedOfferId={linkedOfferKnown}
      />
      {current ? (
        <>
          {/* A shift offer waits for an answer: its card comes first (docs/product.md §10). */}
          <ShiftWaitlistSection timeZone={config.timeZone} offers />
          <OutstandingDues
            registration={current}
            user={user}
            campName={config.campName}
            timeZone={config.timeZone}
          />
          <CurrentRegistration registration={current} />
          <ShiftWaitlistSection timeZone={config.timeZone} offers={false} />
        </>
      ) : (
        <>
          {/* Where they stand with the year's application, when it asks for one (docs/product.md §12). */}
          <DashboardApplication />
          {config.drawClosesAt ? (
            // A year with an application window: the person's draw entry, if any (docs/product.md §10).
            <DrawEntryArea timeZone={config.timeZone} fallback={noRegistration} />
          ) : (
            noRegistration
          )}
        </>
      )}
      <RegistrationHistory registrations={history} />
      {camp.isPending ? (
        <PageLoader label="Loading your camping choices..." />
      ) : camp.isError ? (
        <LoadFailedAlert
          title={REGISTRATION_TEXTS.fetchCampRegistrationFailed}
          onRetry={() => void camp.refetch()}
        />
      ) : (
        <CampingSection camp={camp.data} />
      )}
    </>
  );
}

/**
 * docs/product.md §2 Dashboard: the profile banner, the greeting, and the registration overview (current registration
 * with shifts and payments, outstanding dues, camping, history, or how to start registering).
 */
export default function DashboardPage() {
  const profile = useProfileQuery();
  const user = profile.data ?? null;

  if (!user && profile.isPending) return <PageLoader label={AUTH_LOADING_TEXT} />;

  return (
    <Stack gap="lg" maw={960} mx="auto">
      {!user && (
        <LoadFailedAlert title="Failed to load user profile" onRetry={() => void profile.refetch()} />
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
      {user && <RegistrationOverview user={user} />}
      {user && <CalendarLinks />}
    </Stack>
  );
}
