import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, renderWithProviders } from '../../test/test-utils';
import { WINDOWING_THRESHOLD } from './columns';
import type { DataTableProps } from './data-table';
import { type Camper, CamperTable, campers } from '../../test/camper-table';
import { cardsOf, onPhone } from '../../test/media';

function renderTable(props: Partial<DataTableProps<Camper>> = {}) {
  return renderWithProviders(<CamperTable {...props} />);
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

/** The cards of the phone layout (top-level items of the list named by the caption). */
function cards(): HTMLElement[] {
  return cardsOf(screen.getByRole('list', { name: 'Campers' }));
}

/** Row actions: an Edit button that calls `onEdit` with the camper's id. */
function editButton(onEdit: (id: string) => void) {
  return (camper: Camper) => (
    <button type="button" onClick={() => onEdit(camper.id)}>
      Edit {camper.name}
    </button>
  );
}

describe('DataTable', () => {
  it('shows the first 10 rows by default and pages through the rest', () => {
    renderTable();
    expect(firstColumn()).toHaveLength(10);
    expect(firstColumn()[0]).toBe('Camper 01');
    expect(screen.getByText('Showing 1–10 of 30')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(firstColumn()).toEqual(
      campers()
        .slice(20, 30)
        .map((c) => c.name),
    );
    expect(screen.getByText('Showing 21–30 of 30')).toBeInTheDocument();
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
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(liveRegion().textContent).toBe('Showing 50 rows per page, page 1 of 1');
  });

  it('sorts by a header button, marks the header with aria-sort, and announces it', () => {
    renderTable();
    const ageHeader = screen.getByRole('columnheader', { name: /Age/ });
    expect(ageHeader).toHaveAttribute('aria-sort', 'none');
    const sortButton = within(ageHeader).getByRole('button');

    fireEvent.click(sortButton);
    expect(ageHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()[0]).toBe('Camper 01');
    expect(liveRegion().textContent).toBe('Sorted by Age, ascending');

    fireEvent.click(sortButton);
    expect(ageHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()[0]).toBe('Camper 30');
    expect(liveRegion().textContent).toBe('Sorted by Age, descending');
  });

  it('starts with the initial sort and goes back to page 1 when the sort changes', () => {
    renderTable({ initialSorting: [{ id: 'name', desc: true }] });
    expect(firstColumn()[0]).toBe('Camper 30');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(firstColumn()[0]).toBe('Camper 20');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /City/ })).getByRole('button'));
    expect(screen.getByText('Showing 1–10 of 30')).toBeInTheDocument();
  });

  it('filters every column with the search box and announces the count', () => {
    renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    fireEvent.change(search, { target: { value: 'oakland' } });
    expect(screen.getByText('Showing 1–10 of 15')).toBeInTheDocument();
    expect(liveRegion().textContent).toBe('15 rows found for “oakland”');

    fireEvent.change(search, { target: { value: '49' } });
    expect(firstColumn()).toEqual(['Camper 30']);
    expect(liveRegion().textContent).toBe('1 row found for “49”');

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No campers found.')).toBeInTheDocument();
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
    expect(screen.getByText('Loading campers...').closest('[role="status"]')).toBeInTheDocument();

    rerender(wrap(<CamperTable data={[]} />));
    expect(screen.getByText('No campers found.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();

    const onRetry = vi.fn();
    rerender(wrap(<CamperTable data={undefined} error="Failed to load campers" onRetry={onRetry} />));
    expect(screen.getByRole('alert').textContent).toContain('Failed to load campers');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('adds an Actions column that is neither sortable nor searched', () => {
    const onEdit = vi.fn();
    renderTable({
      data: campers(3),
      renderRowActions: editButton(onEdit),
    });
    const actionsHeader = screen.getByRole('columnheader', { name: 'Actions' });
    expect(actionsHeader).not.toHaveAttribute('aria-sort');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Camper 02' }));
    expect(onEdit).toHaveBeenCalledWith('c2');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Edit' } });
    expect(screen.getByText('No campers found.')).toBeInTheDocument();
  });

  it('groups rows by a chosen column and collapses a group', () => {
    renderTable({ data: campers(4), groupableColumns: ['city'] });
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'city' } });
    const reno = screen.getByRole('button', { name: 'City: Reno (2)' });
    expect(reno).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'City: Oakland (2)' })).toBeInTheDocument();
    expect(liveRegion().textContent).toBe('Grouped by City');
    // A page holds whole groups.
    expect(screen.getByText('Showing 1–2 of 2 groups')).toBeInTheDocument();

    fireEvent.click(reno);
    expect(reno).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Camper 01')).not.toBeInTheDocument();
    expect(screen.getByText('Camper 02')).toBeInTheDocument();
  });

  it('moves back to the last page when rows disappear', () => {
    const { rerender } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    rerender(wrap(<CamperTable data={campers(15)} />));
    expect(screen.getByText('Showing 11–15 of 15')).toBeInTheDocument();
  });

  it('shows every row without a pager when paginate is false', () => {
    renderTable({ paginate: false });
    expect(firstColumn()).toHaveLength(30);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).not.toBeInTheDocument();
    expect(screen.getByText('30 rows')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'oakland' } });
    expect(firstColumn()).toHaveLength(15);
    expect(screen.getByText('15 of 30 rows')).toBeInTheDocument();
  });

  it('shows a server page as it is and asks the server for another page or page size', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    const page = (number: number) => campers(60).slice((number - 1) * 25, number * 25);
    const serverPaging = { pageSize: 25, total: 60, onPageChange, onPageSizeChange };
    const { rerender } = renderWithProviders(
      <CamperTable searchable={false} data={page(2)} serverPaging={{ ...serverPaging, page: 2 }} />,
    );
    // All 25 rows of the page, not sliced again to the first 10 nor to the first page.
    expect(firstColumn()).toHaveLength(25);
    expect(firstColumn()[0]).toBe('Camper 26');
    expect(screen.getByText('Showing 26–50 of 60')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect((screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement).value).toBe('25');

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(liveRegion().textContent).toBe('Page 3 of 3');
    rerender(
      wrap(<CamperTable searchable={false} data={page(3)} serverPaging={{ ...serverPaging, page: 3 }} />),
    );
    expect(firstColumn()).toEqual([
      'Camper 51',
      'Camper 52',
      'Camper 53',
      'Camper 54',
      'Camper 55',
      'Camper 56',
      'Camper 57',
      'Camper 58',
      'Camper 59',
      'Camper 60',
    ]);
    expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(liveRegion().textContent).toBe('Showing 50 rows per page, page 1 of 2');
  });

  it('shows every row of every group when paginate is false', () => {
    renderTable({ paginate: false, groupableColumns: ['city'], initialGrouping: 'city' });
    expect(screen.getByRole('button', { name: 'City: Reno (15)' })).toBeInTheDocument();
    expect(screen.getByText('Camper 29')).toBeInTheDocument();
    expect(screen.getByText('Camper 30')).toBeInTheDocument();
  });
});

describe('DataTable, unpaginated and long (windowed rows)', { timeout: 20_000 }, () => {
  /** The body rows (not the hidden spacers) and their aria-rowindex. */
  function rowIndexes(): (string | null)[] {
    const table = screen.getByRole('table', { name: 'Campers' });
    const [, ...bodyRows] = within(table).getAllByRole('row');
    return bodyRows.map((row) => row.getAttribute('aria-rowindex'));
  }

  it('draws every row up to the threshold of 200, with no row counts', () => {
    renderTable({ data: campers(WINDOWING_THRESHOLD), paginate: false });
    expect(firstColumn()).toHaveLength(200);
    expect(firstColumn()[199]).toBe('Camper 200');
    expect(screen.getByRole('table', { name: 'Campers' })).not.toHaveAttribute('aria-rowcount');
    expect(rowIndexes().every((index) => index === null)).toBe(true);
    expect(screen.getByText('200 rows')).toBeInTheDocument();
  });

  it('draws only the rows near the viewport above it, numbered for screen readers, and sorts and searches all', async () => {
    renderTable({ data: campers(1000), paginate: false });
    const table = screen.getByRole('table', { name: 'Campers' });
    // jsdom's viewport is 768 px: 18 rows of the 45 px estimate are in it, and 10 more are drawn below.
    expect(firstColumn()).toHaveLength(28);
    expect(firstColumn()[0]).toBe('Camper 01');
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    expect(within(table).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(rowIndexes().slice(0, 3)).toEqual(['2', '3', '4']);
    expect(screen.getByText('1000 rows')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: /Age/ }));
    fireEvent.click(within(table).getByRole('button', { name: /Age/ }));
    expect(liveRegion().textContent).toBe('Sorted by Age, descending');
    expect(firstColumn()[0]).toBe('Camper 1000');
    expect(rowIndexes()[0]).toBe('2');

    // 11 matches are under the threshold: every one is drawn, without the counts.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'camper 99' } });
    expect(firstColumn()).toEqual([
      'Camper 999',
      'Camper 998',
      'Camper 997',
      'Camper 996',
      'Camper 995',
      'Camper 994',
      'Camper 993',
      'Camper 992',
      'Camper 991',
      'Camper 990',
      'Camper 99',
    ]);
    expect(table).not.toHaveAttribute('aria-rowcount');
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/^11 rows found for “camper 99”$/));
  });

  it('draws every row of a paginated table of any length, a page at a time', () => {
    renderTable({ data: campers(1000), defaultPageSize: 100 });
    expect(firstColumn()).toHaveLength(100);
    expect(screen.getByRole('table', { name: 'Campers' })).not.toHaveAttribute('aria-rowcount');
  });

  it('draws only the cards near the viewport on a phone, each with its place in the list', () => {
    onPhone();
    renderTable({ data: campers(1000), paginate: false });
    const drawn = cards();
    // 768 px hold 5 cards of the 180 px estimate; 4 more are drawn below.
    expect(drawn).toHaveLength(9);
    expect(drawn.map((card) => card.firstElementChild?.textContent)).toEqual(
      campers(9).map((camper) => camper.name),
    );
    expect(drawn.map((card) => card.getAttribute('aria-posinset'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(drawn.every((card) => card.getAttribute('aria-setsize') === '1000')).toBe(true);
  });
});

describe('DataTable on a phone', () => {
  it('shows each row as a card: the first column as title, the others as header and value, the actions at the bottom', () => {
    onPhone();
    const onEdit = vi.fn();
    renderTable({
      data: campers(3),
      renderRowActions: editButton(onEdit),
    });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = cards();
    expect(cards()).toHaveLength(3);
    const card = first as HTMLElement;
    expect(card.firstElementChild?.textContent).toBe('Camper 01');
    const labels = Array.from(card.querySelectorAll('dt')).map((dt) => dt.textContent);
    const values = Array.from(card.querySelectorAll('dd')).map((dd) => dd.textContent);
    // The actions are buttons, not a field labelled Actions.
    expect(labels).toEqual(['City', 'Age']);
    expect(values).toEqual(['Reno', '20']);
    expect(card.lastElementChild?.textContent).toBe('Edit Camper 01');

    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Edit Camper 02' }));
    expect(onEdit).toHaveBeenCalledWith('c2');
  });

  it('sorts with a Sort by list and announces the sort', () => {
    onPhone();
    renderTable();
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'As listed',
      'Name, ascending',
      'Name, descending',
      'City, ascending',
      'City, descending',
      'Age, ascending',
      'Age, descending',
    ]);
    fireEvent.change(sortBy, { target: { value: 'age:desc' } });
    expect((cards()[0] as HTMLElement).firstElementChild?.textContent).toBe('Camper 30');
    expect((sortBy as HTMLSelectElement).value).toBe('age:desc');
    expect(liveRegion().textContent).toBe('Sorted by Age, descending');
  });

  it('pages, searches and groups the cards as the table', () => {
    onPhone();
    renderTable({ groupableColumns: ['city'] });
    expect(cards()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect((cards()[0] as HTMLElement).firstElementChild?.textContent).toBe('Camper 21');
    expect(liveRegion().textContent).toBe('Page 3 of 3');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } });
    expect(screen.getByText('No campers found.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Campers' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'city' } });
    const reno = screen.getByRole('button', { name: 'City: Reno (15)' });
    expect(reno).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(reno);
    expect(screen.queryByText('Camper 01')).not.toBeInTheDocument();
    expect(screen.getByText('Camper 02')).toBeInTheDocument();
  });

  it('keeps the table when cards is false', () => {
    onPhone();
    renderTable({ cards: false });
    expect(screen.getByRole('table', { name: 'Campers' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
  });
});

describe('DataTable: server sorting and the search result', () => {
  it('shows the server’s sort in the headers and asks it for another, without sorting the rows itself', () => {
    const onSortingChange = vi.fn();
    // The rows as the server answered them: not in name order.
    const rows = [campers()[2], campers()[0], campers()[1]] as Camper[];
    renderTable({ data: rows, serverSorting: { sorting: [{ id: 'age', desc: true }], onSortingChange } });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Age')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(firstColumn()).toEqual(['Camper 03', 'Camper 01', 'Camper 02']);

    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'name', desc: false }]);
    // The rows stay as the server sent them until it answers again.
    expect(firstColumn()).toEqual(['Camper 03', 'Camper 01', 'Camper 02']);
    // A second press on the sorted column turns the order; there is no unsorted third state.
    fireEvent.click(within(header('Age')).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'age', desc: false }]);
  });

  it('tells the rows the search matches, and the search, whenever they change', () => {
    const onSearchResult = vi.fn();
    renderTable({ onSearchResult });
    expect(onSearchResult).toHaveBeenLastCalledWith({ rows: campers(), search: '' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' camper 1 ' } });
    const last = onSearchResult.mock.lastCall?.[0] as { rows: Camper[]; search: string };
    expect(last.search).toBe('camper 1');
    expect(last.rows.map((row) => row.name)).toEqual([
      'Camper 10',
      'Camper 11',
      'Camper 12',
      'Camper 13',
      'Camper 14',
      'Camper 15',
      'Camper 16',
      'Camper 17',
      'Camper 18',
      'Camper 19',
    ]);
    const calls = onSearchResult.mock.calls.length;
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^City/ })).getByRole('button'));
    // A sort changes nothing in what matches: no new call.
    expect(onSearchResult.mock.calls.length).toBe(calls);
  });
});
