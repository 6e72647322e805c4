import type { AuditRecord } from '@camp/shared/admin-registrations';
import {
  formatDollars,
  MANUAL_PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  SHIFT_OVERLAP_MESSAGES,
} from '@camp/shared/rules';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_REFUND_LABELS,
  AUDIT_VALUE_LABELS,
  MANAGE_REGISTRATIONS_TEXTS as TEXTS,
} from './admin-registration-texts';

// The audit trail as the modal shows it (docs/product.md §4): records grouped by transaction, and per record the values
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

/** The action as people read it; a refund says whether it was asked for, refused or made. */
export function actionLabel(record: AuditRecord): string {
  if (record.actionType === 'PAYMENT_REFUND') {
    const state = record.newValues?.['refundStatus'];
    if (state === 'PENDING' || state === 'FAILED') return AUDIT_REFUND_LABELS[state];
  }
  return AUDIT_ACTION_LABELS[record.actionType] ?? record.actionType;
}

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

/** Keys whose numbers are dollars: shown as money ('$275.00'). */
const MONEY_KEYS: ReadonlySet<string> = new Set(['amount', 'refund', 'refundedAmount', 'owed']);

/** Keys whose values are codes, with the words people read for them ('CHECK' → 'Check'). */
const CODE_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  method: MANUAL_PAYMENT_METHOD_LABELS,
  provider: PAYMENT_PROVIDER_LABELS,
  ...AUDIT_VALUE_LABELS,
};

/** A label of one job of an overlapping pair as SHIFT_OVERLAP_ACK stores it ({ jobId, label }). */
const pairJobLabel = (job: unknown): string | null =>
  typeof job === 'object' && job !== null && typeof (job as { label?: unknown }).label === 'string'
    ? (job as { label: string }).label
    : null;

/**
 * SHIFT_OVERLAP_ACK's pairs (docs/product.md §11) as the admin's warning words them: 'A overlaps B', one after the
 * other; null when the value is not such a list.
 */
function overlapPairsText(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const texts = value.map((pair: unknown) => {
    if (typeof pair !== 'object' || pair === null) return null;
    const first = pairJobLabel((pair as { first?: unknown }).first);
    const second = pairJobLabel((pair as { second?: unknown }).second);
    return first && second ? SHIFT_OVERLAP_MESSAGES.pair(first, second) : null;
  });
  return texts.every((text) => text !== null) && texts.length > 0 ? texts.join('; ') : null;
}

/** A value of `key` as people read it: money as dollars, codes as words, else as `auditValueText`. */
export function auditFieldText(key: string, value: unknown): string {
  if (typeof value === 'number' && MONEY_KEYS.has(key)) return formatDollars(value);
  if (key === 'pairs') {
    const pairs = overlapPairsText(value);
    if (pairs) return pairs;
  }
  if (typeof value === 'string') {
    const words = CODE_WORDS[key]?.[value];
    if (words) return words;
  }
  return auditValueText(value);
}

/** 'campingOptionIds' → 'Camping option ids'; a few keys have words of their own ('refund' → 'Refund amount'). */
export function fieldLabel(key: string): string {
  const own = AUDIT_FIELD_LABELS[key];
  if (own) return own;
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
      from: auditFieldText(key, before[key]),
      to: auditFieldText(key, after[key]),
    }));
}
