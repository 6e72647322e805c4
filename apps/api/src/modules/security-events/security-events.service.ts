import type { SecurityEventList, SecurityEventsQueryValues } from '@camp/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { securityEvents } from '../../db/schema/index';

/** The security events as admins read them (decision 022); the writer is recordSecurityEvent. */
export class SecurityEventsService {
  constructor(private readonly db: Db) {}

  /** GET /admin/security-events: one page, newest first, with the number of events matching the filters. */
  async list(query: SecurityEventsQueryValues): Promise<SecurityEventList> {
    const { type, email, page, limit } = query;
    const filters: SQL[] = [];
    if (type) filters.push(eq(securityEvents.type, type));
    if (email) filters.push(eq(securityEvents.email, email));
    const where = and(...filters);
    const rows = await this.db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [matched] = await this.db.select({ total: count() }).from(securityEvents).where(where);
    return {
      events: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total: matched?.total ?? 0,
      page,
      limit,
    };
  }
}
