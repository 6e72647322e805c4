import '@mantine/core/styles/Table.css';
import { Table, UnstyledButton } from '@mantine/core';
import { flexRender, type Row, type Table as TanStackTable } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { ACTIONS_COLUMN_ID, columnLabel } from './columns';
import classes from './data-table.module.css';

export interface DataTableGridProps<TData> {
  table: TanStackTable<TData>;
  /** Names the table for assistive technology (a hidden caption) and its scroll region. */
  caption: string;
  /** Below this width the table scrolls sideways inside its box (default 640 px). */
  minWidth?: number;
  busy?: boolean;
  /** Shown under the headers instead of the rows (loading, no rows, no matches). */
  placeholder?: ReactNode;
}

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

function GroupRow<TData>({ row, table }: { row: Row<TData>; table: TanStackTable<TData> }) {
  const groupColumn = row.groupingColumnId ? table.getColumn(row.groupingColumnId) : undefined;
  const label = groupColumn ? columnLabel(groupColumn) : '';
  const value = row.groupingValue;
  const count = row.getLeafRows().length;
  return (
    <Table.Tr className={classes.groupRow}>
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

function DataRow<TData>({ row }: { row: Row<TData> }) {
  return (
    <Table.Tr>
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        const style: CSSProperties = {
          textAlign: meta?.align,
          whiteSpace: meta?.nowrap ? 'nowrap' : undefined,
        };
        return (
          <Table.Td
            key={cell.id}
            style={style}
            className={cell.column.id === ACTIONS_COLUMN_ID ? classes.actionsCell : undefined}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

/**
 * The table itself: sortable headers (buttons inside the header cells, `aria-sort` on the cell), the rows of
 * the current page, group rows that fold, in a focusable box that scrolls sideways on a narrow screen.
 */
export function DataTableGrid<TData>({
  table,
  caption,
  minWidth = 640,
  busy = false,
  placeholder,
}: DataTableGridProps<TData>) {
  return (
    <div className={classes.frame}>
      <div
        className={classes.scrollBox}
        // Focusable so a keyboard user can scroll a table wider than the screen (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <Table
          className={classes.table}
          style={{ '--data-table-min-width': `${minWidth}px` } as CSSProperties}
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="sm"
          aria-busy={busy || undefined}
        >
          <caption className={classes.caption}>{caption}</caption>
          <Table.Thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <Table.Tr key={headerGroup.id}>
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
            <Table.Tbody>
              {table
                .getRowModel()
                .rows.map((row) =>
                  row.getIsGrouped() ? (
                    <GroupRow key={row.id} row={row} table={table} />
                  ) : (
                    <DataRow key={row.id} row={row} />
                  ),
                )}
            </Table.Tbody>
          )}
        </Table>
      </div>
      {/* Outside the table, so on a phone the message sits in view instead of in the middle of a wide table. */}
      {placeholder && <div className={classes.statePanel}>{placeholder}</div>}
    </div>
  );
}
