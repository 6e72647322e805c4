// Helpers shared by the project's command scripts (plain Node, no build step needed).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDir = path.join(root, 'apps', 'web');
export const webDist = path.join(webDir, 'dist');
export const apiDir = path.join(root, 'apps', 'api');
/** The built server (apps/api/build.mjs, decision 044): what `npm start` runs. */
export const apiEntry = path.join(apiDir, 'dist', 'server.js');
const sharedSources = path.join(root, 'packages', 'shared', 'src');

/** Newest modification time (ms) of the files below a folder, skipping node_modules and dist. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when apps/web/dist is missing or older than the web or shared sources. */
export function webBuildIsStale() {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(newestMtime(webDir), newestMtime(sharedSources));
  return sources > built;
}

/** True when apps/api/dist is missing or older than the API or shared sources or the build itself. */
export function apiBuildIsStale() {
  if (!existsSync(apiEntry)) return true;
  const built = statSync(apiEntry).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(apiDir, 'src')),
    newestMtime(sharedSources),
    statSync(path.join(apiDir, 'build.mjs')).mtimeMs,
  );
  return sources > built;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Builds the web app when its build is missing or out of date. Exits the process on failure. */
export async function buildWebIfNeeded() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (apps/web/dist)...');
  const code = await run(npmCommand, ['run', 'build', '--workspace', 'apps/web']);
  if (code !== 0) {
    console.error('The web app failed to build.');
    process.exit(code);
  }
}

/** Builds the server (apps/api/dist) when its build is missing or out of date; about a second. */
export async function buildApiIfNeeded() {
  if (!apiBuildIsStale()) return;
  console.log('Building the server (apps/api/dist)...');
  const { buildApi } = await import('../apps/api/build.mjs');
  try {
    await buildApi();
  } catch {
    // esbuild has printed the errors.
    console.error('The server failed to build.');
    process.exit(1);
  }
}

/**
 * Runs long-lived child processes side by side (`npm start`, `npm run dev`) so that one Ctrl-C stops them
 * all: SIGINT and SIGTERM are passed on to every child once (each shuts down gracefully); a second Ctrl-C
 * kills whatever is still running. When one child exits by itself, the others are stopped too. The process
 * exits once every child is gone, with the first failure's exit code (0 after a clean stop).
 */
export function superviseChildren(children) {
  let stopping = false;
  let exitCode = 0;
  let running = children.length;
  const stop = (signal) => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stop(stopping ? 'SIGKILL' : signal);
      stopping = true;
    });
  }
  for (const child of children) {
    child.on('exit', (code, signal) => {
      running -= 1;
      const failed = stopping ? code !== 0 && code !== null && code !== 130 : true;
      if (failed && exitCode === 0) exitCode = code ?? (signal ? 1 : 0);
      if (!stopping) {
        stopping = true;
        stop('SIGTERM');
      }
      if (running === 0) process.exit(exitCode);
    });
  }
}
