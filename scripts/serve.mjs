// `npm start`'s supervisor: runs the built server and starts it again when it exits because its
// embedded database stopped answering (exit code 70, apps/api/src/db/database-watchdog.ts). Any
// other exit ends this script with the same code (a configuration error must not loop), and
// SIGINT/SIGTERM are passed on to the server, which shuts down gracefully.
//
// Under systemd (Restart=on-failure) or a container runtime (a restart policy), run
// `node apps/api/dist/main.js` directly: they restart it the same way.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
// From the build (npm start builds first): one home for the flags and the exit code.
import { serverProcess } from '../apps/api/dist/config/node-flags.js';
import { EXIT_DATABASE_STALLED } from '../apps/api/dist/db/database-watchdog.js';

/** More restarts than this within RESTART_WINDOW_MS means restarting does not help: give up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 10 * 60_000;

const main = fileURLToPath(new URL('../apps/api/dist/main.js', import.meta.url));
const restarts = [];
let child = null;
let stopping = false;

// Node flags and environment for this kind of installation (embedded database or PostgreSQL); a
// variable set by the caller wins.
const server = serverProcess(process.env);

function start() {
  child = spawn(process.execPath, [...server.flags, main], {
    stdio: 'inherit',
    env: { ...server.env, ...process.env },
  });
  child.on('exit', (code, signal) => {
    if (!stopping && code === EXIT_DATABASE_STALLED) {
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length < MAX_RESTARTS) {
        restarts.push(now);
        console.error(
          `evenly: the server exited with code ${code} (its embedded database stopped answering): starting it again`,
        );
        start();
        return;
      }
      console.error(
        `evenly: the server stopped ${MAX_RESTARTS + 1} times in ${RESTART_WINDOW_MS / 60_000} minutes because its database stopped answering; not starting it again`,
      );
    }
    process.exit(code ?? (signal === null ? 1 : 128 + 15));
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    child?.kill(signal);
  });
}
start();
