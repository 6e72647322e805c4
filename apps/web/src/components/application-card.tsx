import {
  applicationGate,
  type ApplicationGate,
  APPLICATION_TEXTS as TEXTS,
  type MyApplicationState,
} from '@camp/shared/rules';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { ApplicationStatusBadge } from './application-status-badge';
import { SectionCard } from './section-card';
import { typedTextStyle } from '../lib/typed-text';

// The applicant's application as the dashboard and /apply show it (docs/product.md §12 Application approval). Here
// rather than in features/applications: the dashboard (features/registrations) composes it, and a feature's index
// that Home's shell imports must stay small (decision 014).

/** The message the camp wrote with its decision, as the applicant typed it (line breaks kept). */
export function CampMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {TEXTS.messageFromCamp}
      </Text>
      <Text style={typedTextStyle}>{message}</Text>
    </Stack>
  );
}

/**
 * Whether the dashboard shows the application card: the year's application stands in the person's way, or they
 * have one (docs/product.md §12 Application approval).
 */
export function showsApplicationCard(state: MyApplicationState): boolean {
  return applicationGate(state) !== 'clear' || state.application !== null;
}

/** The dashboard's "Application {year}": where the person stands, and the way to /apply. */
export function ApplicationCard({ state }: { state: MyApplicationState }) {
  const { application } = state;
  return (
    <SectionCard id="application-card" title={TEXTS.dashboardTitle(state.year)} gap="sm">
      {application && (
        <Group gap="xs">
          <ApplicationStatusBadge status={application.status} />
        </Group>
      )}
      {!application ? (
        <>
          <Text>{TEXTS.dashboardNone}</Text>
          <ApplyLink gate="none" />
        </>
      ) : application.status === 'PENDING' ? (
        <>
          <Text>{TEXTS.dashboardPending}</Text>
          <ApplyLink gate="pending" />
        </>
      ) : application.status === 'APPROVED' ? (
        <>
          <Text>{TEXTS.dashboardApproved}</Text>
          <CampMessage message={application.message} />
        </>
      ) : (
        <>
          <Text>{TEXTS.dashboardDeclined}</Text>
          <CampMessage message={application.message} />
          <ApplyLink gate="declined" variant="default" />
        </>
      )}
    </SectionCard>
  );
}

/** The way to /apply while the application stands in the way: apply, see and change it, or see it. */
export function applyLinkLabel(gate: Exclude<ApplicationGate, 'clear'>): string {
  return gate === 'none'
    ? TEXTS.applyButton
    : gate === 'pending'
      ? TEXTS.viewButton
      : TEXTS.viewDecidedButton;
}

function ApplyLink({ gate, variant }: { gate: Exclude<ApplicationGate, 'clear'>; variant?: 'default' }) {
  return (
    <Group>
      <Button component={Link} to={paths.apply()} variant={variant}>
        {applyLinkLabel(gate)}
      </Button>
    </Group>
  );
}
