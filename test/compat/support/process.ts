import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/**
 * The environment of every command the job runs: the Node the apps run on first in `PATH`, none
 * of the `npm_*` settings of the `npm run` that started the job (an app's install must not
 * inherit them), and no model keys (the apps answer with the embedded demo model).
 */
export function appEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('npm_') || key.startsWith('OPENAI_') || key === 'INIT_CWD' || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  const npmCache = inject('npmCache');
  return {
    ...env,
    PATH: `${inject('nodeBinDir')}${path.delimiter}${process.env.PATH ?? ''}`,
    NO_COLOR: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    ...(npmCache ? { npm_config_cache: npmCache } : {}),
    ...extra,
  };
}

/** Runs a command to its end; rejects with its output when it fails or outlives `timeoutMs`. */
export function run(command: string, args: readonly string[], options: { cwd: string; timeoutMs: number; env?: Record<string, string> }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: appEnv(options.env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    const timer = setTimeout(() => {
      stop(child);
      reject(new Error(`${command} ${args.join(' ')} took longer than ${options.timeoutMs} ms (in ${options.cwd}):\n${output}`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code} (in ${options.cwd}):\n${output}`));
    });
  });
}

/** A long-running process (a server), with what it printed so far for error messages. */
export interface Started {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

const LISTENING_HOOK = fileURLToPath(new URL('./listening-hook.mjs', import.meta.url));

/**
 * Starts a server on a free port of 127.0.0.1 (passed as `PORT` and to `args` through `{port}`)
 * and resolves once an HTTP request to it gets any answer. It probes when the process has
 * something new to say: its output (Node servers say when they listen, through a preloaded hook;
 * uvicorn logs it) or its exit.
 */
export async function start(
  command: string,
  args: readonly string[],
  options: { cwd: string; timeoutMs: number; env?: Record<string, string>; path?: string },
): Promise<Started> {
  const port = await freePort();
  const child = spawn(
    command,
    args.map((arg) => arg.replace('{port}', String(port))),
    {
      cwd: options.cwd,
      env: appEnv({ PORT: String(port), HOST: '127.0.0.1', HOSTNAME: '127.0.0.1', NODE_OPTIONS: `--import=${LISTENING_HOOK}`, ...options.env }),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  /** Woken by the process's next output or its exit. */
  let wake: (() => void) | undefined;
  const said = (data: Buffer) => {
    output += data.toString();
    wake?.();
  };
  child.stdout?.on('data', said);
  child.stderr?.on('data', said);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  void exited.then(() => wake?.());
  const started: Started = {
    url: `http://127.0.0.1:${port}${options.path ?? '/'}`,
    output: () => output,
    stop: async () => {
      stop(child);
      await exited;
    },
  };
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    wake?.();
  }, options.timeoutMs);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode} before it served:\n${output}`);
      const heard = output.length;
      const next = new Promise<void>((resolve) => (wake = resolve));
      try {
        await fetch(started.url, { signal: AbortSignal.timeout(2_000) });
        return started;
      } catch {
        if (timedOut) {
          await started.stop();
          throw new Error(`${command} ${args.join(' ')} did not answer at ${started.url} within ${options.timeoutMs} ms:\n${output}`);
        }
        // Something said while the probe ran: probe again at once; else wait for the next word.
        if (output.length === heard && child.exitCode === null) await next;
      }
    }
  } finally {
    clearTimeout(deadline);
    wake = undefined;
  }
}

/** Ends the process and its children (npx → vite, next → its workers): they share its group. */
function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
