import {
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MINUTES,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_OTHER_BROWSER,
  signInLinkMailNote,
} from '@camp/shared';
import { and, desc, eq, gt, gte, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { loginCodes, refreshTokens, users } from '../../db/schema/index';
import type { Env } from '../../env';
import {
  AppError,
  type AppErrorCode,
  badRequest,
  forbidden,
  tooManyRequests,
  unauthorized,
} from '../../lib/app-error';
import { deriveKey, hmacHex, randomDigits, randomToken, safeEqualHex, sha256Hex } from '../../lib/crypto';
import { escapeHtml } from '../../lib/escape';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { AccessTokens } from '../../lib/tokens';
import type { ConfigService } from '../config/config.service';
import type { MailService } from '../mail/mail.service';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { recordSecurityEvent } from '../security-events/security-events';
import { endSessionsOf, revokeSessions } from './sessions';
import type { UserRow, UsersService } from '../users/users.service';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** However often it is refreshed, a session (a refresh family) ends this long after its sign-in (S10, S14). */
export const SESSION_MAX_SECONDS = 90 * 24 * 3600;
/** A rotated refresh token sent again this soon is a race between two tabs, not theft. */
const REFRESH_REUSE_GRACE_MS = 30_000;
const RATE_WINDOW_SECONDS = 15 * 60;
/**
 * Live codes an address may hold at once. A new code voids the older ones asked for from the same IP, not
 * the others' (decision 020): someone asking for codes for another person's address cannot void theirs.
 */
export const LIVE_CODES_MAX = 5;
/** One address may be sent this many times the per-(address, IP) limit of codes, from all IPs together. */
const ADDRESS_CEILING_FACTOR = 4;
/**
 * Wrong codes per address, whatever the IP: 10 in 15 minutes, 30 in a day; then verification for the address
 * pauses until the window ends (NIST SP 800-63B 5.2.2: at most 100 consecutive failures).
 */
export const FAILURE_BUDGETS = [
  { limit: 10, windowSeconds: 15 * 60 },
  { limit: 30, windowSeconds: 24 * 3600 },
] as const;
const FIRST_ADMIN_LOCK_KEY = 7_240_114;

export const SEND_CODE_FAILED = 'Failed to send verification code. Please try again.';
export const INVALID_CODE = 'Invalid verification code. Please try again.';
export const EXPIRED_CODE = 'This code has expired or was already used. Please request a new code.';
export const TOO_MANY_ATTEMPTS = 'Too many incorrect attempts. Please request a new code.';
export const TOO_MANY_CODE_REQUESTS = 'Too many code requests. Please wait a few minutes and try again.';
export const TOO_MANY_VERIFY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const TOO_MANY_FAILURES =
  'Too many incorrect codes for this address. Sign-in is paused for a while; please try again later.';

/** What a wrong code meets: the message answered and the reason its security event records, by error code. */
type WrongCode = Extract<AppErrorCode, `login_code.${string}`>;
const WRONG_CODES: Record<WrongCode, { message: string; reason: string }> = {
  'login_code.invalid': { message: INVALID_CODE, reason: 'invalid' },
  'login_code.expired': { message: EXPIRED_CODE, reason: 'expired' },
  'login_code.too_many_attempts': { message: TOO_MANY_ATTEMPTS, reason: 'too_many_attempts' },
};

export interface Session {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
}

interface AuthServiceDeps {
  db: Db;
  env: Env;
  now: () => Date;
  tokens: AccessTokens;
  mail: MailService;
  config: ConfigService;
  users: UsersService;
  rateLimiter: RateLimiter;
  outbox: Pick<OutboxWorker, 'kick'>;
  log: FastifyBaseLogger;
}

/** The address of the one-click sign-in link (decision 062): the web's `/login/link` route under the public URL. */
export const signInLinkUrlOf = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/#/login/link?token=${encodeURIComponent(token)}`;

/** The rate-limit key of an address's failure budget. */
const failureKey = (email: string, budget: { windowSeconds: number }) =>
  `login-fail:${budget.windowSeconds}:${email}`;

export class AuthService {
  private readonly codeKey: Buffer;
  private readonly linkKey: Buffer;
  private readonly browserKey: Buffer;

  constructor(private readonly deps: AuthServiceDeps) {
    this.codeKey = deriveKey(deps.env.appSecret, 'login-code');
    this.linkKey = deriveKey(deps.env.appSecret, 'login-link');
    this.browserKey = deriveKey(deps.env.appSecret, 'login-browser');
  }

  private codeHash(email: string, code: string): string {
    return hmacHex(this.codeKey, `${email}:${code}`);
  }

  /** The stored form of a sign-in link's token (decision 062): an HMAC, like the code's. */
  private linkHash(token: string): string {
    return hmacHex(this.linkKey, token);
  }

  /** The stored form of the asking browser's nonce (its `login_browser` cookie). */
  private browserHash(nonce: string): string {
    return hmacHex(this.browserKey, nonce);
  }

  /** Counts a request against a limit; the first refusal of a window is recorded as a security event. */
  private async limit(
    limit: { key: string; max: number; name: string; email?: string; ip: string },
    message: string,
  ): Promise<void> {
    const result = await this.deps.rateLimiter.hit(limit.key, limit.max, RATE_WINDOW_SECONDS);
    if (result.allowed) return;
    if (result.hits === limit.max + 1) {
      await recordSecurityEvent(this.deps.db, {
        type: 'sign_in.rate_limited',
        email: limit.email ?? null,
        ip: limit.ip,
        details: { limit: limit.name, max: limit.max, windowSeconds: RATE_WINDOW_SECONDS },
      });
    }
    throw tooManyRequests(message, result.retryAfterSeconds);
  }

  /**
   * Makes a new code for the address and mails it. It voids the older codes asked for from the same IP only
   * (decision 020), so someone requesting codes for another person's address cannot void the code that person
   * is typing.
   * Answers the same whether or not the address has an account: the account is made when the first code is
   * verified. Limits: per IP, per (address, IP), and a larger ceiling per address from all IPs together.
   * The mail also carries a one-click link (decision 062) that signs in only in the browser holding `browserNonce`.
   */
  async requestLoginCode(email: string, ip: string, browserNonce: string): Promise<void> {
    const { env, db, now } = this.deps;
    const perEmail = env.loginCodeMaxPerEmail;
    for (const limit of [
      { key: `login-code:ip:${ip}`, max: env.loginCodeMaxPerIp, name: 'code-requests-per-ip' },
      { key: `login-code:email-ip:${email}:${ip}`, max: perEmail, name: 'code-requests-per-address-and-ip' },
      {
        key: `login-code:email:${email}`,
        max: perEmail * ADDRESS_CEILING_FACTOR,
        name: 'code-requests-per-address',
      },
    ]) {
      await this.limit({ ...limit, email, ip }, TOO_MANY_CODE_REQUESTS);
    }

    const code = randomDigits(LOGIN_CODE_LENGTH);
    const linkToken = randomToken();
    const current = now();
    const expiresAt = new Date(current.getTime() + LOGIN_CODE_TTL_MINUTES * 60_000);
    const [created] = await db
      .insert(loginCodes)
      .values({
        email,
        codeHash: this.codeHash(email, code),
        linkTokenHash: this.linkHash(linkToken),
        browserHash: this.browserHash(browserNonce),
        requestedIp: ip,
        expiresAt,
        createdAt: current,
      })
      .returning({ id: loginCodes.id });
    if (!created) throw new Error('no login code inserted');
    // The new code replaces those asked for from the same IP; expired and dead ones go; at most a few live.
    const others = and(eq(loginCodes.email, email), ne(loginCodes.id, created.id));
    const newestOthers = db
      .select({ id: loginCodes.id })
      .from(loginCodes)
      .where(others)
      .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
      .limit(LIVE_CODES_MAX - 1);
    await db.delete(loginCodes).where(
      and(
        others,
        or(
          eq(loginCodes.requestedIp, ip),
          isNull(loginCodes.requestedIp),
          lte(loginCodes.expiresAt, current),
          // A code killed by wrong guesses stays while its link lives: guessing must not void the link.
          and(gte(loginCodes.failedAttempts, LOGIN_CODE_MAX_ATTEMPTS), isNull(loginCodes.linkTokenHash)),
          notInArray(loginCodes.id, newestOthers),
        ),
      ),
    );

    try {
      await this.deps.mail.send(await this.loginCodeMail(email, code, linkToken, expiresAt));
    } catch (error) {
      this.deps.log.error({ err: error }, 'login code mail could not be sent');
      // A code nobody received must not stay usable.
      await db.delete(loginCodes).where(eq(loginCodes.id, created.id));
      throw new AppError(503, SEND_CODE_FAILED);
    }
  }

  private async loginCodeMail(email: string, code: string, linkToken: string, expiresAt: Date) {
    const { campName } = await this.deps.config.getPublic();
    const subject = `${campName}: your sign-in code is ${code}`;
    const expiry = `${expiresAt.toISOString().slice(11, 16)} UTC`;
    const link = signInLinkUrlOf(this.deps.env.publicUrl, linkToken);
    const linkNote = signInLinkMailNote(LOGIN_CODE_TTL_MINUTES);
    const text = [
      `Your sign-in code for ${campName} is: ${code}`,
      '',
      `It is valid for ${LOGIN_CODE_TTL_MINUTES} minutes (until ${expiry}) and can be used once.`,
      '',
      linkNote,
      link,
      '',
      'If you did not ask to sign in, you can ignore this e-mail.',
    ].join('\n');
    const html = [
      `<p>Your sign-in code for <strong>${escapeHtml(campName)}</strong> is:</p>`,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${code}</p>`,
      `<p>It is valid for ${LOGIN_CODE_TTL_MINUTES} minutes (until ${expiry}) and can be used once.</p>`,
      `<p>${escapeHtml(linkNote)}</p>`,
      `<p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(campName)}</a></p>`,
      '<p>If you did not ask to sign in, you can ignore this e-mail.</p>',
    ].join('\n');
    return { to: email, subject, text, html };
  }

  /**
   * Verifies a code (single use, even under simultaneous tries) and opens a session. Wrong codes count per
   * address across its codes (each dies after LOGIN_CODE_MAX_ATTEMPTS of them) and against the address's
   * failure budgets; once one is spent, verification for the address pauses and the owner is told by mail.
   */
  async loginWithCode(email: string, code: string, ip: string): Promise<Session> {
    const { db, env, now, rateLimiter } = this.deps;
    await this.limit(
      { key: `login-verify:ip:${ip}`, max: env.loginCodeMaxPerIp * 4, name: 'code-checks-per-ip', email, ip },
      TOO_MANY_VERIFY_ATTEMPTS,
    );
    for (const budget of FAILURE_BUDGETS) {
      const state = await rateLimiter.peek(failureKey(email, budget), budget.limit, budget.windowSeconds);
      if (!state.allowed) throw tooManyRequests(TOO_MANY_FAILURES, state.retryAfterSeconds);
    }
    const current = now();
    // Consuming is one statement: of two simultaneous verifies, only one deletes the row.
    const consumed = await db
      .delete(loginCodes)
      .where(
        and(
          eq(loginCodes.email, email),
          eq(loginCodes.codeHash, this.codeHash(email, code)),
          gt(loginCodes.expiresAt, current),
          lt(loginCodes.failedAttempts, LOGIN_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ email: loginCodes.email });
    if (consumed.length === 0) throw await this.failedAttempt(email, current, ip);
    return this.finishSignIn(email, ip, 'sign_in.success');
  }

  /**
   * Signs in with the one-click link mailed with a code (decision 062): the token's live row, asked for from the
   * browser holding `browserNonce`. Single use: the row goes, and with it the code it was mailed with. Not held
   * back by the address's failure budgets (guessing codes must not lock the owner out); its own per-IP limit.
   */
  async loginWithLink(token: string, browserNonce: string | undefined, ip: string): Promise<Session> {
    const { db, env, now } = this.deps;
    await this.limit(
      { key: `login-link:ip:${ip}`, max: env.loginCodeMaxPerIp, name: 'link-checks-per-ip', ip },
      TOO_MANY_VERIFY_ATTEMPTS,
    );
    const tokenHash = this.linkHash(token);
    const current = now();
    const [row] = await db
      .select({ id: loginCodes.id, email: loginCodes.email, browserHash: loginCodes.browserHash })
      .from(loginCodes)
      .where(and(eq(loginCodes.linkTokenHash, tokenHash), gt(loginCodes.expiresAt, current)));
    if (!row) {
      await recordSecurityEvent(db, { type: 'sign_in.link_refused', ip, details: { reason: 'invalid' } });
      throw badRequest(SIGN_IN_LINK_INVALID);
    }
    const sameBrowser =
      browserNonce !== undefined &&
      row.browserHash !== null &&
      safeEqualHex(this.browserHash(browserNonce), row.browserHash);
    if (!sameBrowser) {
      await recordSecurityEvent(db, {
        type: 'sign_in.link_refused',
        email: row.email,
        ip,
        details: { reason: 'other_browser' },
      });
      throw forbidden(SIGN_IN_LINK_OTHER_BROWSER);
    }
    // Consuming is one statement: of two simultaneous opens, only one deletes the row.
    const consumed = await db
      .delete(loginCodes)
      .where(
        and(
          eq(loginCodes.id, row.id),
          eq(loginCodes.linkTokenHash, tokenHash),
          gt(loginCodes.expiresAt, current),
        ),
      )
      .returning({ email: loginCodes.email });
    if (consumed.length === 0) {
      await recordSecurityEvent(db, {
        type: 'sign_in.link_refused',
        email: row.email,
        ip,
        details: { reason: 'used' },
      });
      throw badRequest(SIGN_IN_LINK_INVALID);
    }
    return this.finishSignIn(row.email, ip, 'sign_in.link');
  }

  /** After a right code or link: the address's other codes go, the account is made or found, a session opens. */
  private async finishSignIn(
    email: string,
    ip: string,
    event: 'sign_in.success' | 'sign_in.link',
  ): Promise<Session> {
    // Signed in: the address's other codes (and their links) are of no more use to anyone.
    await this.deps.db.delete(loginCodes).where(eq(loginCodes.email, email));
    const user = await this.signInUser(email, ip, event);
    return this.openSession(user);
  }

  /** Counts a wrong code against every live code of the address and its budgets. Returns the error to answer. */
  private async failedAttempt(email: string, current: Date, ip: string): Promise<AppError> {
    const code = await this.countFailure(email, current);
    const { db, rateLimiter } = this.deps;
    const hits = await Promise.all(
      FAILURE_BUDGETS.map((budget) =>
        rateLimiter.hit(failureKey(email, budget), budget.limit, budget.windowSeconds),
      ),
    );
    const { message, reason } = WRONG_CODES[code];
    await recordSecurityEvent(db, { type: 'sign_in.wrong_code', email, ip, details: { reason } });
    // The attempt that spends a budget pauses sign-in for the address: recorded once per budget spent.
    for (const [index, budget] of FAILURE_BUDGETS.entries()) {
      if (hits[index]?.hits !== budget.limit) continue;
      await recordSecurityEvent(db, {
        type: 'sign_in.paused',
        email,
        ip,
        details: { failures: budget.limit, windowSeconds: budget.windowSeconds },
      });
      if (index === 0) await this.alertOwner(email);
    }
    return unauthorized(message, code);
  }

  /** Counts a wrong code against the address's live codes; answers the error code that fits their state. */
  private async countFailure(email: string, current: Date): Promise<WrongCode> {
    const { db } = this.deps;

    const counted = await db
      .update(loginCodes)
      .set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
      .where(
        and(
          eq(loginCodes.email, email),
          gt(loginCodes.expiresAt, current),
          lt(loginCodes.failedAttempts, LOGIN_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ failedAttempts: loginCodes.failedAttempts });
    if (counted.length > 0) {
      if (counted.every((row) => row.failedAttempts >= LOGIN_CODE_MAX_ATTEMPTS)) {
        await db.delete(loginCodes).where(and(eq(loginCodes.email, email), this.deadForGood(current)));
        return 'login_code.too_many_attempts';
      }
      return 'login_code.invalid';
    }
    const stale = await db
      .delete(loginCodes)
      .where(and(eq(loginCodes.email, email), this.deadForGood(current)))
      .returning({ id: loginCodes.id });
    return stale.length > 0 ? 'login_code.expired' : 'login_code.invalid';
  }

  /**
   * Codes of no more use to anyone: expired, or dead from wrong guesses without a link. A code killed by
   * guesses keeps its row while its link lives (decision 062): wrong codes must not void the owner's link.
   */
  private deadForGood(current: Date) {
    return or(lte(loginCodes.expiresAt, current), isNull(loginCodes.linkTokenHash));
  }

  /** Tells the address's owner that wrong codes were tried (once per short budget spent), through the outbox. */
  private async alertOwner(email: string): Promise<void> {
    const { campName } = await this.deps.config.getPublic();
    const limit = FAILURE_BUDGETS[0].limit;
    const text = [
      `Someone entered ${limit} wrong sign-in codes for this address at ${campName} within 15 minutes.`,
      '',
      'Signing in with this address is paused for a while. If it was you, wait a few minutes and request a new code.',
      'If it was not you, your account is safe: codes are only sent to this mailbox. Never share a code with anyone.',
    ].join('\n');
    await enqueueMail(this.deps.db, {
      to: email,
      subject: `${campName}: wrong sign-in codes were entered for your address`,
      text,
      html: text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('\n'),
    });
    this.deps.outbox.kick();
  }

  /** The account of a verified address: made on first sign-in, marked verified, admin where configured. */
  private async signInUser(
    email: string,
    ip: string,
    event: 'sign_in.success' | 'sign_in.link',
  ): Promise<UserRow> {
    const { db, env } = this.deps;
    return db.transaction(async (tx) => {
      await tx.insert(users).values({ email, isEmailVerified: true }).onConflictDoNothing();
      let user = await this.deps.users.findByEmail(email, tx);
      if (!user) throw new Error('The signed-in user could not be stored');
      if (!user.isEmailVerified) {
        [user] = await tx
          .update(users)
          .set({ isEmailVerified: true })
          .where(eq(users.id, user.id))
          .returning();
      }
      if (user && env.adminEmails.includes(email) && user.role !== 'ADMIN') {
        [user] = await tx.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id)).returning();
      } else if (
        user &&
        env.nodeEnv === 'development' &&
        env.adminEmails.length === 0 &&
        user.role !== 'ADMIN'
      ) {
        // Development only: with no ADMIN_EMAILS, the first person to sign in becomes the admin.
        await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
        const [anyAdmin] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'ADMIN'))
          .limit(1);
        if (!anyAdmin) {
          [user] = await tx.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id)).returning();
        }
      }
      if (!user) throw new Error('The signed-in user could not be stored');
      await recordSecurityEvent(tx, { type: event, subjectUserId: user.id, email, ip });
      return user;
    });
  }

  /**
   * Passkey sign-ins per IP (docs/product.md §12 Passkeys): counted like code checks, against a limit of their own.
   * The address's wrong-code pause does not apply: a passkey proves more than a guessed code could.
   */
  async limitPasskeySignIn(ip: string): Promise<void> {
    const max = this.deps.env.loginCodeMaxPerIp * 4;
    await this.limit(
      { key: `passkey-sign-in:ip:${ip}`, max, name: 'passkey-sign-ins-per-ip', ip },
      TOO_MANY_VERIFY_ATTEMPTS,
    );
  }

  /**
   * A session for a person whose passkey checked out (decision 061): the very session a code sign-in opens, and
   * the security event sign_in.passkey.
   */
  async openPasskeySession(user: UserRow, ip: string): Promise<Session> {
    await recordSecurityEvent(this.deps.db, {
      type: 'sign_in.passkey',
      actorUserId: user.id,
      subjectUserId: user.id,
      email: user.email,
      ip,
    });
    return this.openSession(user);
  }

  /** A refresh token of the family: 30 days idle, and never past the family's absolute end. */
  private async issueRefreshToken(userId: string, familyId: string, familyStartedAt: Date): Promise<string> {
    const token = randomToken();
    const now = this.deps.now();
    const idleEnd = now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000;
    const absoluteEnd = familyStartedAt.getTime() + SESSION_MAX_SECONDS * 1000;
    await this.deps.db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Math.min(idleEnd, absoluteEnd)),
      createdAt: now,
    });
    return token;
  }

  private async openSession(
    user: UserRow,
    family: { id: string; startedAt: Date } = { id: randomUUID(), startedAt: this.deps.now() },
  ): Promise<Session> {
    const refreshToken = await this.issueRefreshToken(user.id, family.id, family.startedAt);
    const accessToken = await this.deps.tokens.issue(user.id, user.role, family.id);
    return { user, accessToken, refreshToken };
  }

  /** A new session for a user without a sign-in (seeding, tests): its access token, as a sign-in would give. */
  async openSessionFor(user: Pick<UserRow, 'id' | 'role'>): Promise<string> {
    const { accessToken } = await this.openSession(user as UserRow);
    return accessToken;
  }

  /**
   * Trades a refresh token for a new one and a new access token. A token that was already rotated, sent
   * again after the grace period, means it was copied: the whole family is revoked.
   */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    if (!refreshToken) throw unauthorized(SESSION_EXPIRED);
    const { db } = this.deps;
    const now = this.deps.now();
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
    if (!row || row.revokedAt || row.expiresAt <= now) throw unauthorized(SESSION_EXPIRED);

    let rotatedAt = row.rotatedAt;
    if (!rotatedAt) {
      const [claimed] = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(
          and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      // Lost a race with a simultaneous refresh of the same token: treat like a reuse just now.
      if (!claimed) rotatedAt = now;
    }
    if (rotatedAt && now.getTime() - rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await db.transaction(async (tx) => {
        await revokeSessions(tx, eq(refreshTokens.familyId, row.familyId), this.deps.now());
        await recordSecurityEvent(tx, {
          type: 'session.refresh_reuse',
          actorUserId: null,
          subjectUserId: row.userId,
          details: { sessionId: row.familyId },
        });
      });
      this.deps.log.warn(
        { userId: row.userId, familyId: row.familyId },
        'refresh token reused: family revoked',
      );
      throw unauthorized(SESSION_EXPIRED);
    }
    const user = await this.deps.users.findById(row.userId);
    if (!user) throw unauthorized(SESSION_EXPIRED);
    // The family's first token is its sign-in: rotated tokens are kept (revoked or rotated), never deleted.
    const [family] = await db
      .select({ startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith((value) => new Date(value)) })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row.familyId));
    return this.openSession(user, { id: row.familyId, startedAt: family?.startedAt ?? row.createdAt });
  }

  /** Ends the session of this refresh token (its whole family), and so its access tokens. */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const { db } = this.deps;
    const [row] = await db
      .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
    if (!row) return;
    await db.transaction(async (tx) => {
      const ended = await revokeSessions(tx, eq(refreshTokens.familyId, row.familyId), this.deps.now());
      if (ended === 0) return;
      await recordSecurityEvent(tx, {
        type: 'session.logout',
        actorUserId: row.userId,
        subjectUserId: row.userId,
        details: { sessionId: row.familyId },
      });
    });
  }

  /** POST /auth/logout-all: "sign out everywhere", every session of the caller ends. */
  async logoutAll(userId: string): Promise<number> {
    return endSessionsOf(this.deps.db, userId, 'session.logout_all', this.deps.now());
  }

  /** A new access token of the caller's current session (after a profile change). */
  async accessTokenFor(user: UserRow, sessionId: string): Promise<string> {
    return this.deps.tokens.issue(user.id, user.role, sessionId);
  }
}
