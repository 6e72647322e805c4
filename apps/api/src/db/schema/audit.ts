import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { auditActionType } from './enums';
import { registrations } from './registrations';
import { users } from './users';

export const auditRecords = pgTable(
  'audit_records',
  {
    id: id(),
    /** Groups the records written by one admin action. */
    transactionId: uuid('transaction_id'),
    actionType: auditActionType('action_type').notNull(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_records_registration_idx').on(t.registrationId, t.createdAt),
    index('audit_records_transaction_idx').on(t.transactionId),
  ],
);
