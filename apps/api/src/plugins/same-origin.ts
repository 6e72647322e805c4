import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/app-error';

export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed here.';

/**
 * A guard for the routes a cookie alone authorizes (refresh, logout: checklist S15). A browser says where a
 * request comes from: `Origin` on every POST it sends, `Sec-Fetch-Site` in current browsers. The request is
 * refused when either says another site, unless that origin is the app's own public URL or one of
 * CORS_ORIGINS; same-origin requests (Origin's host is the Host the request was sent to, as behind the dev
 * proxy) and clients that send neither (curl, server-to-server) pass. SameSite=Strict already keeps the
 * cookie off cross-site requests; this also covers a sibling subdomain, which SameSite counts as same-site.
 */
export function sameOriginOnly(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.flatMap(originOf));
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(CROSS_SITE_REFUSED);
      return;
    }
    if (allowed.has(origin)) return;
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    // The URL drops a default port (:80, :443) that a Host header may carry.
    const requestHost = request.headers.host?.replace(/:(80|443)$/, '');
    if (host === undefined || host !== requestHost) throw forbidden(CROSS_SITE_REFUSED);
  };
}

/** The origin of a URL (scheme, host, port), or nothing for what is not one. */
function originOf(url: string): string[] {
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
