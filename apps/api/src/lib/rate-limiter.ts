import { and, eq, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema/index';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
  /** Hits counted in the window so far (this one included). */
  hits: number;
}

/**
 * Fixed-window counters shared by every API process: in Redis when REDIS_URL is set, else in the database.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Whether the window still has room (fewer than `limit` hits), without counting a hit. */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
}

function windowOf(now: Date, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.now();
    const { start, retryAfterSeconds } = windowOf(now, windowSeconds);
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, windowStart: new Date(start), hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    // Old windows are useless: drop them now and then, off the caller's path.
    if (Math.random() < 0.01) {
      void this.db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStart, new Date(start - 24 * 3600 * 1000)))
        .catch(() => undefined);
    }
    return { allowed: (row?.hits ?? 1) <= limit, retryAfterSeconds, hits: row?.hits ?? 1 };
  }

  async peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const { start, retryAfterSeconds } = windowOf(this.now(), windowSeconds);
    const [row] = await this.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, new Date(start))));
    return { allowed: (row?.hits ?? 0) < limit, retryAfterSeconds, hits: row?.hits ?? 0 };
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => Date,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const { start, retryAfterSeconds } = windowOf(this.now(), windowSeconds);
    const redisKey = `camp:rl:${key}:${start}`;
    const results = await this.redis
      .multi()
      .incr(redisKey)
      .expire(redisKey, windowSeconds + 60)
      .exec();
    const hits = Number(results?.[0]?.[1] ?? 1);
    return { allowed: hits <= limit, retryAfterSeconds, hits };
  }

  async peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const { start, retryAfterSeconds } = windowOf(this.now(), windowSeconds);
    const hits = Number((await this.redis.get(`camp:rl:${key}:${start}`)) ?? 0);
    return { allowed: hits < limit, retryAfterSeconds, hits };
  }
}
