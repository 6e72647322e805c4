import '@mantine/core/styles/Input.css';
import { NativeSelect, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { ACTIONS_COLUMN_ID, columnLabel } from './columns';
import classes from './data-table.module.css';

/** Sorting on a phone, where there are no column headers to press: one list of column and direction. */
export function DataTableSortSelect<TData>({ table }: { table: Table<TData> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanSort());
  if (columns.length === 0) return null;
  const current = table.getState().sorting[0];
  const value = current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : '';
  return (
    <NativeSelect
      label="Sort by"
      className={classes.sortSelect}
      value={value}
      onChange={(event) => {
        const [id = '', direction] = event.currentTarget.value.split(':');
        table.setSorting(id ? [{ id, desc: direction === 'desc' }] : []);
      }}
      data={[
        { value: '', label: 'As listed' },
        ...columns.flatMap((column) => [
          { value: `${column.id}:asc`, label: `${columnLabel(column)}, ascending` },
          { value: `${column.id}:desc`, label: `${columnLabel(column)}, descending` },
        ]),
      ]}
    />
  );
}

function GroupItem<TData>({ row, table }: { row: Row<TData>; table: Table<TData> }) {
  const column = row.groupingColumnId ? table.getColumn(row.groupingColumnId) : undefined;
  const value = row.groupingValue;
  return (
    <li className={classes.cardGroup}>
      <UnstyledButton
        className={classes.groupToggle}
        aria-expanded={row.getIsExpanded()}
        onClick={row.getToggleExpandedHandler()}
      >
        <span aria-hidden="true">{row.getIsExpanded() ? '▾' : '▸'}</span>
        {column ? columnLabel(column) : ''}:{' '}
        {value === null || value === undefined || value === '' ? '—' : String(value)} (
        {row.getLeafRows().length})
      </UnstyledButton>
    </li>
  );
}

function CardItem<TData>({ row, titleColumn }: { row: Row<TData>; titleColumn?: string }) {
  const cells = row.getVisibleCells();
  const actions = cells.find((cell) => cell.column.id === ACTIONS_COLUMN_ID);
  const data = cells.filter((cell) => cell.column.id !== ACTIONS_COLUMN_ID);
  const title = data.find((cell) => cell.column.id === titleColumn) ?? data[0];
  const fields = data.filter((cell) => cell !== title);
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.card}>
      {title && (
        <div className={classes.cardTitle}>{flexRender(title.column.columnDef.cell, title.getContext())}</div>
      )}
      {fields.length > 0 && (
        <dl className={classes.cardFields}>
          {fields.map((cell) => (
            <div key={cell.id} className={classes.cardField}>
              <Text component="dt" size="xs" c="dimmed" fw={600} className={classes.wrap}>
                {columnLabel(cell.column)}
              </Text>
              <Text component="dd" size="sm" m={0} className={classes.wrap}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Text>
            </div>
          ))}
        </dl>
      )}
      {actions && (
        <div className={classes.cardActions}>
          {flexRender(actions.column.columnDef.cell, actions.getContext())}
        </div>
      )}
    </Paper>
  );
}

export interface DataTableCardsProps<TData> {
  table: Table<TData>;
  /** Names the list for assistive technology, as the caption names the table. */
  caption: string;
  /** The id of the column that titles each card; the first column by default. */
  titleColumn?: string;
  busy?: boolean;
  /** Shown instead of the cards (loading, no rows, no matches). */
  placeholder?: ReactNode;
}

/**
 * The rows of the current page as cards, for a phone (issue 12: nothing cut mid-word, nothing off-screen at
 * 375 px): the first column as the card's title, every other column as its header and value, the row's
 * actions as full-size buttons at the bottom, group rows as folding headings between the cards.
 */
export function DataTableCards<TData>({
  table,
  caption,
  titleColumn,
  busy = false,
  placeholder,
}: DataTableCardsProps<TData>) {
  if (placeholder) {
    return (
      <Paper withBorder radius="md" p="lg" ta="center" className={classes.card}>
        {placeholder}
      </Paper>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={caption}
      aria-busy={busy || undefined}
      className={classes.cards}
    >
      {table
        .getRowModel()
        .rows.map((row) =>
          row.getIsGrouped() ? (
            <GroupItem key={row.id} row={row} table={table} />
          ) : (
            <CardItem key={row.id} row={row} titleColumn={titleColumn} />
          ),
        )}
    </Stack>
  );
}
