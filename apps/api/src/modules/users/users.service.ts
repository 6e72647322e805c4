import {
  AdminUpdateOwnUserInputSchema,
  AdminUpdateUserInputSchema,
  type AdminUpdateUserValues,
  type CreateUserValues,
  UpdateProfileInputSchema,
  USER_ADMIN_MESSAGES,
  type User,
} from '@camp/shared';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { payments, registrations, users } from '../../db/schema/index';
import { fullNameOf, likePattern } from '../../db/search';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { endSessionsOf } from '../auth/sessions';
import { hashPassword } from './password';
import { changeEvent, recordSecurityEvent } from '../security-events/security-events';

export type UserRow = typeof users.$inferSelect;
export type ProfileValues = z.output<typeof UpdateProfileInputSchema>;

/** Serialises changes that can remove an admin, so two of them can never leave the camp with none. */
const ADMIN_ROLE_LOCK_KEY = 7_240_115;

/** A user as the API shows it; internal notes only to admins, the password hash never. */
export function toUserDto(row: UserRow, viewerIsAdmin: boolean): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    playaName: row.playaName,
    profilePicture: row.profilePicture,
    role: row.role,
    isEmailVerified: row.isEmailVerified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    phone: row.phone,
    city: row.city,
    stateProvince: row.stateProvince,
    country: row.country,
    emergencyContact: row.emergencyContact,
    allowRegistration: row.allowRegistration,
    allowEarlyRegistration: row.allowEarlyRegistration,
    allowDeferredDuesPayment: row.allowDeferredDuesPayment,
    allowNoJob: row.allowNoJob,
    internalNotes: viewerIsAdmin ? row.internalNotes : null,
  };
}

/**
 * Validates a body against the schema the caller's role calls for, answering 400 with the rule messages
 * the same way route validation does (docs/architecture.md §5).
 */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest([...new Set(result.error.issues.map((issue) => issue.message))]);
  return result.data;
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async findById(id: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row;
  }

  async getById(id: string): Promise<UserRow> {
    const row = await this.findById(id);
    if (!row) throw notFound('User not found');
    return row;
  }

  /**
   * POST /users/{id}/end-sessions (admin): every session of the person ends, their access tokens and refresh
   * cookies stop working at once. Answers how many sessions ended (0 for a person without sessions).
   */
  async endSessions(id: string): Promise<number> {
    const user = await this.getById(id);
    return endSessionsOf(this.db, user.id, 'session.ended_by_admin', this.now());
  }

  async updateProfile(id: string, values: ProfileValues, db: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    if (!row) throw notFound('User not found');
    return row;
  }

  /** GET /users: everyone, or those whose name, playa name or e-mail contains the search, by name. */
  async list(search?: string): Promise<UserRow[]> {
    const pattern = search ? likePattern(search) : undefined;
    return this.db
      .select()
      .from(users)
      .where(
        pattern
          ? or(
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(users.playaName, pattern),
              ilike(users.email, pattern),
              sql`${fullNameOf} ilike ${pattern}`,
            )
          : undefined,
      )
      .orderBy(
        sql`lower(${users.firstName}) asc nulls last`,
        sql`lower(${users.lastName}) asc nulls last`,
        asc(users.email),
      );
  }

  /** POST /users: an account made by an admin (not yet verified: its owner has not signed in). */
  async create(input: CreateUserValues): Promise<UserRow> {
    const { password, internalNotes: _disabled, ...fields } = input;
    const passwordHash = password ? await hashPassword(password) : null;
    // The lower(email) unique index decides, so two simultaneous creates cannot both succeed.
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...fields, passwordHash })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(USER_ADMIN_MESSAGES.emailTaken);
      await recordSecurityEvent(
        tx,
        changeEvent('user.created', { id: row.id, after: row, subjectUserId: row.id }),
      );
      return row;
    });
  }

  /**
   * PUT /users/{id}. A non-admin changes only their own profile (profile fields, today's rules). An admin
   * changes anyone's profile, e-mail, role and flags; on their own record the profile rules still apply.
   */
  async updateBy(caller: UserRow, id: string, body: unknown): Promise<UserRow> {
    if (caller.role !== 'ADMIN') {
      if (caller.id !== id) throw forbidden('You can only change your own profile.');
      return this.updateProfile(id, parseBody(UpdateProfileInputSchema, body));
    }
    const schema = caller.id === id ? AdminUpdateOwnUserInputSchema : AdminUpdateUserInputSchema;
    return this.adminUpdate(id, parseBody(schema, body));
  }

  private async adminUpdate(id: string, input: AdminUpdateUserValues): Promise<UserRow> {
    const { internalNotes: _disabled, ...changes } = input;
    return this.db.transaction(async (tx) => {
      const current = await this.findById(id, tx);
      if (!current) throw notFound('User not found');
      if (current.role === 'ADMIN' && changes.role !== undefined && changes.role !== 'ADMIN') {
        await this.assertAnotherAdmin(tx, USER_ADMIN_MESSAGES.cannotDemoteLastAdmin);
      }
      const values: Partial<typeof users.$inferInsert> = { ...changes };
      if (changes.email !== undefined && changes.email !== current.email.toLowerCase()) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${changes.email}`, ne(users.id, id)));
        if (taken) throw conflict(USER_ADMIN_MESSAGES.emailTaken);
        // The new address has not proved itself by a sign-in yet.
        values.isEmailVerified = false;
      }
      if (Object.keys(values).length === 0) return current;
      try {
        const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
        if (!row) throw notFound('User not found');
        await recordSecurityEvent(
          tx,
          changeEvent('user.updated', { id, before: current, after: row, subjectUserId: id }),
        );
        return row;
      } catch (error) {
        // A simultaneous change took the address between the check and the update.
        if (isUniqueViolation(error)) throw conflict(USER_ADMIN_MESSAGES.emailTaken);
        throw error;
      }
    });
  }

  /**
   * DELETE /users/{id}. Refused for yourself, for the last admin, and for anyone with registrations or
   * payments (they are the camp's records; the foreign keys refuse it too).
   */
  async remove(callerId: string, id: string): Promise<void> {
    if (callerId === id) throw conflict(USER_ADMIN_MESSAGES.cannotDeleteSelf);
    await this.db.transaction(async (tx) => {
      const target = await this.findById(id, tx);
      if (!target) throw notFound('User not found');
      if (target.role === 'ADMIN')
        await this.assertAnotherAdmin(tx, USER_ADMIN_MESSAGES.cannotDeleteLastAdmin);
      const [registration] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.userId, id))
        .limit(1);
      const [payment] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.userId, id))
        .limit(1);
      if (registration || payment) throw conflict(USER_ADMIN_MESSAGES.hasRegistrationsOrPayments);
      await tx.delete(users).where(eq(users.id, id));
      await recordSecurityEvent(tx, changeEvent('user.deleted', { id, before: target, subjectUserId: id }));
    });
  }

  /** Refuses (409) unless more than one admin exists; holds the admin-role lock until the transaction ends. */
  async assertAnotherAdmin(tx: Tx, message: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLE_LOCK_KEY})`);
    const [admins] = await tx.select({ total: count() }).from(users).where(eq(users.role, 'ADMIN'));
    if ((admins?.total ?? 0) <= 1) throw conflict(message);
  }
}
