import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/test-utils';
import { EditDeleteActions, RowAction } from './row-actions';

const shift = { id: 's1', name: 'Gate Crew' };

describe('EditDeleteActions', () => {
  it("opens the row's edit form and its delete confirmation, named for the row", () => {
    const open = vi.fn();
    renderWithProviders(<EditDeleteActions item={shift} itemName={shift.name} open={open} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Gate Crew' }));
    expect(open).toHaveBeenLastCalledWith({ kind: 'edit', item: shift });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gate Crew' }));
    expect(open).toHaveBeenLastCalledWith({ kind: 'delete', item: shift });
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('puts the other actions between Edit and Delete, and keeps a blocked Delete inert with its reason', () => {
    const open = vi.fn();
    const onFields = vi.fn();
    renderWithProviders(
      <EditDeleteActions item={shift} itemName={shift.name} open={open} deleteDisabledReason="Jobs use it.">
        <RowAction label="Fields" itemName="of Gate Crew" onClick={onFields} />
      </EditDeleteActions>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Edit Gate Crew',
      'Fields of Gate Crew',
      'Delete Gate Crew',
    ]);
    const remove = screen.getByRole('button', { name: 'Delete Gate Crew' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription('Jobs use it.');
    fireEvent.click(remove);
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Fields of Gate Crew' }));
    expect(onFields).toHaveBeenCalledOnce();
  });
});
