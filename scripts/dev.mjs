// `npm run dev`: the API with reload (tsx watch) and the Vite dev server with hot reload, side by side.
// One Ctrl-C stops both (lib.mjs superviseChildren).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { npmCommand, root, superviseChildren } from './lib.mjs';

superviseChildren([
  spawn(
    process.execPath,
    ['--import', 'tsx', '--watch', path.join(root, 'apps', 'api', 'src', 'server.ts')],
    { stdio: 'inherit', cwd: root },
  ),
  spawn(npmCommand, ['run', 'dev', '--workspace', 'apps/web'], { stdio: 'inherit', cwd: root }),
]);
console.log('API on http://localhost:3000, web with hot reload on http://localhost:5173');
