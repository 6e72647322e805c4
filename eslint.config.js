import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = path.resolve(import.meta.dirname, 'apps/web/src');
const webFeatures = path.join(webSrc, 'features');

/**
 * The features from the bottom up (decision 041): a feature may import only features listed before it, so two
 * features never import each other. A screen that needs a higher feature lives in that feature (the person's
 * /shifts and Payment pages are registrations') or is composed in app/.
 */
const featureOrder = [
  'auth',
  'config',
  'users',
  'work',
  'camping-options',
  'payments',
  // Application approval (decision 065): the applicant's screen and state, which the wizard and dashboard read.
  'applications',
  'registrations',
  'admin-registrations',
  'reports',
  // The admins' draw (decision 049): reads the configuration's time zone.
  'draw',
  // Check-in at shifts (docs/product.md §11, decision 058): reads the configuration's dates and time zone.
  'check-in',
  // Admin → Applications (docs/product.md §12 Application approval, decision 065): reads the configuration.
  'admin-applications',
];

/** `file`'s path parts below `directory`, or null when it is not below it. */
function partsBelow(directory, file) {
  const relative = path.relative(directory, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep);
}

/**
 * The visitors of a rule that checks every relative import, export-from and `import()` of a file: `check` gets
 * the source node and the path it names, resolved against the importing file.
 */
function relativeImports(context, check) {
  const visit = (node) => {
    const source = node.source;
    if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
    check(source, path.resolve(path.dirname(context.filename), source.value));
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

/**
 * Feature boundaries (docs/architecture.md §3): a file under features/A reaches another feature B only through B's
 * public surface, `features/B` (its index.ts). Outside the features (app/, the router) the screens of
 * `features/B/routes/…` may also be imported, lazily. Relative paths are resolved against the importing file.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches into feature '{{target}}': import from its index ('features/{{target}}') instead.",
    },
  },
  create(context) {
    const featureOf = (file) => {
      const parts = partsBelow(webFeatures, file);
      if (!parts) return null;
      const [feature, ...rest] = parts;
      return { feature, rest: rest.join('/').replace(/\.(tsx?|jsx?)$/, '') };
    };
    const from = featureOf(context.filename);
    return relativeImports(context, (source, target) => {
      const to = featureOf(target);
      if (!to || to.feature === from?.feature) return;
      if (to.rest === '' || to.rest === 'index') return;
      if (!from && (to.rest === 'routes' || to.rest.startsWith('routes/'))) return;
      context.report({
        node: source,
        messageId: 'internal',
        data: { source: source.value, target: to.feature },
      });
    });
  },
};

/**
 * Web layers point one way (docs/architecture.md §3, decision 041): app/ → features/ → components/, lib/. A
 * feature never imports app/; components/ and lib/ import neither features/ nor app/; a feature imports only
 * features below it in `featureOrder`.
 */
const webLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      featureToApp: "'{{source}}': a feature never imports app/; move what it needs to lib/ or components/.",
      sharedToUpper:
        "'{{source}}': {{layer}}/ imports neither features/ nor app/ (they import it); move the code down or compose in app/.",
      featureUpward:
        "'{{source}}': feature '{{from}}' may import only features before it in featureOrder (eslint.config.js), and '{{target}}' is not; compose the screen in the higher feature or app/.",
      unknownFeature:
        "feature '{{feature}}' is not in featureOrder (eslint.config.js): add it where it belongs.",
    },
  },
  create(context) {
    const placeOf = (file) => {
      const [layer, feature] = partsBelow(webSrc, file) ?? [];
      if (!layer) return null;
      return layer === 'features' ? { layer, feature } : { layer };
    };
    const from = placeOf(context.filename);
    if (!from) return {};
    return relativeImports(context, (source, target) => {
      const to = placeOf(target);
      if (!to) return;
      const data = { source: source.value, layer: from.layer, from: from.feature, target: to.feature };
      if (from.layer === 'features' && to.layer === 'app') {
        context.report({ node: source, messageId: 'featureToApp', data });
      } else if (
        (from.layer === 'components' || from.layer === 'lib') &&
        (to.layer === 'features' || to.layer === 'app')
      ) {
        context.report({ node: source, messageId: 'sharedToUpper', data });
      } else if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
        for (const feature of [from.feature, to.feature]) {
          if (!featureOrder.includes(feature)) {
            context.report({ node: source, messageId: 'unknownFeature', data: { feature } });
            return;
          }
        }
        if (featureOrder.indexOf(to.feature) > featureOrder.indexOf(from.feature)) {
          context.report({ node: source, messageId: 'featureUpward', data });
        }
      }
    });
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // process.env is read in one place only (docs/architecture.md §3): apps/api/src/env.ts.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['apps/api/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through apps/api/src/env.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      camp: { rules: { 'feature-boundaries': featureBoundaries, 'web-layers': webLayers } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'camp/feature-boundaries': 'error',
      'camp/web-layers': 'error',
      // `import { type X } from 'm'` keeps a bare `import 'm'`: a schema module (and zod) would load for a type.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // The web app never imports API code (docs/architecture.md §3: web → shared only).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@camp/api', '@camp/api/*'], message: 'The web app must not import the API.' },
            { group: ['**/apps/api/**', '**/api/src/**'], message: 'The web app must not import the API.' },
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'The web app never talks to the database.' },
          ],
          paths: [
            {
              name: '@camp/shared',
              message:
                'Import @camp/shared/rules (no zod) or one area module (@camp/shared/users, …): a screen pays only for what it uses.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@camp/api', '@camp/web', '**/apps/**'],
              message: 'shared depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // `@camp/shared/rules` is what the browser's first page imports: plain values and functions, no zod. It
    // defines the plain types it works on (User, PublicConfig, …) and the schema modules are checked against them
    // (decision 041), so rules import nothing outside rules/, not even a type.
    files: ['packages/shared/src/rules/**/*.ts'],
    ignores: ['packages/shared/src/rules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['zod', 'zod/*'], message: 'rules hold no zod.' },
            {
              group: ['../*', '@camp/*'],
              message:
                'rules import nothing outside rules/: define the plain type here and check the schema against it (SameType in schema-kit).',
            },
          ],
        },
      ],
    },
  },
  {
    // The API logs through Fastify's logger (pino), with the request id; a CLI line says why it may print.
    files: ['apps/api/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
