import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (architecture §6): a CSP with no inline script, no framing, nosniff, a strict referrer
 * policy, and HSTS only when the app is served over https.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; corsOrigins: string[] },
): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Banner and icon URLs may point at any https host (spec §5: relative or absolute).
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
}
