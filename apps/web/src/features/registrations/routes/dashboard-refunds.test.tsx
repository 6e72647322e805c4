import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testRegistration } from '../../../test/registration-fixtures';
import { openDashboard } from '../test-fixtures';

// A cancelled registration whose payment's refund has not given the money back says so on the dashboard,
// instead of reading only COMPLETED.

const cancelledWith = (refundStatus: 'PENDING' | 'FAILED' | null, status: 'COMPLETED' | 'REFUNDED') => {
  const base = testRegistration();
  return testRegistration({
    id: 'cancelled-1',
    status: 'CANCELLED',
    payments: [{ ...base.payments[0]!, status, refundStatus }],
  });
};

async function history(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Registration History' });
}

describe('dashboard: refunds of a cancelled registration', () => {
  it('a failed refund: the camp will contact the person', async () => {
    openDashboard([cancelledWith('FAILED', 'COMPLETED')]);
    const section = await history();
    expect(within(section).getByText('COMPLETED')).toBeInTheDocument();
    expect(within(section).getByText('Refund failed — the camp will contact you')).toBeInTheDocument();
  });

  it('a pending refund says it is pending', async () => {
    openDashboard([cancelledWith('PENDING', 'COMPLETED')]);
    expect(within(await history()).getByText('Refund pending')).toBeInTheDocument();
  });

  it('a refunded payment says nothing more', async () => {
    openDashboard([cancelledWith(null, 'REFUNDED')]);
    const section = await history();
    expect(within(section).getByText('REFUNDED')).toBeInTheDocument();
    expect(within(section).queryByText(/Refund (failed|pending)/)).not.toBeInTheDocument();
  });
});
