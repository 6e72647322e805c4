import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // process.env is read in one place only (architecture §2): apps/api/src/env.ts.
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // `import { type X } from 'm'` keeps a bare `import 'm'`: a schema module (and zod) would load for a type.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // The web app never imports API code (architecture §2: web → shared only).
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
    // `@camp/shared/rules` is what the browser's first page imports: plain values and functions, no zod. Types
    // of the schema modules may be imported (they vanish at build); their values may not.
    files: ['packages/shared/src/rules/**/*.ts'],
    ignores: ['packages/shared/src/rules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '../*'],
              allowTypeImports: true,
              message: 'rules hold no zod: import only types from the schema modules.',
            },
          ],
        },
      ],
    },
  },
);
