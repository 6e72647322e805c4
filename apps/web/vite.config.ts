import react from '@vitejs/plugin-react';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { firstPaint } from './first-paint';

/** The API server of `npm run dev`; it also answers /runtime-config.js (docs/architecture.md §1). */
const API_ORIGIN = 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: API_ORIGIN, changeOrigin: false },
  '/runtime-config.js': { target: API_ORIGIN, changeOrigin: false },
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz copy beside every text asset of the build, compressed once at the highest level, so
 * the server sends them as they are (@fastify/static preCompressed; decision 027) instead of compressing on
 * every request or not at all.
 */
function precompress(): Plugin {
  return {
    name: 'camp:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => /\.(js|css|svg|json)$/.test(file))
          .map(async (file) => {
            const item = bundle[file];
            const source = item?.type === 'chunk' ? item.code : item?.source;
            if (source === undefined) return;
            const body = Buffer.from(source);
            const target = path.join(outDir, file);
            await writeFile(
              `${target}.br`,
              await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
            );
            await writeFile(`${target}.gz`, await gzipAsync(body, { level: 9 }));
          }),
      );
    },
  };
}

const firstPaintAssets = firstPaint();

export default defineConfig({
  plugins: [react(), precompress(), firstPaintAssets.plugin],
  // The first screen's class names go to the server too (first-paint.ts, decision 045).
  css: { modules: { getJSON: firstPaintAssets.getJSON } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No module-preload polyfill in Home's chunk (~0.23 KB gzip): index.html preloads nothing, and for the lazy
    // screens' files Vite then asks the browser for rel="modulepreload" where it is supported and falls back to
    // rel="preload" (as=script) where it is not (Safari < 17, Firefox < 115), so they still load in parallel.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first page's own code (app, React, Mantine, router, query, @camp/shared/rules) in one chunk. Left
        // alone, the bundler moved the modules the first page shares with lazy screens into small chunks that the
        // first page loads as well (rolldown issue #10731): same code, ~1-3 KB gzip more, as several files
        // compress worse than one. zod and the area schema modules of @camp/shared stay out: only lazy form
        // screens import them. Screens stay lazy; they import what they share from this chunk.
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              test: (id: string) =>
                !/[\\/](node_modules[\\/]zod|packages[\\/]shared[\\/]src[\\/](?!rules[\\/]))/.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
