import type { AuditActionType } from '@camp/shared';
import type { DbOrTx } from '../../db/client';
import { auditRecords } from '../../db/schema/index';

/** One audit record (docs/product.md §3 Audit record, docs/architecture.md §6), written in the transaction of its change. */
export interface AuditEntry {
  actionType: AuditActionType;
  /** Groups the records of one admin action. */
  transactionId: string;
  adminUserId: string | null;
  registrationId: string | null;
  reason?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
}

export async function recordAudit(tx: DbOrTx, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditRecords).values(
    entries.map((entry) => ({
      ...entry,
      reason: entry.reason ?? null,
      oldValues: entry.oldValues ?? null,
      newValues: entry.newValues ?? null,
    })),
  );
}
