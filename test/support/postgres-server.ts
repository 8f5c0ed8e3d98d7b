import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './redis-server';

const run = promisify(execFile);

/** A throwaway PostgreSQL cluster on 127.0.0.1: Debian's package, made, started and removed by the test. */
export interface PostgresServer {
  /** `postgres://toolchat@127.0.0.1:<port>/toolchat` */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Debian keeps the server binaries under /usr/lib/postgresql/<major>/bin. */
export function postgresBin(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (majors.length === 0) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  return join(root, majors[0]!, 'bin');
}

/** initdb refuses root: as root, the cluster belongs to Debian's `postgres` user. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBin();
  const dir = await mkdtemp(join(tmpdir(), 'toolchat-pg-'));
  await chmod(dir, 0o777);
  const data = join(dir, 'data');
  const user = await postgresUser();
  const options = user ? { uid: user.uid, gid: user.gid } : {};
  await run(join(bin, 'initdb'), ['-D', data, '-U', 'toolchat', '--auth=trust', '-E', 'UTF8', '--no-sync'], options);
  const port = await freePort();
  const child: ChildProcess = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...options },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`postgres exited (${code}): ${output.slice(-800)}`)));
  });
  await run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'toolchat', 'toolchat'], options);
  return {
    url: `postgres://toolchat@127.0.0.1:${port}/toolchat`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT'); // fast shutdown
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}
