import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/test-utils';
import type { DataTableProps } from './data-table';
import { type Camper, CamperTable, campers, cityColumn, nameColumn } from '../../test/camper-table';
import { cardsOf, onPhone } from '../../test/media';

function renderTable(props: Partial<DataTableProps<Camper>> = {}) {
  return renderWithProviders(
    <CamperTable
      data={campers(25)}
      columns={[nameColumn, cityColumn]}
      paginate={false}
      phoneShowMore={10}
      groupableColumns={['city']}
      {...props}
    />,
  );
}

/** The titles of the cards drawn (top-level items of the list named by the caption). */
function cardTitles(): string[] {
  return cardsOf(screen.getByRole('list', { name: 'Campers' }))
    .filter((item) => !item.querySelector('button'))
    .map((item) => item.firstElementChild?.textContent ?? '');
}

function announced(): string {
  return Array.from(document.querySelectorAll('[aria-live="polite"]'))
    .map((region) => region.textContent)
    .join('|');
}

afterEach(() => vi.restoreAllMocks());

describe('DataTable on a phone, growing with Show more', () => {
  it('shows the first 10 cards, adds 10 on each Show more, announces it, and ends with every card', async () => {
    onPhone();
    renderTable();
    expect(cardTitles()).toEqual(campers(10).map((camper) => camper.name));
    expect(screen.getByText('Showing 10 of 25', { selector: 'p' })).toBeInTheDocument();

    const more = screen.getByRole('button', { name: 'Show 10 more' });
    expect(more.getAttribute('aria-describedby')).toBe(
      screen.getByText('Showing 10 of 25', { selector: 'p' }).id,
    );
    fireEvent.click(more);
    expect(cardTitles()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 25', { selector: 'p' })).toBeInTheDocument();
    expect(announced()).toContain('Showing 20 of 25');

    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
    expect(cardTitles()).toEqual(campers(25).map((camper) => camper.name));
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
    // The buttons are gone: the focus goes to the count rather than to nowhere.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement?.textContent).toBe('Showing 25 of 25');
  });

  it('shows every card with Show all', () => {
    onPhone();
    renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 25' }));
    expect(cardTitles()).toHaveLength(25);
    expect(screen.getByText('Showing 25 of 25', { selector: 'p' })).toBeInTheDocument();
  });

  it('counts what the search leaves, and sorts all the rows before showing the first ones', () => {
    onPhone();
    renderTable();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'name:desc' } });
    expect(cardTitles()[0]).toBe('Camper 25');
    expect(cardTitles()).toHaveLength(10);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Camper 0' } });
    expect(cardTitles()).toHaveLength(9);
    expect(screen.getByText('Showing 9 of 9', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('counts the rows, not the group headings, when grouped', () => {
    onPhone();
    renderTable();
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'city' } });
    expect(screen.getByRole('button', { name: 'City: Reno (13)' })).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 25', { selector: 'p' })).toBeInTheDocument();
    // Reno's 13 campers fill the first 10; Oakland's heading comes with the next ones.
    expect(screen.queryByRole('button', { name: 'City: Oakland (12)' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show 10 more' }));
    expect(screen.getByRole('button', { name: 'City: Oakland (12)' })).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 25', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows every row on a wide screen, with no Show more', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Campers' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
    expect(screen.getByText('25 rows')).toBeInTheDocument();
  });

  it('shows every card on a phone when the table does not ask for Show more', () => {
    onPhone();
    renderTable({ phoneShowMore: undefined });
    expect(cardTitles()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });
});
