import '@mantine/core/styles/Input.css';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './data-table.module.css';

export interface DataTableToolbarProps {
  /** The global text filter; shown when onSearch is given. */
  search?: string;
  onSearch?: (value: string) => void;
  searchLabel?: string;
  searchPlaceholder?: string;
  searchDisabled?: boolean;
  /** Columns to group by (adds a Group by list when there are any), and the one chosen ('' for none). */
  groupOptions?: readonly { value: string; label: string }[];
  groupedBy?: string;
  onGroupBy?: (columnId: string) => void;
  /** A Sort by list (DataTableSortSelect) for the phone layout, where there are no headers to press. */
  sortControl?: ReactNode;
  /** Extra controls at the end (e.g. an Add button). */
  children?: ReactNode;
}

/** The row above a table: search box, Group by list and the screen's own controls; nothing when all are off. */
export function DataTableToolbar({
  search = '',
  onSearch,
  searchLabel = 'Search',
  searchPlaceholder = 'Type to filter the list',
  searchDisabled = false,
  groupOptions = [],
  groupedBy = '',
  onGroupBy,
  sortControl,
  children,
}: DataTableToolbarProps) {
  const searchId = `${useId()}-search`;
  const grouping = groupOptions.length > 0 && onGroupBy;
  if (!onSearch && !children && !grouping && !sortControl) return null;
  return (
    <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
      <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
        {onSearch && (
          <TextInput
            id={searchId}
            type="search"
            className={classes.searchInput}
            label={searchLabel}
            placeholder={searchPlaceholder}
            value={search}
            onChange={(event) => onSearch(event.currentTarget.value)}
            disabled={searchDisabled}
          />
        )}
        {grouping && (
          <NativeSelect
            label="Group by"
            value={groupedBy}
            onChange={(event) => onGroupBy(event.currentTarget.value)}
            data={[{ value: '', label: 'No grouping' }, ...groupOptions]}
          />
        )}
        {sortControl}
      </Group>
      {children}
    </Group>
  );
}
