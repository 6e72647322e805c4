import type { AuditRecord } from '@camp/shared/admin-registrations';
import { describe, expect, it } from 'vitest';
import { auditChanges, fieldLabel, groupAuditRecords } from './audit-trail';
import { placesLeftText } from './edit-choices';
import { editFormValues, hasEditChanges, toCancelInput, toUpdateInput } from './registration-forms';

const record = (
  id: string,
  transactionId: string | null,
  actionType: AuditRecord['actionType'] = 'REGISTRATION_EDIT',
): AuditRecord => ({
  id,
  transactionId,
  actionType,
  adminUser: null,
  createdAt: '2026-03-05T18:30:00.000Z',
  reason: null,
  oldValues: null,
  newValues: null,
});

describe('the audit trail', () => {
  it('groups by transaction id, or by the record itself without one, in list order', () => {
    const groups = groupAuditRecords([
      record('a', 'tx-1'),
      record('b', null),
      record('c', 'tx-1'),
      record('d', null),
    ]);
    expect(groups.map((group) => [group.first.id, group.related.map((item) => item.id)])).toEqual([
      ['a', ['c']],
      ['b', []],
      ['d', []],
    ]);
  });

  it('leads each group with the edit or cancel that began it, else with its earliest record', () => {
    const groups = groupAuditRecords([
      record('r', 'tx-2', 'PAYMENT_REFUND'),
      record('w', 'tx-2', 'WORK_SHIFT_REMOVE'),
      record('c', 'tx-2', 'REGISTRATION_CANCEL'),
      record('p2', 'tx-3', 'PAYMENT_REFUND'),
      record('p1', 'tx-3', 'PAYMENT_REFUND'),
    ]);
    expect(groups.map((group) => [group.first.id, group.related.map((item) => item.id)])).toEqual([
      ['c', ['r', 'w']],
      ['p1', ['p2']],
    ]);
  });

  it('lists the keys whose values differ, lists joined and nothing as a dash', () => {
    expect(
      auditChanges({
        oldValues: {
          status: 'PENDING',
          jobIds: ['j1', 'j2'],
          jobs: ['Dishes', 'Gate'],
          notes: null,
          same: [1, 2],
        },
        newValues: {
          status: 'CONFIRMED',
          jobIds: ['j2'],
          jobs: ['Gate'],
          same: [1, 2],
          sendNotification: true,
        },
      }),
    ).toEqual([
      { key: 'status', label: 'Status', from: 'PENDING', to: 'CONFIRMED' },
      { key: 'jobs', label: 'Jobs', from: 'Dishes, Gate', to: 'Gate' },
      { key: 'sendNotification', label: 'Send notification', from: '—', to: 'Yes' },
    ]);
    // An item record: its name shows, its id does not.
    expect(
      auditChanges({ oldValues: { jobId: 'j1', name: 'Dishes (Lunch, Monday)' }, newValues: null }),
    ).toEqual([{ key: 'name', label: 'Name', from: 'Dishes (Lunch, Monday)', to: '—' }]);
    expect(auditChanges({ oldValues: null, newValues: null })).toEqual([]);
    expect(fieldLabel('campingOptionIds')).toBe('Camping option ids');
  });
});

describe('the edit and cancel bodies', () => {
  const registration = {
    status: 'CONFIRMED' as const,
    jobs: [{ job: { id: 'j1' } }, { job: { id: 'j2' } }] as never,
  };

  it('counts a change of status, shifts or options, not of notes or order', () => {
    const initial = editFormValues(registration, ['o1']);
    expect(hasEditChanges({ ...initial, notes: 'x', sendNotification: true }, initial)).toBe(false);
    expect(hasEditChanges({ ...initial, jobIds: ['j2', 'j1'] }, initial)).toBe(false);
    expect(hasEditChanges({ ...initial, jobIds: ['j1'] }, initial)).toBe(true);
    expect(hasEditChanges({ ...initial, campingOptionIds: [] }, initial)).toBe(true);
    expect(hasEditChanges({ ...initial, status: 'PENDING' }, initial)).toBe(true);
  });

  it('sends only what changed, the notes when given, and the notification flag', () => {
    const initial = editFormValues(registration, ['o1']);
    expect(toUpdateInput({ ...initial, campingOptionIds: ['o2'], notes: '  ' }, initial)).toEqual({
      campingOptionIds: ['o2'],
      sendNotification: false,
    });
    expect(
      toCancelInput({ reason: ' Moved away ', sendNotification: false, processRefund: true }, false),
    ).toEqual({
      reason: 'Moved away',
      sendNotification: false,
      processRefund: false,
    });
  });

  it('says how many places are left', () => {
    expect(placesLeftText(3, 10)).toBe('3 of 10 places left');
    expect(placesLeftText(-2, 1)).toBe('0 of 1 place left');
  });
});
