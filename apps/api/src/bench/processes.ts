// The server processes the bench starts beside itself (the real server, the hello-world
// yardstick, the floor server): each a child process on a free port, as in production.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface Server {
  child: ChildProcess;
  base: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Starts a server script on a free port and waits until `probePath` answers. */
export async function start(
  script: string,
  probePath: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(base + probePath)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} did not start`);
}

/** SIGTERM, and waits until the process has exited (a server started again reuses its data). */
export async function stopServer(server: Server | null): Promise<void> {
  if (server === null || server.child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}
