import {
  ADMIN_REGISTRATION_MESSAGES,
  type AdminRegistrationList,
  type AdminRegistrationSort,
  type AdminRegistrationsQueryValues,
  type AuditRecord,
  type RegistrationCampingOption,
} from '@camp/shared';
import { type AnyColumn, and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditRecords, registrations, shiftWaits, users, waitlistOffers } from '../../db/schema/index';
import { fullNameOf, likePattern } from '../../db/search';
import { notFound } from '../../lib/app-error';
import { toRegistrationDtos } from '../registrations/registrations.mapper';
import { selectRegistrations } from '../registrations/registrations.store';

const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * What each sortable column sorts by, as the table shows it: the name as 'first last' (the e-mail when the
 * profile has no name), ignoring case; the e-mail ignoring case; the year; the status as spelled; the
 * registered date.
 */
const SORT_KEYS: Record<AdminRegistrationSort, SQL | AnyColumn> = {
  name: sql`lower(coalesce(nullif(btrim(${fullNameOf}), ''), ${users.email}))`,
  email: sql`lower(${users.email})`,
  year: registrations.year,
  status: sql`${registrations.status}::text`,
  registered: registrations.createdAt,
};

/**
 * The admin's registration desk, its reads (docs/product.md §2 Manage Registrations, §7). The registrations themselves
 * come from the registration module's store and mapper, the same as GET /registrations.
 */
export class AdminRegistrationsService {
  private readonly db: Db;

  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  /**
   * GET /admin/registrations: one page in the order asked for (then newest registered first, then by id, so
   * pages never overlap), with the filtered total and the status counts of the same registrations. Six queries
   * whatever the page size: the counts, the page's ids, and the four of selectRegistrations for those ids.
   */
  async list(query: AdminRegistrationsQueryValues): Promise<AdminRegistrationList> {
    const { page, limit } = query;
    const filters = this.filters(query);
    const direction = query.order === 'asc' ? asc : desc;
    const [[counts], pageRows] = await Promise.all([
      this.db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          confirmed: counted(eq(registrations.status, 'CONFIRMED')),
          pending: counted(eq(registrations.status, 'PENDING')),
          waitlisted: counted(eq(registrations.status, 'WAITLISTED')),
          cancelled: counted(eq(registrations.status, 'CANCELLED')),
          // Offers, not people: a registration's open camping offer (at most one) and each open shift offer
          // (decision 052), as the Waitlist screen's total counts them.
          openOffers: sql<number>`coalesce(sum(
            (exists (select 1 from ${waitlistOffers} where ${waitlistOffers.registrationId} = ${registrations.id} and ${waitlistOffers.state} = 'OPEN'))::int
            + (select count(*) from ${shiftWaits} where ${shiftWaits.registrationId} = ${registrations.id} and ${shiftWaits.state} = 'OFFERED')
          ), 0)`.mapWith(Number),
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(filters),
      this.db
        .select({ id: registrations.id })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(filters)
        .orderBy(direction(SORT_KEYS[query.sort]), desc(registrations.createdAt), desc(registrations.id))
        .limit(limit)
        .offset((page - 1) * limit),
    ]);
    const ids = pageRows.map((row) => row.id);
    const selected =
      ids.length === 0 ? undefined : await selectRegistrations(this.db, inArray(registrations.id, ids));
    // The store answers newest year first; the desk wants the page's order (registered date, newest first).
    const position = new Map(ids.map((id, index) => [id, index]));
    const list = selected
      ? toRegistrationDtos({
          ...selected,
          rows: [...selected.rows].sort(
            (a, b) => (position.get(a.registration.id) ?? 0) - (position.get(b.registration.id) ?? 0),
          ),
        })
      : [];
    return {
      registrations: list,
      total: counts?.total ?? 0,
      page,
      limit,
      counts: {
        total: counts?.total ?? 0,
        confirmed: counts?.confirmed ?? 0,
        pending: counts?.pending ?? 0,
        waitlisted: counts?.waitlisted ?? 0,
        cancelled: counts?.cancelled ?? 0,
        openOffers: counts?.openOffers ?? 0,
      },
    };
  }

  /** GET /admin/registrations/{id}/camping-options: the registration's options, by name. */
  async campingOptions(registrationId: string): Promise<RegistrationCampingOption[]> {
    const [registration] = toRegistrationDtos(
      await selectRegistrations(this.db, eq(registrations.id, registrationId)),
    );
    if (!registration) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
    return registration.campingOptions;
  }

  /** GET /admin/registrations/{id}/audit-trail: newest first, with the admin's name (null once deleted). */
  async auditTrail(registrationId: string): Promise<AuditRecord[]> {
    const [registration] = await this.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    if (!registration) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
    const rows = await this.db
      .select({ record: auditRecords, adminFirstName: users.firstName, adminLastName: users.lastName })
      .from(auditRecords)
      .leftJoin(users, eq(users.id, auditRecords.adminUserId))
      .where(eq(auditRecords.registrationId, registrationId))
      .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id));
    return rows.map(({ record, adminFirstName, adminLastName }) => ({
      id: record.id,
      transactionId: record.transactionId,
      actionType: record.actionType,
      adminUser: record.adminUserId === null ? null : { firstName: adminFirstName, lastName: adminLastName },
      createdAt: record.createdAt.toISOString(),
      reason: record.reason,
      oldValues: asValues(record.oldValues),
      newValues: asValues(record.newValues),
    }));
  }

  /** Year, status, e-mail, name and the search box (name or e-mail), all of them at once. */
  private filters(query: AdminRegistrationsQueryValues): SQL | undefined {
    const conditions: SQL[] = [];
    if (query.year !== undefined) conditions.push(eq(registrations.year, query.year));
    if (query.status !== undefined) conditions.push(eq(registrations.status, query.status));
    if (query.email) conditions.push(ilike(users.email, likePattern(query.email)));
    if (query.name) conditions.push(nameMatches(query.name));
    if (query.q) {
      const either = or(nameMatches(query.q), ilike(users.email, likePattern(query.q)));
      if (either) conditions.push(either);
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  }
}

/** Part of the first, last or playa name, or of 'first last', ignoring case. */
function nameMatches(text: string): SQL {
  const pattern = likePattern(text);
  return (
    or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.playaName, pattern),
      sql`${fullNameOf} ilike ${pattern}`,
    ) ?? sql`false`
  );
}

/** Stored old/new values: an object, or null (anything else is not ours and is left out). */
function asValues(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
