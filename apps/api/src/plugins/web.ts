import { AUTH_STATE_COOKIE, AUTH_STATE_VALUE, pageTitle } from '@camp/shared/rules';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { entityTag, noneMatch } from '../lib/etag';
import { escapeHtml } from '../lib/escape';
import {
  loadFirstPaintAssets,
  renderFirstPaint,
  type FirstPaintAssets,
  type FirstPaintConfig,
  type FirstPaintViewer,
} from './first-paint';

export interface WebOptions {
  /** Folder of the built web app (apps/web/dist); nothing is served when it does not exist. */
  distDir: string;
  apiBaseUrl: string;
  /**
   * The public configuration (GET /api/public/config's body and entity tag), written into the page so the app
   * shows the camp on first paint without asking for it first (decision 027).
   */
  publicConfig: () => Promise<ServedConfig>;
}

/** What the page needs of the public configuration view (ConfigService.getPublicView). */
export interface ServedConfig {
  /** What the page's title and first paint show of it. */
  value: FirstPaintConfig;
  /** The body of GET /api/public/config. */
  json: string;
  etag: string;
}

/**
 * The fallback when the configuration cannot be read (no database): the name only, no first paint; the app
 * asks again and says what is wrong.
 */
const UNAVAILABLE: ServedConfig = {
  value: {
    campName: 'Camp Registration',
    campDescription: '',
    homePageBlurb: '',
    campBannerUrl: null,
    campBannerAltText: null,
    campIconUrl: null,
    campIconAltText: null,
  },
  json: '',
  etag: '',
};

/** The <title> of apps/web/index.html: replaced by the camp's name, with a meta tag the app reads. */
const TITLE_TAG = /<title>[^<]*<\/title>/;
/** The app's root element, empty in apps/web/index.html: the server's first paint goes in (decision 045). */
const EMPTY_ROOT = '<div id="root"></div>';
/** The meta tags' names: the camp's name (standard: the web application's name) and its configuration. */
export const CAMP_NAME_META = 'application-name';
export const CAMP_CONFIG_META = 'camp-config';

/**
 * index.html with the title the app gives it (docs/product.md §2), the camp's name in `<meta name="application-name">`
 * and the public configuration's JSON in `<meta name="camp-config">` (attributes, not script: the CSP
 * allows no inline script); with the build's first-paint file, the first screen in the root element
 * (first-paint.ts, decision 045).
 */
export function renderIndexHtml(
  template: string,
  config: ServedConfig,
  firstPaint?: { assets: FirstPaintAssets; viewer: FirstPaintViewer },
): string {
  const { campName } = config.value;
  const configMeta = config.json
    ? `\n    <meta name="${CAMP_CONFIG_META}" content="${escapeHtml(config.json)}" />`
    : '';
  const page =
    firstPaint && config.json
      ? template.replace(
          EMPTY_ROOT,
          () =>
            `<div id="root">${renderFirstPaint(firstPaint.assets, config.value, firstPaint.viewer)}</div>`,
        )
      : template;
  return page.replace(
    TITLE_TAG,
    `<title>${escapeHtml(pageTitle(campName))}</title>\n` +
      `    <meta name="${CAMP_NAME_META}" content="${escapeHtml(campName)}" />${configMeta}`,
  );
}

interface RenderedPage {
  body: string;
  etag: string;
  gzip: Buffer;
  brotli: Buffer;
}

/**
 * Serves the built React app from `/` and its runtime configuration from `/runtime-config.js`.
 * Hashed assets are cached for a year and sent pre-compressed (the build writes .br and .gz next to them);
 * index.html carries the camp's name and public configuration and is revalidated on every visit (no-cache
 * with an entity tag).
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const runtimeConfig = `window.__APP_CONFIG__ = ${JSON.stringify({ apiBaseUrl: options.apiBaseUrl })};\n`;
  app.get('/runtime-config.js', { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(runtimeConfig);
  });

  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app is not built: only the API is served');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  const firstPaintAssets = loadFirstPaintAssets(options.distDir);
  // One rendering per configuration and viewer: it changes rarely, the page is asked for on every visit.
  const rendered = new Map<FirstPaintViewer, { key: string; page: RenderedPage }>();
  const pageFor = (config: ServedConfig, viewer: FirstPaintViewer): RenderedPage => {
    const key = `${config.etag}${config.value.campName}`;
    const cached = rendered.get(viewer);
    if (cached?.key === key) return cached.page;
    const body = renderIndexHtml(
      template,
      config,
      firstPaintAssets ? { assets: firstPaintAssets, viewer } : undefined,
    );
    const page = {
      body,
      etag: entityTag(body),
      gzip: gzipSync(body),
      brotli: brotliCompressSync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
      }),
    };
    rendered.set(viewer, { key, page });
    return page;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    let config: ServedConfig;
    try {
      config = await options.publicConfig();
    } catch (error) {
      // No database: the page still loads, and the app says what is wrong.
      request.log.warn({ err: error }, 'configuration unavailable for index.html');
      config = UNAVAILABLE;
    }
    // The auth_state cookie (decision 005) says a session is likely: no signed-out Home to flash up then.
    const viewer: FirstPaintViewer =
      request.cookies[AUTH_STATE_COOKIE] === AUTH_STATE_VALUE ? 'signed-in' : 'signed-out';
    const page = pageFor(config, viewer);
    void reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('ETag', page.etag)
      .header('Vary', 'Accept-Encoding, Cookie');
    if (noneMatch(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.body);
  };
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/index.html', { schema: { hide: true } }, sendIndex);

  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    // index.html is the page above; the compressed copies are found by preCompressed, not served by name.
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The app routes after the '#'. A path typed without it (/dashboard) is sent to its hash route.
  // Synchronous, and only a 404 looks further: every answer passes through this hook.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 404 || request.method !== 'GET') {
      done(null, payload);
      return;
    }
    const pathOnly = request.url.split('?')[0] ?? '/';
    if (
      !pathOnly.startsWith('/api') &&
      !path.extname(pathOnly) &&
      (request.headers.accept ?? '').includes('text/html')
    ) {
      void reply.code(302).header('Location', `/#${request.url}`).type('text/plain; charset=utf-8');
      done(null, 'Redirecting');
      return;
    }
    done(null, payload);
  });
}
