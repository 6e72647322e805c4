import type { AuditRecord } from '@camp/shared/admin-registrations';
import { AUDIT_ACTION_LABELS, MANAGE_REGISTRATIONS_TEXTS as TEXTS } from './admin-registration-texts';

// The audit trail as the modal shows it (spec §4): records grouped by transaction, and per record the values
// that changed.

export interface AuditGroup {
  /** The transaction id, or the record's own id when it has none. */
  key: string;
  /** The record the transaction began with: its registration edit or cancel, else its earliest record. */
  first: AuditRecord;
  /** The other records of the same transaction, in the list's order. */
  related: AuditRecord[];
}

/** The records that start a transaction of the admin's desk; the others (shifts, options, refunds) follow. */
const LEADING_ACTIONS: readonly string[] = ['REGISTRATION_EDIT', 'REGISTRATION_CANCEL'];

/**
 * Groups records by transactionId (or their own id when null), newest group first (the list is newest
 * first). Records of one transaction share a time, so the list's order inside a group says nothing: each
 * group leads with the record that began it.
 */
export function groupAuditRecords(records: readonly AuditRecord[]): AuditGroup[] {
  const groups = new Map<string, AuditRecord[]>();
  for (const record of records) {
    const key = record.transactionId ?? record.id;
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return [...groups].map(([key, members]) => {
    const first =
      members.find((record) => LEADING_ACTIONS.includes(record.actionType)) ??
      (members.at(-1) as AuditRecord);
    return { key, first, related: members.filter((record) => record !== first) };
  });
}

export const actionLabel = (record: AuditRecord): string =>
  AUDIT_ACTION_LABELS[record.actionType] ?? record.actionType;

/** Who made the change: the admin's name, 'Deleted admin' once the account is gone. */
export function adminName(record: AuditRecord): string {
  if (!record.adminUser) return TEXTS.deletedAdmin;
  const name = [record.adminUser.firstName, record.adminUser.lastName].filter(Boolean).join(' ');
  return name || TEXTS.unnamedAdmin;
}

/** A value as the diff shows it: lists joined, nothing as '—'. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(auditValueText).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

/** 'campingOptionIds' → 'Camping option ids'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface AuditChange {
  key: string;
  label: string;
  from: string;
  to: string;
}

/** Record ids (jobId, campingOptionIds…): the records name what they hold, ids mean nothing to a reader. */
const ID_KEY = /(^id|Ids?)$/;

/** The keys whose old and new values differ (a list compared item by item), old keys first; ids left out. */
export function auditChanges(record: Pick<AuditRecord, 'oldValues' | 'newValues'>): AuditChange[] {
  const before = record.oldValues ?? {};
  const after = record.newValues ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !ID_KEY.test(key),
  );
  return keys
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) => ({
      key,
      label: fieldLabel(key),
      from: auditValueText(before[key]),
      to: auditValueText(after[key]),
    }));
}
