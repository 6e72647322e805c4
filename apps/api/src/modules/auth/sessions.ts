import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';
import { recordSecurityEvent } from '../security-events/security-events';

/**
 * Revokes the live sessions (refresh-token families) the condition picks; their access tokens are refused
 * from the next request on (plugins/auth.ts). Answers how many sessions ended.
 */
export async function revokeSessions(db: DbOrTx, which: SQL, at: Date): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(which, isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return new Set(revoked.map((row) => row.familyId)).size;
}

/**
 * Ends every session of a person: "sign out everywhere" (type session.logout_all, the person themself) or
 * an admin's "end sessions" (session.ended_by_admin). Answers how many sessions ended (0 is fine).
 */
export async function endSessionsOf(
  db: Db,
  userId: string,
  type: 'session.logout_all' | 'session.ended_by_admin',
  at: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await revokeSessions(tx, eq(refreshTokens.userId, userId), at);
    await recordSecurityEvent(tx, { type, subjectUserId: userId, details: { sessionsEnded: ended } });
    return ended;
  });
}
