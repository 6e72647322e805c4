import {
  applicationGate,
  APPLICATION_TEXTS as TEXTS,
  type MyApplicationState,
  roleNeedsApplication,
} from '@camp/shared/rules';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queryStatus } from '../../../components/query-status';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../auth';
import { myApplicationQueryOptions } from '../api/my-application';
import { ApplicationStatusBadge, CampMessage } from './application-parts';

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
          <ApplyLink label={TEXTS.applyButton} />
        </>
      ) : application.status === 'PENDING' ? (
        <>
          <Text>{TEXTS.dashboardPending}</Text>
          <ApplyLink label={TEXTS.viewButton} />
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
          <ApplyLink label={TEXTS.viewDecidedButton} variant="default" />
        </>
      )}
    </SectionCard>
  );
}

function ApplyLink({ label, variant }: { label: string; variant?: 'default' }) {
  return (
    <Group>
      <Button component={Link} to={paths.apply()} variant={variant}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * The card on the dashboard of someone without a registration of the year, read from GET /applications/me:
 * nothing for staff and admins (they never apply) or for whom the year asks no application.
 */
export function DashboardApplication() {
  const { status, role } = useAuth();
  const enabled = status === 'authenticated' && role !== null && roleNeedsApplication(role);
  const query = useQuery({ ...myApplicationQueryOptions(), enabled });
  if (!enabled) return null;
  const waiting = queryStatus(query, { loading: TEXTS.loading, loadFailed: TEXTS.loadFailed });
  if (waiting) return waiting;
  return query.data && showsApplicationCard(query.data) ? <ApplicationCard state={query.data} /> : null;
}
