import '@mantine/core/styles/SimpleGrid.css';
import { APPLICATION_TEXTS, personName } from '@camp/shared/rules';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useAuth } from '../../features/auth';
import classes from './admin-panel-page.module.css';

interface AdminArea {
  title: string;
  description: string;
  to: string;
}

// The failed-mail warning comes in its own small chunk once the panel shows (it waits for the outbox anyway).
const FailedMailWarning = lazy(() => import('../../features/config/routes/failed-mail-warning'));

/** docs/product.md §1: the admin areas, in the order docs/product.md §1 lists them (payments: Admin → Payments, decision 016; the Waitlist and the draw, §10; Applications, §12). */
export const ADMIN_AREAS: readonly AdminArea[] = [
  {
    title: 'User Management',
    description: 'Find, add and edit users; set roles and registration permissions.',
    to: paths.adminUsers(),
  },
  {
    title: 'Camp Configuration',
    description: 'Camp name, description, banner, home page, registration windows, payments and e-mail.',
    to: paths.adminConfiguration(),
  },
  {
    title: 'Camping Options',
    description: 'What campers can choose, their dues, capacity and custom fields.',
    to: paths.adminCampingOptions(),
  },
  {
    title: 'Job Categories',
    description: 'Groups of jobs, including staff-only and always-required ones.',
    to: paths.adminJobCategories(),
  },
  {
    title: 'Jobs',
    description: 'Jobs with their location, category, shift and number of places.',
    to: paths.adminJobs(),
  },
  {
    title: 'Job Shifts',
    description: 'Shifts by day with their start and end times.',
    to: paths.adminShifts(),
  },
  {
    title: 'Manage Registrations',
    description: 'Edit or cancel registrations and read their audit trail.',
    to: paths.adminManageRegistrations(),
  },
  {
    title: 'Payments',
    description: 'All payments with totals; refund a payment or record one made by cash, check or transfer.',
    to: paths.adminPayments(),
  },
  {
    title: 'Waitlist',
    description: 'Who waits for each camping option, in line order; offer, skip, remove or move people.',
    to: paths.adminWaitlist(),
  },
  {
    title: 'The Draw',
    description: 'The fair start: application window entries, Draw now, and the record of the draw.',
    to: paths.adminDraw(),
  },
  {
    title: APPLICATION_TEXTS.adminTitle,
    description: APPLICATION_TEXTS.panelDescription,
    to: paths.adminApplications(),
  },
];

/** /admin: a welcome line and one card per admin area. */
export default function AdminPanelPage() {
  const { user } = useAuth();
  const name = user ? personName(user) : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Admin Panel</Title>
        <Text size="lg">{name ? `Welcome, ${name}!` : 'Welcome!'}</Text>
        <Text c="dimmed">Choose what you want to manage.</Text>
      </Stack>
      <Suspense fallback={null}>
        <FailedMailWarning />
      </Suspense>
      <SimpleGrid
        component="ul"
        aria-label="Admin areas"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        className={classes.list}
      >
        {ADMIN_AREAS.map((area) => (
          <li key={area.to}>
            <Paper
              component={Link}
              to={area.to}
              withBorder
              radius="lg"
              shadow="xs"
              p="lg"
              className={classes.card}
            >
              <Stack gap={6}>
                <Title order={3} size="h4" className={classes.cardTitle}>
                  {area.title}
                  <span aria-hidden="true" className={classes.arrow}>
                    →
                  </span>
                </Title>
                <Text size="sm" c="dimmed">
                  {area.description}
                </Text>
              </Stack>
            </Paper>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
