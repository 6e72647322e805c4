import '@mantine/core/styles/Input.css';
import { NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { flexRender, type Row } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { columnLabel, type DataTableState } from '../../../components/data-table';
import classes from './reports.module.css';

/** Sorting on a phone, where there are no column headers to press: one list of column and direction. */
export function ReportSortSelect<TData>({ state }: { state: DataTableState<TData> }) {
  const columns = state.table.getAllLeafColumns().filter((column) => column.getCanSort());
  if (columns.length === 0) return null;
  const current = state.table.getState().sorting[0];
  const value = current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : '';
  return (
    <NativeSelect
      label="Sort by"
      value={value}
      onChange={(event) => {
        const [id = '', direction] = event.currentTarget.value.split(':');
        state.table.setSorting(id ? [{ id, desc: direction === 'desc' }] : []);
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

function GroupItem<TData>({ row, state }: { row: Row<TData>; state: DataTableState<TData> }) {
  const column = row.groupingColumnId ? state.table.getColumn(row.groupingColumnId) : undefined;
  const value = row.groupingValue;
  return (
    <li className={classes.cardGroup}>
      <Text fw={700}>
        {column ? columnLabel(column) : ''}:{' '}
        {value === null || value === undefined || value === '' ? '—' : String(value)} (
        {row.getLeafRows().length})
      </Text>
    </li>
  );
}

function CardItem<TData>({ row }: { row: Row<TData> }) {
  const [first, ...rest] = row.getVisibleCells();
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.card}>
      {first && (
        <div className={classes.cardTitle}>{flexRender(first.column.columnDef.cell, first.getContext())}</div>
      )}
      <dl className={classes.cardFields}>
        {rest.map((cell) => (
          <div key={cell.id} className={classes.cardField}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {columnLabel(cell.column)}
            </Text>
            <Text component="dd" size="sm" m={0} className={classes.wrap}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Text>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/**
 * A report's rows as cards on a phone (issue 12: nothing cut, nothing off-screen at 375 px): the first column
 * as the card's title, every other column as a label and its value, group rows as headings between them.
 */
export function ReportCards<TData>({
  state,
  caption,
  busy,
  placeholder,
}: {
  state: DataTableState<TData>;
  caption: string;
  busy: boolean;
  placeholder: ReactNode;
}) {
  if (placeholder) {
    return (
      <Paper withBorder radius="md" p="lg" ta="center">
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
      {state.table
        .getRowModel()
        .rows.map((row) =>
          row.getIsGrouped() ? (
            <GroupItem key={row.id} row={row} state={state} />
          ) : (
            <CardItem key={row.id} row={row} />
          ),
        )}
    </Stack>
  );
}
