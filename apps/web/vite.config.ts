import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server of `npm run dev`; it also answers /runtime-config.js (architecture §1). */
const API_ORIGIN = 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target: API_ORIGIN, changeOrigin: false },
  '/runtime-config.js': { target: API_ORIGIN, changeOrigin: false },
};

/** packages/shared holds pure schemas and rules (architecture §4): importing it never has to run anything. */
const SHARED_PACKAGE = /[\\/]packages[\\/]shared[\\/]src[\\/]/;

/**
 * Marks each top-level `const` of packages/shared whose value is computed (schemas, tables) as pure, by
 * wrapping the value in a `/* @__PURE__ *\/` arrow that runs at once. Evaluation is unchanged; an unused one now
 * drops out whole. Needed because the bundler keeps the arguments of a pure call it removes, so a schema built
 * from others (`z.strictObject({ ...profileFields, email: EmailSchema })`) kept those others, and zod with them
 * (~23 KB gzip), in every screen that imported a plain helper such as `isProfileComplete` from the same file.
 */
function pureSharedConstants(): Plugin {
  const skip = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'Identifier']);
  return {
    name: 'camp:pure-shared-constants',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!SHARED_PACKAGE.test(id) || !/\.ts$/.test(id)) return null;
      const edits: Array<[number, number]> = [];
      for (const statement of this.parse(code, { lang: 'ts' }).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations) {
          if (init && !skip.has(init.type)) edits.push([init.start, init.end]);
        }
      }
      let result = code;
      for (const [start, end] of edits.reverse()) {
        const value = result.slice(start, end);
        result = `${result.slice(0, start)}/* @__PURE__ */ (() => (${value}))()${result.slice(end)}`;
      }
      return edits.length > 0 ? { code: result, map: null } : null;
    },
  };
}

export default defineConfig({
  plugins: [pureSharedConstants(), react()],
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
      output: {
        // The first page's own code (app, React, Mantine, router, query) in one chunk. Left alone, the bundler
        // moved the modules the first page shares with lazy screens into a second chunk that the first page
        // loads as well (rolldown issue #10731): same code, ~3 KB gzip more, as two files compress worse than
        // one. packages/shared and zod stay out of the group: whether a shared module is needed at start-up is
        // only known after tree-shaking, and capturing them would pull zod (used by some lazy admin screens)
        // into the first download. Screens stay lazy; they import what they share from this chunk.
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              test: (id: string) => !/[\\/](node_modules[\\/]zod|packages[\\/]shared)[\\/]/.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
