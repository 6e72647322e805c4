import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of `npm run dev`; it also answers /runtime-config.js (architecture §1). */
const API_ORIGIN = 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: API_ORIGIN, changeOrigin: false },
  '/runtime-config.js': { target: API_ORIGIN, changeOrigin: false },
};

/** packages/shared holds pure schemas and rules (architecture §4): importing it never has to run anything. */
const SHARED_PACKAGE = /[\\/]packages[\\/]shared[\\/]src[\\/]/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The browser uses a few plain helpers of @camp/shared (texts, defaults). Without these two hints the
        // bundler keeps every zod schema the package defines, and zod with them (~24 KB gzip), because it
        // cannot know that building a schema has no side effects. Marking the shared modules side-effect free
        // and `z.…()` calls pure lets unused schemas drop out; anything the web does use stays.
        moduleSideEffects: (id: string) => (SHARED_PACKAGE.test(id) ? false : undefined),
        manualPureFunctions: ['z'],
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
