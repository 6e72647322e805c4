import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from '../components/data-table/data-table';

// The campers the DataTable's own tests draw: a small row type, its columns and the table with its usual
// props. Not a test file itself.

export interface Camper {
  id: string;
  name: string;
  city: string;
  age: number;
}

const helper = createColumnHelper<Camper>();
export const nameColumn = helper.accessor('name', { header: 'Name' });
export const cityColumn = helper.accessor('city', { header: 'City' });
export const camperColumns = [nameColumn, cityColumn, helper.accessor('age', { header: 'Age' })];

/** Camper 01 … Camper n (30 unless given), alternating between two cities, ages 20 onwards. */
export function campers(count = 30): Camper[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `c${index + 1}`,
    name: `Camper ${String(index + 1).padStart(2, '0')}`,
    city: index % 2 === 0 ? 'Reno' : 'Oakland',
    age: 20 + index,
  }));
}

/** The table of campers with its caption, row ids and empty text; `props` adds to them or replaces them. */
export function CamperTable(props: Partial<DataTableProps<Camper>>) {
  return (
    <DataTable<Camper>
      data={campers()}
      columns={camperColumns}
      caption="Campers"
      getRowId={(row) => row.id}
      emptyText="No campers found."
      {...props}
    />
  );
}
