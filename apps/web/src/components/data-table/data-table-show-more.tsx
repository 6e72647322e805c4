import { Button, Group, Text } from '@mantine/core';
import type { Row } from '@tanstack/react-table';
import { useId, useRef, useState } from 'react';
import { DataTableAnnouncer, useAnnouncement } from './data-table-announcer';
import classes from './data-table.module.css';

/**
 * The rows of a list drawn while only `limit` of them are shown: the first `limit` rows (not group headings),
 * with the group headings that lead to them. A collapsed group's heading is kept until the limit is reached
 * by a row after it.
 */
export function limitRows<TData>(rows: readonly Row<TData>[], limit: number | undefined): Row<TData>[] {
  if (limit === undefined) return [...rows];
  const shown: Row<TData>[] = [];
  let count = 0;
  for (const row of rows) {
    const heading = row.getIsGrouped();
    if (count >= limit && (!heading || row.getIsExpanded())) break;
    if (!heading) count += 1;
    shown.push(row);
  }
  return shown;
}

/** How many rows (not group headings) a list has. */
export function countRows<TData>(rows: readonly Row<TData>[]): number {
  return rows.reduce((count, row) => count + (row.getIsGrouped() ? 0 : 1), 0);
}

/** 'Showing 10 of 200': what a list that grows on demand shows, in one wording for the screen and the announcement. */
export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total}`;
}

/**
 * A list that shows `step` rows at first and `step` more on each Show more (or all of them with Show all): a
 * phone reads the first rows of a long report at once, and scrolls a few screens rather than fifty.
 */
export function useShowMore(step: number) {
  const [limit, setLimit] = useState(step);
  return {
    limit,
    showMore: () => setLimit((current) => current + step),
    showAll: (total: number) => setLimit(Math.max(total, step)),
  };
}

export interface DataTableShowMoreProps {
  /** Rows drawn now. */
  shown: number;
  /** Rows there are to draw (those matching the search). */
  total: number;
  /** Rows a press of Show more adds. */
  step: number;
  onShowMore: () => void;
  onShowAll: () => void;
}

/**
 * Below a list that grows on demand: 'Showing 10 of 200', Show more (the next `step`) and Show all while rows
 * remain. A press is announced ('Showing 20 of 200'); when the last rows arrive and the buttons go, the focus
 * moves to the count, so a keyboard is never left on nothing.
 */
export function DataTableShowMore({ shown, total, step, onShowMore, onShowAll }: DataTableShowMoreProps) {
  const countId = useId();
  const countRef = useRef<HTMLParagraphElement>(null);
  const [announcement, announce] = useAnnouncement<string>();
  const remaining = total - shown;

  const press = (next: number, change: () => void) => {
    change();
    announce(showingText(next, total));
    if (next >= total) requestAnimationFrame(() => countRef.current?.focus());
  };

  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap" className={classes.footer}>
      <DataTableAnnouncer text={announcement ?? ''} />
      <Text size="sm" c="dimmed" id={countId} ref={countRef} tabIndex={-1} className={classes.showMoreCount}>
        {showingText(shown, total)}
      </Text>
      {remaining > 0 && (
        <Group gap="xs" wrap="wrap" className={classes.showMoreButtons}>
          <Button
            variant="light"
            aria-describedby={countId}
            onClick={() => press(Math.min(total, shown + step), onShowMore)}
          >
            Show {Math.min(step, remaining)} more
          </Button>
          <Button variant="subtle" aria-describedby={countId} onClick={() => press(total, onShowAll)}>
            Show all {total}
          </Button>
        </Group>
      )}
    </Group>
  );
}
