import '@mantine/core/styles/SimpleGrid.css';
import type { AdminRegistrationCounts } from '@camp/shared/admin-registrations';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { COUNT_CARDS } from '../admin-registration-texts';

/**
 * The count cards: total, confirmed, pending, waitlisted, cancelled, of the registrations every filter matches
 * (as the registration report's), so the statuses add up to the total; and those with an open waitlist offer.
 */
export function RegistrationCounts({ counts }: { counts: AdminRegistrationCounts | undefined }) {
  return (
    <section aria-label="Registration counts">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" m={0}>
        {COUNT_CARDS.map((card) => (
          <Paper key={card.key} withBorder radius="md" p="sm">
            <Text component="dt" size="sm" c="dimmed">
              {card.label}
            </Text>
            <Text component="dd" m={0} fz={28} fw={700} lh={1.2} data-testid={`count-${card.key}`}>
              {counts ? counts[card.key] : '—'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
