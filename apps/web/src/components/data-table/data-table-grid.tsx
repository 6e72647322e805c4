import '@mantine/core/styles/Table.css';
import { Table, UnstyledButton } from '@mantine/core';
import { flexRender, type Row, type Table as TanStackTable } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { ACTIONS_COLUMN_ID, columnLabel } from './columns';
import classes from './data-table.module.css';
import { TableScrollFrame } from './table-scroll-frame';
import { TruncatedText } from './truncated-text';
import { useWindowedRows } from './use-windowed-rows';

export interface DataTableGridProps<TData> {
  table: TanStackTable<TData>;
  /** Names the table for assistive technology (a hidden caption) and its scroll region. */
  caption: string;
  /** Below this width the table scrolls sideways inside its box (default 640 px). */
  minWidth?: number;
  busy?: boolean;
  /** Shown under the headers instead of the rows (loading, no rows, no matches). */
  placeholder?: ReactNode;
  /**
   * The table is not paginated: above WINDOWING_THRESHOLD rows only those near the viewport are drawn, the page
   * scrolling as usual, with `aria-rowcount` on the table and `aria-rowindex` on each row for screen readers.
   */
  windowRows?: boolean;
}

/** A row's height before it is measured: one line of text with the table's vertical spacing (px). */
const ESTIMATED_ROW_HEIGHT = 45;

function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <span className={classes.sortIcon} data-active={direction ? true : undefined} aria-hidden="true">
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '⇅'}
    </span>
  );
}

/** Where a drawn row sits among all of them, for windowing: its index, 1-based ARIA index and measuring ref. */
interface RowPlace {
  index: number;
  ariaRowIndex?: number;
  measure: (element: HTMLTableRowElement | null) => void;
}

function GroupRow<TData>({
  row,
  table,
  index,
  ariaRowIndex,
  measure,
}: {
  row: Row<TData>;
  table: TanStackTable<TData>;
} & RowPlace) {
  const groupColumn = row.groupingColumnId ? table.getColumn(row.groupingColumnId) : undefined;
  const label = groupColumn ? columnLabel(groupColumn) : '';
  const value = row.groupingValue;
  const count = row.getLeafRows().length;
  return (
    <Table.Tr className={classes.groupRow} ref={measure} data-index={index} aria-rowindex={ariaRowIndex}>
      <Table.Th colSpan={table.getVisibleLeafColumns().length} scope="rowgroup">
        <UnstyledButton
          className={classes.groupToggle}
          aria-expanded={row.getIsExpanded()}
          onClick={row.getToggleExpandedHandler()}
        >
          <span aria-hidden="true">{row.getIsExpanded() ? '▾' : '▸'}</span>
          {label}: {value === null || value === undefined || value === '' ? '—' : String(value)} ({count})
        </UnstyledButton>
      </Table.Th>
    </Table.Tr>
  );
}

function DataRow<TData>({ row, index, ariaRowIndex, measure }: { row: Row<TData> } & RowPlace) {
  return (
    <Table.Tr ref={measure} data-index={index} aria-rowindex={ariaRowIndex}>
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        const style: CSSProperties = {
          textAlign: meta?.align,
          whiteSpace: meta?.nowrap ? 'nowrap' : undefined,
        };
        const content = flexRender(cell.column.columnDef.cell, cell.getContext());
        const value = meta?.truncate ? cell.getValue() : undefined;
        return (
          <Table.Td
            key={cell.id}
            style={style}
            className={cell.column.id === ACTIONS_COLUMN_ID ? classes.actionsCell : undefined}
          >
            {meta?.truncate ? (
              <TruncatedText
                value={typeof value === 'string' ? value : String(value ?? '')}
                maxWidth={meta.truncate}
              >
                {content}
              </TruncatedText>
            ) : (
              content
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

/** Stands for the rows not drawn, above or below those drawn; hidden from assistive technology. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className={classes.spacerRow}>
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

/**
 * The table itself: sortable headers (buttons inside the header cells, `aria-sort` on the cell), the rows of
 * the current page, group rows that fold, in a focusable box that scrolls sideways on a narrow screen. An
 * unpaginated table of many rows draws only those near the viewport (`windowRows`).
 */
export function DataTableGrid<TData>({
  table,
  caption,
  minWidth = 640,
  busy = false,
  placeholder,
  windowRows = false,
}: DataTableGridProps<TData>) {
  const rows = table.getRowModel().rows;
  const headerRows = table.getHeaderGroups().length;
  const columns = table.getVisibleLeafColumns().length;
  const { windowed, items, before, after, measure, setList } = useWindowedRows<HTMLTableSectionElement>({
    count: placeholder ? 0 : rows.length,
    allowed: windowRows,
    estimateSize: ESTIMATED_ROW_HEIGHT,
    getKey: (index) => rows[index]?.id ?? String(index),
  });
  // The stripes follow each row's place in the whole list, not in the drawn slice (after the top spacer, the
  // first drawn row is the 2nd row of the body): Mantine stripes the odd or the even rows of the body.
  const firstDrawn = items[0]?.index ?? 0;
  const striped = windowed ? (firstDrawn % 2 === 0 ? 'even' : 'odd') : true;
  return (
    <TableScrollFrame
      label={caption}
      below={
        // Outside the table, so on a phone the message sits in view instead of in the middle of a wide table.
        placeholder && <div className={classes.statePanel}>{placeholder}</div>
      }
    >
      <Table
        className={classes.table}
        style={{ '--data-table-min-width': `${minWidth}px` } as CSSProperties}
        striped={striped}
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="sm"
        aria-busy={busy || undefined}
        aria-rowcount={windowed ? headerRows + rows.length : undefined}
      >
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <Table.Tr key={headerGroup.id} aria-rowindex={windowed ? headerGroup.depth + 1 : undefined}>
              {headerGroup.headers.map((header) => {
                const { column } = header;
                const canSort = column.getCanSort();
                const direction = column.getIsSorted();
                const content = header.isPlaceholder
                  ? null
                  : flexRender(column.columnDef.header, header.getContext());
                return (
                  <Table.Th
                    key={header.id}
                    colSpan={header.colSpan}
                    scope="col"
                    aria-sort={canSort ? ariaSort(direction) : undefined}
                    style={{ textAlign: column.columnDef.meta?.align }}
                  >
                    {canSort ? (
                      <UnstyledButton
                        className={classes.sortButton}
                        onClick={column.getToggleSortingHandler()}
                      >
                        {content}
                        <SortIcon direction={direction} />
                      </UnstyledButton>
                    ) : (
                      content
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        {!placeholder && (
          <Table.Tbody ref={setList}>
            {windowed && <SpacerRow height={before} columns={columns} />}
            {items.map(({ index }) => {
              const row = rows[index];
              if (!row) return null;
              const place: RowPlace = {
                index,
                ariaRowIndex: windowed ? headerRows + index + 1 : undefined,
                measure: measure,
              };
              return row.getIsGrouped() ? (
                <GroupRow key={row.id} row={row} table={table} {...place} />
              ) : (
                <DataRow key={row.id} row={row} {...place} />
              );
            })}
            {windowed && <SpacerRow height={after} columns={columns} />}
          </Table.Tbody>
        )}
      </Table>
    </TableScrollFrame>
  );
}
