import '@mantine/core/styles/SimpleGrid.css';
import { Paper, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';

export interface Figure {
  key: string;
  label: string;
  /** Undefined while it loads (shown as a dash). */
  value: string | number | undefined;
  hint?: string;
}

/** How large the figures are: a report's (smaller on a phone, so '$27,800.00' stays on one line) or 'xl'. */
type FigureSize = 'report' | 'xl';

const VALUE_PROPS = {
  report: {
    fz: 'clamp(1.125rem, 5vw, 1.625rem)',
    lh: 1.2,
    style: { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
  },
  xl: { fz: 'xl', style: { fontVariantNumeric: 'tabular-nums' } },
} as const;

/**
 * Labelled figures (counts, totals) as a description list of cards, each with an optional hint; a figure's
 * value has the test id `count-<key>`.
 */
export function FigureGrid({
  figures,
  cols,
  size = 'report',
}: {
  figures: readonly Figure[];
  cols: SimpleGridProps['cols'];
  size?: FigureSize;
}) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="sm" m={0}>
      {figures.map((figure) => (
        <Paper key={figure.key} withBorder radius="md" p="sm">
          <Text component="dt" size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fw={700} {...VALUE_PROPS[size]} data-testid={`count-${figure.key}`}>
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
  );
}
