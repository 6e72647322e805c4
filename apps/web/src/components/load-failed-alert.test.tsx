import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/test-utils';
import { LoadFailedAlert } from './load-failed-alert';

describe('LoadFailedAlert', () => {
  it('is an alert with the failure text and a Try again button that retries', () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <LoadFailedAlert title="Failed to load user profile" onRetry={onRetry}>
        Server said no
      </LoadFailedAlert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to load user profile');
    expect(alert.textContent).toContain('Server said no');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has no button without onRetry', () => {
    renderWithProviders(<LoadFailedAlert title="Failed to load campers" />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load campers');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
