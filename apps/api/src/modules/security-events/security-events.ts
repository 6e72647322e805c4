import type { SecurityEventType } from '@camp/shared';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { securityEvents } from '../../db/schema/index';

/*
 * Security events (checklist S19, decision 022): sign-in and session events, and admin changes outside
 * registrations and payments (those are `audit_records`), of the types SECURITY_EVENT_TYPES (@camp/shared).
 * Written in the transaction of their change where there is one; the table refuses UPDATE and DELETE
 * (migration 0004). The admin's read is SecurityEventsService.
 */

export interface SecurityEvent {
  type: SecurityEventType;
  /** Defaults to the signed-in caller of the current request. */
  actorUserId?: string | null;
  subjectUserId?: string | null;
  email?: string | null;
  /** Defaults to the client address of the current request. */
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

// ---- The request an event is recorded for ----------------------------------------------------------------

const currentRequest = new AsyncLocalStorage<FastifyRequest>();

/**
 * Makes the request (its client address and, once authenticated, its caller) known to the event writer for the
 * rest of its handling, so services record who did what without every route passing it down. Entered on
 * preHandler, after the body was read (stream callbacks would lose the context) and after the route's guard, which
 * runs on onRequest.
 */
export function registerSecurityEventContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    currentRequest.run(request, done);
  });
}

export async function recordSecurityEvent(db: DbOrTx, ...events: SecurityEvent[]): Promise<void> {
  if (events.length === 0) return;
  const request = currentRequest.getStore();
  await db.insert(securityEvents).values(
    events.map((event) => ({
      type: event.type,
      actorUserId: event.actorUserId !== undefined ? event.actorUserId : (request?.currentUser?.id ?? null),
      subjectUserId: event.subjectUserId ?? null,
      email: event.email ?? null,
      ip: event.ip !== undefined ? event.ip : (request?.ip ?? null),
      details: event.details ?? null,
    })),
  );
}

// ---- Admin changes: which fields changed, from what to what ------------------------------------------------

/** Columns never recorded: bookkeeping, or counters the registrations move (not an admin's change). */
const IGNORED = new Set(['createdAt', 'updatedAt', 'currentRegistrations', 'countedYear']);
/** Secrets (and password hashes) show only whether they are set: their values never reach the table. */
const SECRET = /secret|password|encrypted|apikey/i;
export const REDACTED = '[redacted]';

type Row = Record<string, unknown>;

function recorded(key: string, value: unknown): unknown {
  if (SECRET.test(key)) return value === null || value === undefined || value === '' ? null : REDACTED;
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/** A row as recorded: bookkeeping columns left out, secrets redacted, dates as ISO strings. */
export function recordedRow(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !IGNORED.has(key))
      .map(([key, value]) => [key, recorded(key, value)]),
  );
}

/**
 * The fields that differ between two versions of a row, each with its old and new value (secrets redacted;
 * a secret that was replaced shows as changed even when both sides read "[redacted]").
 */
export function changedFields(before: Row, after: Row): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED.has(key)) continue;
    const [oldValue, newValue] = [before[key], after[key]];
    const same =
      JSON.stringify(oldValue instanceof Date ? oldValue.toISOString() : oldValue) ===
      JSON.stringify(newValue instanceof Date ? newValue.toISOString() : newValue);
    if (!same) changes[key] = { old: recorded(key, oldValue), new: recorded(key, newValue) };
  }
  return changes;
}

/** The event of an admin creating, changing or deleting a record: its id and what it was / became. */
export function changeEvent(
  type: SecurityEventType,
  change: { id: string; before?: Row | undefined; after?: Row | undefined; subjectUserId?: string },
): SecurityEvent {
  const { id, before, after } = change;
  let details: Record<string, unknown>;
  if (before && after) details = { id, changes: changedFields(before, after) };
  else if (after) details = { id, new: recordedRow(after) };
  else details = { id, old: before ? recordedRow(before) : null };
  return { type, subjectUserId: change.subjectUserId ?? null, details };
}
