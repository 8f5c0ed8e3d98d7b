// CPU pinning for the server bench: the server's thread on a core of its own, the load generator
// and redis-server on the other(s). On a machine of two cores, the server thread otherwise shares
// its core with the thread that sends the requests and with redis-server, and its busy time
// (event-loop utilisation: wall time not idle) counts their turns on the core as its own. Pinned,
// it approximates a server whose clients and Redis run on other hosts, but on two cores the
// other core then carries the load generator, redis-server and V8's helper threads together:
// Redis answers later, and its runs read worse, not better (bench/README, replay section). So it
// is opt-in: `BENCH_SERVER_PIN=1`. Linux only (`taskset` and `/proc/thread-self`); elsewhere,
// nothing is pinned and the reason is said.
import { execFileSync } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import { cpus } from 'node:os';

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((path) => existsSync(path));

/** `BENCH_SERVER_PIN=1`: pin the threads. */
export const pinRequested = process.env.BENCH_SERVER_PIN === '1';

/** Why nothing is pinned here, or undefined when pinning can be done. */
export const pinSkipped: string | undefined = !pinRequested
  ? 'BENCH_SERVER_PIN=1 not set'
  : !TASKSET
      ? 'no taskset'
      : !existsSync('/proc/thread-self')
        ? 'no /proc/thread-self'
        : // The machine's cores, not availableParallelism(): that reads this thread's affinity, already narrowed in a worker.
          cpus().length < 2
          ? 'one core'
          : undefined;

/** The server thread's core. */
export const SERVER_CPU = '0';
/** Every other core: the load generator, redis-server, the process's helper threads. */
export const OTHER_CPUS = cpus().length > 2 ? `1-${cpus().length - 1}` : '1';

/** This thread's id (Linux's tid), from `/proc/thread-self` → `<pid>/task/<tid>`. */
function threadId(): number {
  return Number(readlinkSync('/proc/thread-self').split('/').pop());
}

function taskset(args: string[]): string | undefined {
  if (pinSkipped || !TASKSET) return pinSkipped ?? 'no taskset';
  try {
    execFileSync(TASKSET, args, { stdio: 'ignore' });
    return undefined;
  } catch (error) {
    return `taskset failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

/** Pins the calling thread (a server worker) to the server's core; returns why not, if it did not. */
export function pinThisThreadToServerCpu(): string | undefined {
  return pinSkipped ?? taskset(['-p', '-c', SERVER_CPU, String(threadId())]);
}

/**
 * Pins every thread of a process (by default this one: the load generator and the helper threads
 * it has now; threads started later inherit it) to the other cores. Call it before starting the
 * server workers, which then move themselves to the server's core.
 */
export function pinProcessToOtherCpus(pid: number = process.pid): string | undefined {
  return taskset(['-a', '-p', '-c', OTHER_CPUS, String(pid)]);
}
