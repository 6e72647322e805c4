// `npm start`: build the web app if needed, then run the server (API + web). One Ctrl-C stops it
// (lib.mjs superviseChildren). CAMP_SKIP_WEB_BUILD=1 skips the build check (the start test uses it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfNeeded, root, superviseChildren } from './lib.mjs';

if (process.env.CAMP_SKIP_WEB_BUILD !== '1') await buildWebIfNeeded();

superviseChildren([
  spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'api', 'src', 'server.ts')], {
    stdio: 'inherit',
    cwd: root,
  }),
]);
