// `npm start`: build the web app and the server where their builds are missing or stale, then run the built
// server (API + web) with plain node (decision 044). One Ctrl-C stops it (lib.mjs superviseChildren).
// CAMP_SKIP_WEB_BUILD=1 skips the web app's build check (the start test uses it).
import { spawn } from 'node:child_process';
import { apiEntry, buildApiIfNeeded, buildWebIfNeeded, root, superviseChildren } from './lib.mjs';

if (process.env.CAMP_SKIP_WEB_BUILD !== '1') await buildWebIfNeeded();
await buildApiIfNeeded();

superviseChildren([spawn(process.execPath, [apiEntry], { stdio: 'inherit', cwd: root })]);
