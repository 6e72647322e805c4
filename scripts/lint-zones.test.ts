import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The lint zones of eslint.config.js (docs/architecture.md, decision 041), proved on planted snippets: each
 * forbidden import is reported by its rule, and the allowed one next to it is not.
 */
const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of `ruleId` for `code` linted as if it were the file `file` (relative to the repository). */
async function reported(file: string, code: string, ruleId: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(root, file) });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

const web = (file: string, code: string) => reported(`apps/web/src/${file}`, code, 'camp/web-layers');

describe('web layers point one way', () => {
  it('a feature never imports app/, statically or lazily', async () => {
    expect(await web('features/work/planted.ts', "export { paths } from '../../app/paths';\n")).toHaveLength(
      1,
    );
    expect(
      await web(
        'features/auth/routes/planted.ts',
        "export const load = () => import('../../../app/router');\n",
      ),
    ).toHaveLength(1);
    expect(await web('features/work/planted.ts', "export { paths } from '../../lib/paths';\n")).toEqual([]);
  });

  it('components/ and lib/ import neither features/ nor app/', async () => {
    expect(await web('components/planted.ts', "export { useAuth } from '../features/auth';\n")).toHaveLength(
      1,
    );
    expect(await web('components/deep/planted.ts', "export * from '../../app/providers';\n")).toHaveLength(1);
    expect(await web('lib/planted.ts', "export { configKeys } from '../features/config';\n")).toHaveLength(1);
    expect(await web('lib/planted.ts', "export { AppRouter } from '../app/router';\n")).toHaveLength(1);
    expect(await web('components/planted.ts', "export { paths } from '../lib/paths';\n")).toEqual([]);
  });

  it('a feature imports only the features below it, so two features never import each other', async () => {
    // registrations imports work (the wizard's shift list), so work importing registrations would close a cycle.
    expect(await web('features/registrations/planted.ts', "export { workKeys } from '../work';\n")).toEqual(
      [],
    );
    const [message] = await web(
      'features/work/planted.ts',
      "export { registrationKeys } from '../registrations';\n",
    );
    expect(message).toContain("feature 'work' may import only features before it");
    expect(await web('features/config/planted.ts', "export { useAuth } from '../auth';\n")).toEqual([]);
    expect(await web('features/auth/planted.ts', "export { configKeys } from '../config';\n")).toHaveLength(
      1,
    );
  });

  it('a feature reaches another only through its index (camp/feature-boundaries)', async () => {
    const file = 'apps/web/src/features/registrations/planted.ts';
    const boundaries = (code: string) => reported(file, code, 'camp/feature-boundaries');
    expect(await boundaries("export { workKeys } from '../work/api/query-keys';\n")).toHaveLength(1);
    expect(await boundaries("export { workKeys } from '../work';\n")).toEqual([]);
  });

  it('a new feature must be placed in the order first', async () => {
    const [message] = await web('features/newcomer/planted.ts', "export { useAuth } from '../auth';\n");
    expect(message).toContain("feature 'newcomer' is not in featureOrder");
  });
});

describe('packages/shared', () => {
  const rules = (code: string) =>
    reported('packages/shared/src/rules/planted.ts', code, 'no-restricted-imports');

  it('rules/ imports no schema module, not even a type, and no zod', async () => {
    expect(await rules("import type { User } from '../users.schema';\nexport type U = User;\n")).toHaveLength(
      1,
    );
    expect(
      await rules("import { UserSchema } from '../users.schema';\nexport const s = UserSchema;\n"),
    ).toHaveLength(1);
    expect(await rules("import { z } from 'zod';\nexport const s = z.string();\n")).toHaveLength(1);
    expect(await rules("import type { User } from './users';\nexport type U = User;\n")).toEqual([]);
  });
});
