import type { AuditRecord } from '@camp/shared/admin-registrations';
import { describe, expect, it } from 'vitest';
import { actionLabel, auditChanges } from './audit-trail';

const record = (overrides: Partial<AuditRecord>): AuditRecord => ({
  id: 'a1',
  actionType: 'PAYMENT_REFUND',
  transactionId: 't1',
  reason: 'Left the playa early',
  oldValues: null,
  newValues: null,
  adminUser: null,
  createdAt: '2026-03-09T10:00:00.000Z',
  ...overrides,
});

describe('audit values as people read them', () => {
  it('reads a check-in mark (docs/product.md §11 Check-in)', () => {
    const mark = record({
      actionType: 'SHIFT_ATTENDANCE',
      oldValues: { jobId: 'j1', job: 'Greeter (Morning, Monday)', attendance: null },
      newValues: { jobId: 'j1', job: 'Greeter (Morning, Monday)', attendance: 'NO_SHOW', previous: null },
    });
    expect(actionLabel(mark)).toBe('Shift attendance marked');
    expect(auditChanges(mark)).toContainEqual({
      key: 'attendance',
      label: 'Check-in',
      from: '—',
      to: 'No-show',
    });
  });

  it('shows money as dollars and payment codes as words', () => {
    expect(
      auditChanges({
        oldValues: { owed: 275 },
        newValues: { paymentId: 'p1', amount: 275, method: 'CHECK', reference: 'Check 1042', owed: 0 },
      }),
    ).toEqual([
      { key: 'owed', label: 'Owed', from: '$275.00', to: '$0.00' },
      { key: 'amount', label: 'Amount', from: '—', to: '$275.00' },
      { key: 'method', label: 'Method', from: '—', to: 'Check' },
      { key: 'reference', label: 'Reference', from: '—', to: 'Check 1042' },
    ]);
    expect(auditChanges({ oldValues: null, newValues: { method: 'BANK_TRANSFER' } })).toEqual([
      { key: 'method', label: 'Method', from: '—', to: 'Bank transfer' },
    ]);
  });

  it('says what became of a refund: asked for, refused with the reason, made', () => {
    const refused = record({
      oldValues: { paymentId: 'p1', status: 'COMPLETED', refundedAmount: 0 },
      newValues: {
        paymentId: 'p1',
        status: 'COMPLETED',
        refundedAmount: 0,
        refund: 125.5,
        refundStatus: 'FAILED',
        failureReason: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
      },
    });
    expect(actionLabel(refused)).toBe('Refund failed');
    expect(auditChanges(refused)).toEqual([
      { key: 'refund', label: 'Refund amount', from: '—', to: '$125.50' },
      { key: 'refundStatus', label: 'Refund', from: '—', to: 'Failed' },
      {
        key: 'failureReason',
        label: 'Why it failed',
        from: '—',
        to: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
      },
    ]);
    expect(actionLabel(record({ newValues: { refundStatus: 'PENDING' } }))).toBe('Refund requested');
    const made = record({
      oldValues: { status: 'COMPLETED', refundedAmount: 0 },
      newValues: {
        status: 'REFUNDED',
        refundedAmount: 125.5,
        refund: 125.5,
        refundStatus: 'SUCCEEDED',
        source: 'ADMIN',
      },
    });
    expect(actionLabel(made)).toBe('Payment refunded');
    expect(auditChanges(made).map((change) => [change.label, change.from, change.to])).toEqual([
      ['Status', 'COMPLETED', 'REFUNDED'],
      ['Refunded amount', '$0.00', '$125.50'],
      ['Refund amount', '—', '$125.50'],
      ['Refund', '—', 'Made'],
      ['Refunded from', '—', 'This site'],
    ]);
  });

  it('reads an acknowledged overlap as its pairs (docs/product.md §11)', () => {
    const ack = record({
      actionType: 'SHIFT_OVERLAP_ACK',
      newValues: {
        pairs: [
          {
            first: { jobId: 'j1', label: 'Gate — Morning (Monday, Aug 30, 09:00–13:00)' },
            second: { jobId: 'j2', label: 'Bar — Midday (Monday, Aug 30, 12:00–16:00)' },
          },
        ],
      },
    });
    expect(actionLabel(ack)).toBe('Overlapping shifts acknowledged');
    expect(auditChanges(ack)).toEqual([
      {
        key: 'pairs',
        label: 'Overlapping shifts',
        from: '—',
        to: 'Gate — Morning (Monday, Aug 30, 09:00–13:00) overlaps Bar — Midday (Monday, Aug 30, 12:00–16:00)',
      },
    ]);
  });
});
