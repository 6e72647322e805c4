/** What the drivers (node-postgres, PGlite) and Node put on an error that we read. */
export interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** Drizzle wraps driver errors, and a transaction may wrap them again: look this deep along `.cause`. */
const CAUSE_DEPTH = 3;

/** The error and its causes, outermost first (at most CAUSE_DEPTH of them). */
export function causeChain(error: unknown): PgErrorLike[] {
  const chain: PgErrorLike[] = [];
  for (let current: unknown = error; current && chain.length < CAUSE_DEPTH;) {
    chain.push(current as PgErrorLike);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The outermost error of the chain with a string SQLSTATE (or Node error code) that `accept` takes. */
export function findErrorCode(error: unknown, accept: (code: string) => boolean): string | undefined {
  for (const link of causeChain(error)) {
    if (typeof link.code === 'string' && accept(link.code)) return link.code;
  }
  return undefined;
}

/**
 * A unique violation (23505); with `constraint`, only of that constraint (a driver that does not name the
 * constraint counts as a match).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return causeChain(error).some(
    (link) =>
      link.code === '23505' &&
      (constraint === undefined || link.constraint === undefined || link.constraint === constraint),
  );
}

/** A CHECK constraint violation (23514) whose message names the constraint (both drivers put it there). */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  return causeChain(error).some(
    (link) =>
      link.code === '23514' &&
      (link.constraint === constraint ||
        (typeof link.message === 'string' && link.message.includes(`"${constraint}"`))),
  );
}

/** Refused by a trigger that keeps a table append-only (migration 0004 raises 42501). */
export function isAppendOnlyRefusal(error: unknown): boolean {
  return causeChain(error).some(
    (link) =>
      link.code === '42501' && typeof link.message === 'string' && link.message.includes('append-only'),
  );
}
