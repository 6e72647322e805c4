import '@mantine/core/styles/Input.css';
import { NativeSelect, Paper, Text, UnstyledButton } from '@mantine/core';
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { ACTIONS_COLUMN_ID, columnLabel } from './columns';
import classes from './data-table.module.css';
import { limitRows } from './data-table-show-more';
import { useWindowedRows } from './use-windowed-rows';

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

/** Where a drawn card sits among all of them, for windowing: its index, 1-based position and measuring ref. */
interface ItemPlace {
  index: number;
  /** Set while windowed: the item's position in the whole list, and the list's length. */
  position?: { at: number; of: number };
  measure: (element: HTMLLIElement | null) => void;
}

function GroupItem<TData>({
  row,
  table,
  index,
  position,
  measure,
}: { row: Row<TData>; table: Table<TData> } & ItemPlace) {
  const column = row.groupingColumnId ? table.getColumn(row.groupingColumnId) : undefined;
  const value = row.groupingValue;
  return (
    <li
      className={classes.cardGroup}
      ref={measure}
      data-index={index}
      aria-posinset={position?.at}
      aria-setsize={position?.of}
    >
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

function CardItem<TData>({
  row,
  titleColumn,
  index,
  position,
  measure,
}: {
  row: Row<TData>;
  titleColumn?: string;
} & ItemPlace) {
  const cells = row.getVisibleCells();
  const actions = cells.find((cell) => cell.column.id === ACTIONS_COLUMN_ID);
  const data = cells.filter((cell) => cell.column.id !== ACTIONS_COLUMN_ID);
  const title = data.find((cell) => cell.column.id === titleColumn) ?? data[0];
  const fields = data.filter((cell) => cell !== title);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      ref={measure}
      data-index={index}
      aria-posinset={position?.at}
      aria-setsize={position?.of}
    >
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
  /**
   * The list is not paginated: above WINDOWING_THRESHOLD rows only the cards near the viewport are drawn, the
   * page scrolling as usual, with `aria-setsize` and `aria-posinset` on each card for screen readers.
   */
  windowRows?: boolean;
  /** Only the first this many rows are drawn (a list that grows with Show more); all when undefined. */
  limit?: number;
}

/** A card's height before it is measured: a title and four fields (px). */
const ESTIMATED_CARD_HEIGHT = 180;

/**
 * The rows of the current page as cards, for a phone (decision 028: nothing cut mid-word, nothing off-screen at
 * 375 px): the first column as the card's title, every other column as its header and value, the row's
 * actions as full-size buttons at the bottom, group rows as folding headings between the cards.
 */
export function DataTableCards<TData>({
  table,
  caption,
  titleColumn,
  busy = false,
  placeholder,
  windowRows = false,
  limit,
}: DataTableCardsProps<TData>) {
  const rows = limitRows(table.getRowModel().rows, limit);
  const { windowed, items, before, after, measure, setList } = useWindowedRows<HTMLUListElement>({
    count: placeholder ? 0 : rows.length,
    allowed: windowRows,
    estimateSize: ESTIMATED_CARD_HEIGHT,
    overscan: 4,
    getKey: (index) => rows[index]?.id ?? String(index),
  });
  if (placeholder) {
    return (
      <Paper withBorder radius="md" p="lg" ta="center" className={classes.card}>
        {placeholder}
      </Paper>
    );
  }
  return (
    <ul
      aria-label={caption}
      aria-busy={busy || undefined}
      className={classes.cards}
      ref={setList}
      style={windowed ? { paddingTop: before, paddingBottom: after } : undefined}
    >
      {items.map(({ index }) => {
        const row = rows[index];
        if (!row) return null;
        const place: ItemPlace = {
          index,
          position: windowed ? { at: index + 1, of: rows.length } : undefined,
          measure: measure,
        };
        return row.getIsGrouped() ? (
          <GroupItem key={row.id} row={row} table={table} {...place} />
        ) : (
          <CardItem key={row.id} row={row} titleColumn={titleColumn} {...place} />
        );
      })}
    </ul>
  );
}
