import {
  adminPasskeyRequired,
  dateInZone,
  PASSKEY_CHALLENGE_TTL_MINUTES,
  PASSKEY_MESSAGES,
  type Passkey,
  personName,
} from '@camp/shared';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema/index';
import type { Env } from '../../env';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/app-error';
import { escapeHtml } from '../../lib/escape';
import type { AuthService, Session } from '../auth/auth.service';
import type { ConfigService } from '../config/config.service';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { recordSecurityEvent } from '../security-events/security-events';

type ChallengeKind = 'REGISTER' | 'SIGN_IN';
type PasskeyRow = typeof passkeys.$inferSelect;

/** Why a passkey sign-in failed: recorded with the security event, never answered (one message for all). */
type SignInFailure =
  'malformed' | 'challenge' | 'unknown_credential' | 'verification' | 'counter' | 'no_user';

class SignInFailed extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly userId: string | null = null,
    cause?: unknown,
  ) {
    super(reason, cause === undefined ? undefined : { cause });
  }
}

interface PasskeysServiceDeps {
  db: Db;
  env: Env;
  now: () => Date;
  config: ConfigService;
  auth: AuthService;
  outbox: Pick<OutboxWorker, 'kick'>;
  log: FastifyBaseLogger;
}

function toPasskeyDto(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
  };
}

/** The challenge the browser signed, read from its client data; null when it is not there. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const clientData: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    if (typeof clientData !== 'object' || clientData === null || !('challenge' in clientData)) return null;
    return typeof clientData.challenge === 'string' && clientData.challenge !== ''
      ? clientData.challenge
      : null;
  } catch {
    return null;
  }
}

/** A time in a mail: '2026-11-27 10:15 UTC'. */
const mailTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Passkeys (docs/product.md §12 Passkeys, decision 061): WebAuthn credentials a person adds to their account and
 * signs in with, beside the e-mail code. The relying party is PUBLIC_URL: its hostname is the RP ID, its origin
 * the only origin an answer may come from. Challenges live in the database for 5 minutes and are used once.
 */
export class PasskeysService {
  readonly rpId: string;
  readonly origin: string;

  constructor(private readonly deps: PasskeysServiceDeps) {
    const url = new URL(deps.env.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  /** GET /passkeys: the caller's passkeys, oldest first. */
  async list(userId: string): Promise<Passkey[]> {
    const rows = await this.deps.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    return rows.map(toPasskeyDto);
  }

  /** POST /passkeys/registration-options: options for a new discoverable passkey of the caller. */
  async registrationOptions(user: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
  }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { db, config } = this.deps;
    const existing = await db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    const { campName } = await config.getPublic();
    const options = await generateRegistrationOptions({
      rpName: campName,
      rpID: this.rpId,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: personName(user),
      timeout: PASSKEY_CHALLENGE_TTL_MINUTES * 60_000,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
    });
    await this.storeChallenge(options.challenge, 'REGISTER', user.id);
    return options;
  }

  /** POST /passkeys: checks the browser's answer to the caller's options and keeps the new passkey. */
  async add(userId: string, name: string, response: RegistrationResponseJSON): Promise<Passkey> {
    const { db, now } = this.deps;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.consumeChallenge(db, challenge, 'REGISTER', userId))) {
      throw badRequest(PASSKEY_MESSAGES.notAdded);
    }
    let info;
    try {
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
      });
      if (!verification.verified) throw new Error('registration not verified');
      info = verification.registrationInfo;
    } catch (error) {
      this.deps.log.info({ err: error }, 'a passkey could not be added');
      throw badRequest(PASSKEY_MESSAGES.notAdded);
    }
    const { credential } = info;
    // Read before the transaction: the configuration is read on its own connection (one only on PGlite).
    const { campName } = await this.deps.config.getPublic();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(passkeys)
        .values({
          userId,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      // The same authenticator added twice (excludeCredentials normally stops it in the browser).
      if (!created) throw badRequest(PASSKEY_MESSAGES.notAdded);
      await recordSecurityEvent(tx, {
        type: 'passkey.added',
        subjectUserId: userId,
        details: { passkeyId: created.id, name },
      });
      await this.securityMail(tx, campName, userId, 'added', name, created.createdAt);
      return created;
    });
    this.deps.outbox.kick();
    return toPasskeyDto(row);
  }

  /** PATCH /passkeys/{id}: a new name for one of the caller's passkeys. */
  async rename(userId: string, passkeyId: string, name: string): Promise<Passkey> {
    return this.deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ name: passkeys.name })
        .from(passkeys)
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
        .for('update');
      if (!before) throw notFound(PASSKEY_MESSAGES.notFound);
      const [row] = await tx.update(passkeys).set({ name }).where(eq(passkeys.id, passkeyId)).returning();
      if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
      if (before.name !== name) {
        await recordSecurityEvent(tx, {
          type: 'passkey.renamed',
          subjectUserId: userId,
          details: { passkeyId, name: { old: before.name, new: name } },
        });
      }
      return toPasskeyDto(row);
    });
  }

  /** DELETE /passkeys/{id}: one of the caller's passkeys stops signing anyone in. */
  async remove(userId: string, passkeyId: string): Promise<void> {
    const { campName } = await this.deps.config.getPublic();
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
        .returning();
      if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
      await recordSecurityEvent(tx, {
        type: 'passkey.removed',
        subjectUserId: userId,
        details: { passkeyId, name: row.name },
      });
      await this.securityMail(tx, campName, userId, 'removed', row.name, this.deps.now());
    });
    this.deps.outbox.kick();
  }

  /** POST /auth/passkey-options: sign-in options with no allowed credentials (the passkey names its person). */
  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_MINUTES * 60_000,
    });
    await this.storeChallenge(options.challenge, 'SIGN_IN', null);
    return options;
  }

  /**
   * POST /auth/passkey-sign-in: checks the assertion (challenge used once, origin, RP ID, user verification,
   * signature, a counter that moved on) and opens a session as the e-mail code does. Every failure is one 401.
   */
  async signIn(response: AuthenticationResponseJSON, ip: string): Promise<Session> {
    const { auth, db } = this.deps;
    await auth.limitPasskeySignIn(ip);
    try {
      const user = await this.verifySignIn(response);
      return await auth.openPasskeySession(user, ip);
    } catch (error) {
      if (!(error instanceof SignInFailed)) throw error;
      this.deps.log.info({ err: error.cause, reason: error.reason }, 'passkey sign-in refused');
      await recordSecurityEvent(db, {
        type: 'sign_in.passkey_failed',
        actorUserId: null,
        subjectUserId: error.userId,
        ip,
        details: { reason: error.reason },
      });
      throw unauthorized(PASSKEY_MESSAGES.signInFailed);
    }
  }

  private async verifySignIn(response: AuthenticationResponseJSON) {
    const { db, now } = this.deps;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge) throw new SignInFailed('malformed');
    if (!(await this.consumeChallenge(db, challenge, 'SIGN_IN', null))) throw new SignInFailed('challenge');
    const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
    if (!passkey) throw new SignInFailed('unknown_credential');
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      if (!verification.verified) throw new Error('assertion not verified');
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      const reason = error instanceof Error && /counter/i.test(error.message) ? 'counter' : 'verification';
      throw new SignInFailed(reason, passkey.userId, error);
    }
    // The counter moves on in one statement: of two simultaneous sign-ins with one assertion, one wins; a counter
    // that did not grow (when the authenticator counts at all) is a cloned authenticator's.
    const [used] = await db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: now() })
      .where(
        and(
          eq(passkeys.id, passkey.id),
          or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
        ),
      )
      .returning({ id: passkeys.id });
    if (!used) throw new SignInFailed('counter', passkey.userId);
    const [user] = await db.select().from(users).where(eq(users.id, passkey.userId));
    if (!user) throw new SignInFailed('no_user', passkey.userId);
    return user;
  }

  /**
   * Whether an admin must be refused the admin area (docs/product.md §12 Passkeys): from the configured day on
   * (camp time zone), an admin with no passkey gets 403. Called by the admin-only guard.
   */
  async assertAdminMayEnter(userId: string): Promise<void> {
    const { adminPasskeysRequiredFrom, timeZone } = await this.deps.config.getPublic();
    if (!adminPasskeyRequired(adminPasskeysRequiredFrom, dateInZone(this.deps.now(), timeZone))) return;
    const [any] = await this.deps.db
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .limit(1);
    if (!any) throw forbidden(PASSKEY_MESSAGES.adminPasskeyRequired);
  }

  private async storeChallenge(challenge: string, kind: ChallengeKind, userId: string | null): Promise<void> {
    const { db, now } = this.deps;
    const current = now();
    // Stale challenges go as new ones come: the table holds only the last few minutes' worth.
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, current));
    await db.insert(webauthnChallenges).values({
      challenge,
      kind,
      userId,
      expiresAt: new Date(current.getTime() + PASSKEY_CHALLENGE_TTL_MINUTES * 60_000),
      createdAt: current,
    });
  }

  /**
   * Uses a challenge up: one DELETE … RETURNING, so that of two answers to one challenge (in any API process)
   * only one gets it. Expired, unknown, of the other kind or of another person: false.
   */
  private async consumeChallenge(
    db: DbOrTx,
    challenge: string,
    kind: ChallengeKind,
    userId: string | null,
  ): Promise<boolean> {
    const rows = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.kind, kind),
          gt(webauthnChallenges.expiresAt, this.deps.now()),
          userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        ),
      )
      .returning({ id: webauthnChallenges.id });
    return rows.length > 0;
  }

  /** The security mail of an added or removed passkey, in the change's transaction (through the outbox). */
  private async securityMail(
    tx: DbOrTx,
    campName: string,
    userId: string,
    change: 'added' | 'removed',
    name: string,
    at: Date,
  ): Promise<void> {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(500, 'Internal Server Error');
    const lines = [
      `A passkey named "${name}" was ${change} ${change === 'added' ? 'to' : 'from'} your ${campName} account on ${mailTime(at)}.`,
      '',
      'If this was not you, sign in and remove it, then sign out everywhere.',
    ];
    await enqueueMail(tx, {
      to: user.email,
      subject: `${campName}: a passkey was ${change} ${change === 'added' ? 'to' : 'from'} your account`,
      text: lines.join('\n'),
      html: lines
        .filter((line) => line !== '')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('\n'),
    });
  }
}
