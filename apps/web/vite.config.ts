import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of `npm run dev`; it also answers /runtime-config.js (architecture §1). */
const API_ORIGIN = 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: API_ORIGIN, changeOrigin: false },
  '/runtime-config.js': { target: API_ORIGIN, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
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
