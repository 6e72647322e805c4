// The production server's build (decision 044): apps/api/src/server.ts and the @camp/shared sources it uses,
// bundled by esbuild into one ES module, apps/api/dist/server.js, run with plain `node`. Packages from
// node_modules stay imports (node loads them as usual); the SQL migrations are copied beside the bundle, where
// src/db/migrate.ts looks for them. `node apps/api/build.mjs` builds; scripts/lib.mjs imports buildApi.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
export const apiDist = path.join(apiDir, 'dist');
/** The built server; its modification time is the build's (scripts/lib.mjs apiBuildIsStale). */
export const apiEntry = path.join(apiDist, 'server.js');
const migrationsSource = path.join(apiDir, 'src', 'db', 'migrations');

/** Our own workspace packages are bundled; every other bare import is a package node loads from node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@camp/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds apps/api/dist. Each file is written under a temporary name and renamed into place, the bundle last,
 * so a server starting meanwhile, or a second build running at the same time (two test workers), never reads
 * half a file.
 */
export async function buildApi() {
  const staging = path.join(apiDist, `.staging-${process.pid}-${Date.now()}`);
  mkdirSync(staging, { recursive: true });
  try {
    await build({
      entryPoints: [path.join(apiDir, 'src', 'server.ts')],
      outfile: path.join(staging, 'server.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      // Stack traces name the source file and line with NODE_OPTIONS=--enable-source-maps.
      sourcemap: 'linked',
      sourcesContent: false,
      legalComments: 'none',
      logLevel: 'warning',
      plugins: [externalPackages],
    });
    // Only what the migrator reads: the journal and the SQL files (the snapshots are drizzle-kit's).
    mkdirSync(path.join(staging, 'migrations', 'meta'), { recursive: true });
    copyFileSync(
      path.join(migrationsSource, 'meta', '_journal.json'),
      path.join(staging, 'migrations', 'meta', '_journal.json'),
    );
    const files = [path.join('migrations', 'meta', '_journal.json')];
    for (const name of readdirSync(migrationsSource)) {
      if (!name.endsWith('.sql')) continue;
      copyFileSync(path.join(migrationsSource, name), path.join(staging, 'migrations', name));
      files.push(path.join('migrations', name));
    }
    mkdirSync(path.join(apiDist, 'migrations', 'meta'), { recursive: true });
    for (const file of [...files, 'server.js.map', 'server.js']) {
      renameSync(path.join(staging, file), path.join(apiDist, file));
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = Date.now();
  await buildApi();
  console.log(
    `Built the API into ${path.relative(process.cwd(), apiDist) || '.'} in ${Date.now() - started} ms`,
  );
}
