// Starts the built Evenly server (apps/api/dist/main.js) for e2e tests and stops it afterwards.
// Builds nothing: run `npm run build` first. Each server gets a fresh DATA_DIR and a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  hasExited,
  retryWhilePortTaken,
} from '../../apps/api/test/support/server-process';
import { copyPgliteTemplate } from '../../apps/api/test/support/template-env';

export { freePort };

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const SERVER_ENTRY = join(REPO_ROOT, 'apps/api/dist/main.js');
export const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  outboxDir: string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  requireEmailVerification?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Let the server create its embedded database itself (initdb and every migration) instead of
   * starting on a copy of the run's migrated template: for tests of a first start.
   */
  freshDatabase?: boolean;
  /** The port to listen on (a test that must name the server's URL beforehand); else a free one. */
  port?: number;
}

export function serverIsBuilt(): boolean {
  return existsSync(SERVER_ENTRY);
}

async function waitForHealth(
  healthUrl: string,
  child: ChildProcess,
  timeoutMs: number,
  logs: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      const how = child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
      throw new Error(`Server exited (${how}) before becoming healthy.\n${logs()}`);
    }
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Server did not answer GET ${healthUrl} within ${timeoutMs} ms.\n${logs()}`);
}

/** A server on a port of its own choosing starts again on a new one if that port was taken. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (options.port !== undefined) return startOnce(options);
  return retryWhilePortTaken(() => startOnce(options));
}

async function startOnce(options: StartOptions): Promise<RunningServer> {
  if (!serverIsBuilt()) {
    throw new Error(`Server entry ${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  }
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'evenly-e2e-'));
  // The same migrated database the server would build, without three seconds of initdb and
  // migrations per file (the run's template; see apps/api/test/support/database-templates.ts).
  if (options.freshDatabase !== true && options.env?.['DATABASE_URL'] === undefined) {
    await copyPgliteTemplate(join(dataDir, 'db'));
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      REQUIRE_EMAIL_VERIFICATION: String(options.requireEmailVerification ?? false),
      LOG_LEVEL: 'warn',
      // No test reaches the internet: no rate service unless a test names its own.
      FX_RATES_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (!hasExited(child)) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // Under BASE_PATH the API lives under the prefix too.
    const prefix = (options.env?.['BASE_PATH'] ?? '').replace(/^\/*/, '/').replace(/\/+$/, '');
    const healthUrl = `${baseUrl}${prefix}/api/health`;
    await waitForHealth(healthUrl, child, options.timeoutMs ?? 120_000, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, outboxDir: join(dataDir, 'outbox'), stop };
}
