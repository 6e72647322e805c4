// `npm start`: build the web app if needed, then run the server (API + web) in this process's place.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfNeeded, root } from './lib.mjs';

await buildWebIfNeeded();

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps', 'api', 'src', 'server.ts')],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
// Pass Ctrl-C and SIGTERM on so the server can shut down gracefully (it closes the database).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
