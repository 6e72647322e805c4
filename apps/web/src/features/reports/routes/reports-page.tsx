import '@mantine/core/styles/SimpleGrid.css';
import { REPORT_MESSAGES } from '@camp/shared/reports';
import { seesOthersMoney } from '@camp/shared/rules';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../auth';
import { AdminOnlyBadge } from '../components/report-page-header';
import { reportCardsFor } from '../report-cards';
import { REPORT_TEXTS, type ReportCardKey } from '../report-texts';

const REPORT_PATHS: Record<ReportCardKey, () => string> = {
  registrations: paths.reportsRegistrations,
  workSchedule: paths.reportsWorkSchedule,
  users: paths.reportsUsers,
  payments: paths.reportsPayments,
};

/**
 * /reports (docs/product.md §2, §6): a card per report the role may open: registrations, work schedule and users for
 * staff and admins, payments (Admin Only) for admins; none at all says so.
 */
export default function ReportsPage() {
  const { role } = useAuth();
  const cards = reportCardsFor(role);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{REPORT_TEXTS.indexTitle}</Title>
        <Text c="dimmed">
          {seesOthersMoney(role) ? REPORT_TEXTS.indexDescriptionAdmin : REPORT_TEXTS.indexDescription}
        </Text>
      </Stack>
      {cards.length === 0 ? (
        <Alert color="gray" variant="light">
          {REPORT_MESSAGES.noAccess}
        </Alert>
      ) : (
        <SimpleGrid
          component="ul"
          aria-label="Reports you can open"
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {cards.map((card) => (
            <Paper component="li" key={card.key} withBorder radius="md" p="md">
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap={6}>
                  <Group gap="sm" align="center" wrap="wrap">
                    <Title order={3} size="h4">
                      {card.title}
                    </Title>
                    {card.adminOnly && <AdminOnlyBadge />}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {card.description}
                  </Text>
                </Stack>
                <div>
                  <Button
                    component={Link}
                    to={REPORT_PATHS[card.key]()}
                    variant="light"
                    aria-label={`${REPORT_TEXTS.openReport}: ${card.title}`}
                  >
                    {REPORT_TEXTS.openReport}
                  </Button>
                </div>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
