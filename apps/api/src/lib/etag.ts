import { createHash } from 'node:crypto';

/** A strong entity tag of a body: equal bodies, equal tags, in every API process. */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an If-None-Match header names this entity tag (RFC 9110 §13.1.2: weak comparison, a list, or *).
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
