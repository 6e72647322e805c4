import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/test-utils';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function Harness(props: Partial<ConfirmDialogProps>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Delete Dusty
      </button>
      <ConfirmDialog
        opened={opened}
        title="Delete user"
        message="Delete Dusty Rhodes? This cannot be undone."
        confirmLabel="Delete"
        danger
        onConfirm={vi.fn()}
        onCancel={() => setOpened(false)}
        {...props}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title, described by its message, with focus starting on Cancel', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dusty' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Delete Dusty Rhodes? This cannot be undone.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });

  it('calls onConfirm from the confirm button and closes on Cancel and on Escape', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dusty' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Dusty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('uses a red confirm button when danger is set', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dusty' }));
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    expect(confirm.getAttribute('style') ?? '').toContain('red');
  });

  it('cannot be dismissed while loading, and the confirm button is busy', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Delete user"
        message="Delete?"
        confirmLabel="Delete"
        loading
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    fireEvent.click(cancel);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    const confirm = screen.getByRole('button', { name: /Delete/ });
    expect(confirm.hasAttribute('disabled') || confirm.getAttribute('data-loading') !== null).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
