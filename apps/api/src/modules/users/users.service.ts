import type { UpdateProfileInputSchema, User } from '@camp/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';

export type UserRow = typeof users.$inferSelect;
export type ProfileValues = z.output<typeof UpdateProfileInputSchema>;

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

export class UsersService {
  constructor(private readonly db: DbOrTx) {}

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

  async updateProfile(id: string, values: ProfileValues, db: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    if (!row) throw notFound('User not found');
    return row;
  }
}
