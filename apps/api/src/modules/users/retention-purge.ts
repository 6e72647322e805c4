import { RETENTION_DAYS, RETENTION_PURGE_INTERVAL_HOURS } from '@camp/shared';
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  loginCodes,
  rateLimitCounters,
  refreshTokens,
  securityEvents,
  webauthnChallenges,
} from '../../db/schema/index';
import { PollingWorker } from '../../lib/polling-worker';
import { allowSecurityEventsUpkeep } from './my-data.service';

const DAY_MS = 24 * 3600 * 1000;

/** The day's claim: a fixed-window counter (one window a day) whose first hit does the purge. */
export const RETENTION_PURGE_KEY = 'upkeep:retention-purge';

export interface PurgeCounts {
  loginCodes: number;
  refreshTokens: number;
  webauthnChallenges: number;
  securityEvents: number;
}

/**
 * The retention purge (docs/security.md "Retention", decision 063): sign-in codes expired more than a day ago,
 * refresh tokens expired or revoked more than 30 days ago, expired WebAuthn challenges and security events older
 * than a year. Once a day whatever the number of processes: the transaction first counts a hit on the day's
 * window of `rate_limit_counters` (key RETENTION_PURGE_KEY); only the hit that makes it 1 purges, in the same
 * transaction, so a purge that fails leaves the day unclaimed for the next try, and a restart does not purge
 * again. Answers the counts, or null when the day's purge was already done.
 */
export async function purgeExpired(db: Db, now: Date): Promise<PurgeCounts | null> {
  const windowMs = RETENTION_PURGE_INTERVAL_HOURS * 3600 * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(rateLimitCounters)
      .values({ key: RETENTION_PURGE_KEY, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    if (claim?.hits !== 1) return null;

    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const codes = await tx
      .delete(loginCodes)
      .where(lt(loginCodes.expiresAt, ago(RETENTION_DAYS.loginCodes)))
      .returning({ id: loginCodes.id });
    const tokenLimit = ago(RETENTION_DAYS.refreshTokens);
    const tokens = await tx
      .delete(refreshTokens)
      .where(
        or(
          lt(refreshTokens.expiresAt, tokenLimit),
          and(isNotNull(refreshTokens.revokedAt), lt(refreshTokens.revokedAt, tokenLimit)),
        ),
      )
      .returning({ id: refreshTokens.id });
    const challenges = await tx
      .delete(webauthnChallenges)
      .where(lt(webauthnChallenges.expiresAt, ago(RETENTION_DAYS.webauthnChallenges)))
      .returning({ id: webauthnChallenges.id });
    await allowSecurityEventsUpkeep(tx);
    const events = await tx
      .delete(securityEvents)
      .where(lt(securityEvents.createdAt, ago(RETENTION_DAYS.securityEvents)))
      .returning({ id: securityEvents.id });
    return {
      loginCodes: codes.length,
      refreshTokens: tokens.length,
      webauthnChallenges: challenges.length,
      securityEvents: events.length,
    };
  });
}

export interface RetentionPurgeWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** How often a process asks whether the day's purge is still to do (ms); an hour by default. */
  pollMs?: number;
}

/** Runs the day's purge in whichever process asks first after the day begins (docs/architecture.md §9). */
export class RetentionPurgeWorker extends PollingWorker<PurgeCounts | null> {
  private readonly now: () => Date;

  constructor(private readonly options: RetentionPurgeWorkerOptions) {
    super(options.pollMs ?? 3600_000, options.log, 'Retention purge');
    this.now = options.now ?? (() => new Date());
  }

  protected async run(): Promise<PurgeCounts | null> {
    const counts = await purgeExpired(this.options.db, this.now());
    if (counts) this.options.log.info({ purged: counts }, 'Retention purge done');
    return counts;
  }
}
