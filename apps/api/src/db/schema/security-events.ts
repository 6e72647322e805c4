import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Sign-in and session events and admin changes outside registrations (checklist S19, decision 022).
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0004). No foreign keys, so deleting a user
 * neither blocks on nor removes its events; the ids stay as they were.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    /** What happened: one of SECURITY_EVENT_TYPES (@camp/shared). */
    type: text('type').notNull(),
    /** Who did it (the signed-in caller), if anyone. */
    actorUserId: uuid('actor_user_id'),
    /** Whose account or record it concerns, when that is a person. */
    subjectUserId: uuid('subject_user_id'),
    /** The address concerned (sign-in events name it even when no account exists). */
    email: text('email'),
    /** The client address of the request. */
    ip: text('ip'),
    /** The rest: reason, changed fields with old and new values (secrets redacted), counts. */
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_created_idx').on(t.createdAt),
    index('security_events_type_idx').on(t.type, t.createdAt),
    index('security_events_email_idx').on(t.email, t.createdAt),
  ],
);
