import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every module of @camp/shared has a name of its own (decision 041): `users.schema.ts` is the zod schemas,
 * `rules/users.ts` the plain rules, so a search, an import or a stack trace never leaves two files to pick from.
 * The barrels (index.ts) are the exception: each directory has one.
 */
function modules(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return modules(file);
    return /\.tsx?$/.test(entry.name) && entry.name !== 'index.ts' ? [file] : [];
  });
}

describe('module names', () => {
  it('no two modules of packages/shared/src share a base name', () => {
    const src = import.meta.dirname;
    const byName = new Map<string, string[]>();
    for (const file of modules(src)) {
      const name = path.basename(file).replace(/\.tsx?$/, '');
      byName.set(name, [...(byName.get(name) ?? []), path.relative(src, file)]);
    }
    const shared = [...byName.values()].filter((files) => files.length > 1);
    expect(shared).toEqual([]);
  });
});
