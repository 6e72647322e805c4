import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FIRST_PAINT_SCRIPT_HASH } from './first-paint';

/**
 * The headers helmet's middleware sets with these options. They depend on the options only (no nonces), so
 * they are worked out once at start rather than on every request (@fastify/helmet rebuilt the whole policy per
 * request: about 12% of the server's CPU on GET /api/public/config, decision 033).
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  // Lower-case names, as Fastify keeps them: nothing to convert on each request.
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers every answer carries, set by one synchronous onRequest hook (decision 033: one
 * call per request where an onRequest and an asynchronous onSend hook ran before):
 *
 * - security headers (docs/architecture.md §6): a CSP with no inline script (but the first paint's, by its
 *   hash), no framing, nosniff, a strict referrer
 *   policy, and HSTS only when the app is served over https;
 * - `X-Request-Id`, the id of the request's log line;
 * - `Cache-Control: no-store` on API answers, which hold people's data: no browser or shared cache keeps them
 *   unless the route sets its own (a route's `reply.header('Cache-Control', …)` replaces it).
 *
 * Set before the route runs, they are on every answer that went through routing, errors and 404s included
 * (a URL Fastify cannot decode is answered before any hook, as before).
 */
export function registerResponseHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; corsOrigins: string[]; apiPrefix: string },
): void {
  const https = options.publicUrl.startsWith('https://');
  const security = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script but the first paint's one line that picks the screen, allowed by its hash (decision 045).
        scriptSrc: ["'self'", FIRST_PAINT_SCRIPT_HASH],
        // Mantine writes its theme variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Banner and icon URLs may point at any https host (docs/product.md §5: relative or absolute).
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.corsOrigins],
        objectSrc: ["'none'"],
        // The app sets no <base>: none may be injected either (checklist S17).
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  const api = { ...security, 'cache-control': 'no-store' };
  const apiPath = `${options.apiPrefix}/`;
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith(apiPath) ? api : security).header('x-request-id', request.id);
    done();
  });
}
