import '@mantine/core/styles/SimpleGrid.css';
import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface ReportFigure {
  key: string;
  label: string;
  /** Undefined while the report loads (shown as a dash). */
  value: string | number | undefined;
  hint?: string;
}

/** The summary cards of a report: a description list of labelled figures, two to a row on a phone. */
export function ReportCounts({ label, figures }: { label: string; figures: readonly ReportFigure[] }) {
  return (
    <section aria-label={label}>
      <SimpleGrid
        component="dl"
        cols={{ base: figures.length % 3 === 0 ? 3 : 2, sm: Math.min(figures.length, 5) }}
        spacing="sm"
        m={0}
      >
        {figures.map((figure) => (
          <Paper key={figure.key} withBorder radius="md" p="sm">
            <Text component="dt" size="sm" c="dimmed">
              {figure.label}
            </Text>
            <Text
              component="dd"
              m={0}
              // Smaller on a phone, where two figures share a row: '$27,800.00' stays on one line.
              fz="clamp(1.125rem, 5vw, 1.625rem)"
              fw={700}
              lh={1.2}
              style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
              data-testid={`count-${figure.key}`}
            >
              {figure.value ?? '—'}
            </Text>
            {figure.hint && (
              <Text component="dd" m={0} size="xs" c="dimmed">
                {figure.hint}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
