import { createColumnHelper } from '@tanstack/react-table';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { renderWithProviders } from '../../test/test-utils';
import { DataTable, type DataTableProps } from './data-table';

interface Camper {
  id: string;
  name: string;
  city: string;
  age: number;
}

const helper = createColumnHelper<Camper>();
const columns = [
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('city', { header: 'City' }),
  helper.accessor('age', { header: 'Age' }),
];

/** 30 campers: Camper 01 … Camper 30, alternating between two cities, ages 20 … 49. */
function campers(count = 30): Camper[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `c${index + 1}`,
    name: `Camper ${String(index + 1).padStart(2, '0')}`,
    city: index % 2 === 0 ? 'Reno' : 'Oakland',
    age: 20 + index,
  }));
}

function renderTable(props: Partial<DataTableProps<Camper>> = {}) {
  return renderWithProviders(
    <DataTable<Camper>
      data={campers()}
      columns={columns}
      caption="Campers"
      getRowId={(row) => row.id}
      emptyText="No campers found."
      {...props}
    />,
  );
}

/** rerender() replaces the whole tree, so it needs the providers again. */
function wrap(ui: ReactElement) {
  return <AppProviders>{ui}</AppProviders>;
}

/** The text of the first cell of each body row. */
function firstColumn(): string[] {
  const table = screen.getByRole('table', { name: 'Campers' });
  const [, ...bodyRows] = within(table).getAllByRole('row');
  return bodyRows.map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function liveRegion(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"][aria-atomic="true"]');
  if (!region) throw new Error('no live region');
  return region;
}

describe('DataTable', () => {
  it('shows the first 10 rows by default and pages through the rest', () => {
    renderTable();
    expect(firstColumn()).toHaveLength(10);
    expect(firstColumn()[0]).toBe('Camper 01');
    expect(screen.getByText('Showing 1–10 of 30')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(firstColumn()).toEqual(
      campers()
        .slice(20, 30)
        .map((c) => c.name),
    );
    expect(screen.getByText('Showing 21–30 of 30')).toBeTruthy();
    expect(liveRegion().textContent).toBe('Page 3 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(firstColumn()[0]).toBe('Camper 11');
  });

  it('offers page sizes 10, 25, 50 and 100 and honours a configured default', () => {
    renderTable({ defaultPageSize: 25 });
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    expect((select as HTMLSelectElement).value).toBe('25');
    expect(firstColumn()).toHaveLength(25);

    fireEvent.change(select, { target: { value: '50' } });
    expect(firstColumn()).toHaveLength(30);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(liveRegion().textContent).toBe('Showing 50 rows per page, page 1 of 1');
  });

  it('sorts by a header button, marks the header with aria-sort, and announces it', () => {
    renderTable();
    const ageHeader = screen.getByRole('columnheader', { name: /Age/ });
    expect(ageHeader.getAttribute('aria-sort')).toBe('none');
    const sortButton = within(ageHeader).getByRole('button');

    fireEvent.click(sortButton);
    expect(ageHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()[0]).toBe('Camper 01');
    expect(liveRegion().textContent).toBe('Sorted by Age, ascending');

    fireEvent.click(sortButton);
    expect(ageHeader.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()[0]).toBe('Camper 30');
    expect(liveRegion().textContent).toBe('Sorted by Age, descending');
  });

  it('starts with the initial sort and goes back to page 1 when the sort changes', () => {
    renderTable({ initialSorting: [{ id: 'name', desc: true }] });
    expect(firstColumn()[0]).toBe('Camper 30');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(firstColumn()[0]).toBe('Camper 20');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /City/ })).getByRole('button'));
    expect(screen.getByText('Showing 1–10 of 30')).toBeTruthy();
  });

  it('filters every column with the search box and announces the count', () => {
    renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    fireEvent.change(search, { target: { value: 'oakland' } });
    expect(screen.getByText('Showing 1–10 of 15')).toBeTruthy();
    expect(liveRegion().textContent).toBe('15 rows found for “oakland”');

    fireEvent.change(search, { target: { value: '49' } });
    expect(firstColumn()).toEqual(['Camper 30']);
    expect(liveRegion().textContent).toBe('1 row found for “49”');

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No campers found.')).toBeTruthy();
    expect(liveRegion().textContent).toBe('0 rows found for “nobody”');
  });

  it('clears each announcement 2 seconds after the last change', () => {
    vi.useFakeTimers();
    renderTable();
    const sortButton = within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button');

    fireEvent.click(sortButton);
    expect(liveRegion().textContent).toBe('Sorted by Name, ascending');
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Reno' } });
    expect(liveRegion().textContent).toBe('15 rows found for “Reno”');

    // The new announcement restarted the 2-second clock.
    act(() => vi.advanceTimersByTime(1999));
    expect(liveRegion().textContent).toBe('15 rows found for “Reno”');
    act(() => vi.advanceTimersByTime(1));
    expect(liveRegion().textContent).toBe('');
  });

  it('shows the loading, empty and error states', () => {
    const { rerender } = renderTable({ data: undefined, isLoading: true, loadingText: 'Loading campers...' });
    expect(screen.getByText('Loading campers...').closest('[role="status"]')).toBeTruthy();

    const props = { columns, caption: 'Campers', emptyText: 'No campers found.' };
    rerender(wrap(<DataTable<Camper> {...props} data={[]} />));
    expect(screen.getByText('No campers found.')).toBeTruthy();
    expect(screen.queryByText(/Showing/)).toBeNull();

    const onRetry = vi.fn();
    rerender(
      wrap(
        <DataTable<Camper> {...props} data={undefined} error="Failed to load campers" onRetry={onRetry} />,
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load campers');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('adds an Actions column that is neither sortable nor searched', () => {
    const onEdit = vi.fn();
    renderTable({
      data: campers(3),
      renderRowActions: (camper) => (
        <button type="button" onClick={() => onEdit(camper.id)}>
          Edit {camper.name}
        </button>
      ),
    });
    const actionsHeader = screen.getByRole('columnheader', { name: 'Actions' });
    expect(actionsHeader.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Camper 02' }));
    expect(onEdit).toHaveBeenCalledWith('c2');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Edit' } });
    expect(screen.getByText('No campers found.')).toBeTruthy();
  });

  it('groups rows by a chosen column and collapses a group', () => {
    renderTable({ data: campers(4), groupableColumns: ['city'] });
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'city' } });
    const reno = screen.getByRole('button', { name: 'City: Reno (2)' });
    expect(reno.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'City: Oakland (2)' })).toBeTruthy();
    expect(liveRegion().textContent).toBe('Grouped by City');
    // A page holds whole groups.
    expect(screen.getByText('Showing 1–2 of 2 groups')).toBeTruthy();

    fireEvent.click(reno);
    expect(reno.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Camper 01')).toBeNull();
    expect(screen.getByText('Camper 02')).toBeTruthy();
  });

  it('moves back to the last page when rows disappear', () => {
    const { rerender } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    rerender(
      wrap(
        <DataTable<Camper>
          data={campers(15)}
          columns={columns}
          caption="Campers"
          getRowId={(row) => row.id}
          emptyText="No campers found."
        />,
      ),
    );
    expect(screen.getByText('Showing 11–15 of 15')).toBeTruthy();
  });
});
