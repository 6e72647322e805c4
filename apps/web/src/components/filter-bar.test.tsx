import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, renderWithProviders } from '../test/test-utils';
import { FilterBar, yearFilter, type FilterField } from './filter-bar';

function fields(values: { status: string; name: string }, onChange: (key: string, value: string) => void) {
  return [
    {
      key: 'status',
      label: 'Status',
      value: values.status,
      options: [
        { value: '', label: 'All statuses' },
        { value: 'PENDING', label: 'Pending' },
      ],
      onChange: (value) => onChange('status', value),
    },
    {
      kind: 'search',
      key: 'name',
      label: 'Name',
      placeholder: 'First or last name',
      maxLength: 10,
      value: values.name,
      onChange: (value) => onChange('name', value),
    },
  ] satisfies FilterField[];
}

describe('FilterBar', () => {
  it('shows labelled selects and search boxes in a region named Filters and reports each change', () => {
    const onChange = vi.fn();
    renderWithProviders(<FilterBar fields={fields({ status: '', name: '' }, onChange)} />);
    const region = screen.getByRole('region', { name: 'Filters' });
    const status = within(region).getByRole('combobox', { name: 'Status' });
    expect([...(status as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All statuses',
      'Pending',
    ]);
    const name = within(region).getByRole('searchbox', { name: 'Name' });
    expect(name).toHaveAttribute('placeholder', 'First or last name');
    expect(name).toHaveAttribute('maxlength', '10');

    fireEvent.change(status, { target: { value: 'PENDING' } });
    fireEvent.change(name, { target: { value: 'Dusty' } });
    expect(onChange.mock.calls).toEqual([
      ['status', 'PENDING'],
      ['name', 'Dusty'],
    ]);
    // Without onClear there is no Clear all.
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it('offers Clear all only while a filter is set (blank text counts as none)', () => {
    const onClear = vi.fn();
    const { rerender } = renderWithProviders(
      <FilterBar fields={fields({ status: '', name: '   ' }, vi.fn())} onClear={onClear} />,
    );
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();

    rerender(
      <AppProviders>
        <FilterBar fields={fields({ status: 'PENDING', name: '' }, vi.fn())} onClear={onClear} />
      </AppProviders>,
    );
    const clear = screen.getByRole('button', { name: 'Clear all' }) as HTMLButtonElement;
    expect(clear).toBeEnabled();
    fireEvent.click(clear);
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('lists years after All years, as given, or without it', () => {
    const onChange = vi.fn();
    const years = [
      { value: '2027', label: '2027' },
      { value: '2026', label: '2026' },
    ];
    expect(yearFilter('2026', [2027, 2026], onChange)).toEqual({
      key: 'year',
      label: 'Year',
      value: '2026',
      options: [{ value: '', label: 'All years' }, ...years],
      onChange,
    });
    expect(yearFilter('', [2027, 2026], onChange, 'Every year').options[0]).toEqual({
      value: '',
      label: 'Every year',
    });
    expect(yearFilter('2026', [2027, 2026], onChange, false).options).toEqual(years);
  });
});
