// A real nginx (Debian's package, /usr/sbin/nginx) in front of the Evenly server, for the test
// of a sub-path deployment (BASE_PATH): its own configuration, pid, logs and temp folders in a
// temporary directory, in the foreground, on a free port; stopped by `stop`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { hasExited } from '../../apps/api/test/support/server-process';
import { freePort } from './server';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  /** The proxy's origin (`http://127.0.0.1:<port>`), without the prefix. */
  origin: string;
  port: number;
  stop: () => Promise<void>;
}

/**
 * The `location` block of docs/operations.md: the prefix passed through as it is (proxy_pass
 * without a path), buffering off for the live events (GET /api/events, server-sent events).
 */
export function nginxConfig(options: {
  dir: string;
  port: number;
  prefix: string;
  upstreamPort: number;
}): string {
  const { dir, port, prefix, upstreamPort } = options;
  // As root nginx would hand its workers to `nobody`, who cannot write the private temp folders.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 20m;
    location ${prefix}/ {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** Starts nginx on `port` (a free one when absent) proxying `prefix`/ to the upstream port. */
export async function startNginx(options: {
  prefix: string;
  upstreamPort: number;
  port?: number;
  timeoutMs?: number;
}): Promise<RunningNginx> {
  if (!existsSync(NGINX_PATH)) throw new Error(`${NGINX_PATH} is missing: apt-get install nginx`);
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'evenly-nginx-'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, port, ...options }));
  let output = '';
  // -e: the error log from the start (before the configuration names its own).
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const logs = () => {
    const errorLog = join(dir, 'error.log');
    return `${output}\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8').slice(-4000) : ''}`;
  };
  const stop = async () => {
    if (!hasExited(child)) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      // SIGQUIT: a graceful stop (SIGTERM is nginx's fast one; either ends the workers too).
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (hasExited(child)) {
      const text = logs();
      await stop();
      throw new Error(`nginx exited before answering.\n${text}`);
    }
    try {
      // Any answer from nginx itself will do (outside the prefix it answers 404).
      await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      const text = logs();
      await stop();
      throw new Error(`nginx did not answer on ${origin} in time.\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, port, stop };
}
