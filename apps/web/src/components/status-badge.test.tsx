import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/test-utils';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('shows a registration status in its docs/product.md §4 colour', () => {
    renderWithProviders(<StatusBadge status="WAITLISTED" />);
    const badge = screen.getByText('WAITLISTED').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain('--mantine-color-orange-filled');
  });

  it('shows a payment status in its colour', () => {
    renderWithProviders(<StatusBadge kind="payment" status="COMPLETED" />);
    const badge = screen.getByText('COMPLETED').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain('--mantine-color-green-filled');
  });

  it('shows FAILED in a red dark enough for white text (axe color-contrast)', () => {
    renderWithProviders(<StatusBadge kind="payment" status="FAILED" />);
    const badge = screen.getByText('FAILED').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain('--badge-bg: var(--mantine-color-red-9)');
    expect(badge?.getAttribute('style')).toContain('--badge-color: var(--mantine-color-white)');
  });
});
