// `npm run bench -- server`: createChatHandler behind toNodeHandler on a real node:http server
// on 127.0.0.1, in a worker thread (its own heap and event loop), answering waves of
// concurrent streaming requests on the demo model from the main thread; beside it, in
// another worker and in alternate waves, the route the AI SDK's docs write by hand (the
// same model and tools, no validation, no signatures) as the baseline of the same run.
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  toUIMessageStream,
  type JSONSchema7,
  type ToolSet,
  type UIMessage,
} from 'ai';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { toolSchemas } from '../src/core/tools/tool-schemas';
import { createChatHandler, createDemoModel, toNodeHandler } from '../src/server/index';
import { demoTools } from '../src/transports/demo/tools';
import { existsSync, readFileSync } from 'node:fs';
import { startRedisServer, REDIS_SERVER_PATH, type RedisServer } from '../test/support/redis-server';
import { startPostgresServer, type PostgresServer } from '../test/support/postgres-server';
import { storeBody, storeHandler, type StoreRole } from './server-conversations';
import { approvalBody, replayHandler, type ReplayRole } from './server-replay';
import { median, round } from './support/measure';
import { OTHER_CPUS, pinProcessToOtherCpus, pinRequested, pinThisThreadToServerCpu, SERVER_CPU } from './support/pin';
import type { BenchRow } from './types';

const BENCH = 'server';
/** Requests in flight at once. */
const CONCURRENCY = 300;
/**
 * Measured waves per server after two of warm-up: 10 × 300 = 3,000 requests each
 * (`BENCH_SERVER_WAVES=30` for a longer soak).
 */
const WAVES = Math.max(4, Number(process.env.BENCH_SERVER_WAVES ?? 10));
/** A wave that takes longer has failed (bounded in time as in count). */
const WAVE_TIMEOUT_MS = 60_000;

type Role = 'toolchat' | 'ai-sdk' | ReplayRole | StoreRole;
/** Waves of each replay-store run (`BENCH_SERVER_REPLAY_WAVES=0` skips them). */
const REPLAY_WAVES = Number(process.env.BENCH_SERVER_REPLAY_WAVES ?? 6);
/** `BENCH_SERVER_REPLAY_ASYNC=1` adds a run with the memory store one event-loop turn away (what any network store's wait costs). */
const REPLAY_ASYNC = process.env.BENCH_SERVER_REPLAY_ASYNC === '1';
/** `BENCH_SERVER_ONLY=replay` (or `store`) runs the replay-store (or conversation-store) runs alone. */
const ONLY_REPLAY = process.env.BENCH_SERVER_ONLY === 'replay';
const ONLY_STORE = process.env.BENCH_SERVER_ONLY === 'store';
/** Waves of the conversation-store runs, two instances each (`BENCH_SERVER_STORE_WAVES=0` skips them). */
const STORE_WAVES = Number(process.env.BENCH_SERVER_STORE_WAVES ?? 6);
type ServerMessage = { type: 'ready'; port: number; notPinned: string | undefined } | { type: 'heap'; bytes: number } | { type: 'busy'; ms: number; cpuMs: number };

/**
 * CPU time this thread has used (user + system), from Linux's `/proc/thread-self/stat` in clock
 * ticks of 10 ms; NaN elsewhere. Unlike busy time, it does not grow while other processes (the
 * machine's load, redis-server) hold the core the thread would run on.
 */
function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** A server-side tool, so that its calls are signed and its execute runs in the request. */
const getTime = tool({
  description: 'Current time in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, time: '21:04' }),
});

/** The route as the AI SDK's docs write it: trusts its body. */
async function aiSdkRoute(request: Request): Promise<Response> {
  const body = (await request.json()) as { messages: UIMessage[]; tools: Record<string, { description?: string; inputSchema: JSONSchema7 }> };
  const tools: ToolSet = { getTime };
  for (const [name, schema] of Object.entries(body.tools)) {
    tools[name] = tool({ ...(schema.description ? { description: schema.description } : {}), inputSchema: jsonSchema(schema.inputSchema) });
  }
  const result = streamText({
    model: createDemoModel(),
    messages: await convertToModelMessages(body.messages, { tools, ignoreIncompleteToolCalls: true }),
    tools,
    stopWhen: stepCountIs(5),
    abortSignal: request.signal,
  });
  return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream, tools, originalMessages: body.messages }) });
}

/** The server side, in a worker: a handler mounted the way an app mounts it. */
async function serve(role: Role, redisUrl: string | undefined, databaseUrl: string | undefined): Promise<void> {
  // With BENCH_SERVER_PIN=1, a core of its own, for every role alike (see bench/support/pin.ts).
  const notPinned = pinThisThreadToServerCpu();
  const handler =
    role === 'toolchat'
      ? createChatHandler({ model: createDemoModel(), secret: 'bench-secret-bench-secret-bench-secret', tools: { getTime } })
      : role === 'ai-sdk'
        ? aiSdkRoute
        : role === 'toolchat-store' || role === 'ai-sdk-store'
          ? await storeHandler(role, { databaseUrl: databaseUrl!, redisUrl: redisUrl! })
          : await replayHandler(role, redisUrl);
  const server = createServer(toNodeHandler(handler));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    parentPort?.postMessage({ type: 'ready', port: (server.address() as AddressInfo).port, notPinned } satisfies ServerMessage);
  });
  parentPort?.on('message', (message: { type: 'heap' | 'busy' }) => {
    if (message.type === 'busy') {
      // Time this thread's event loop has been busy so far: the server's own cost, which the
      // other thread and other processes on the machine change far less than wall time.
      parentPort?.postMessage({ type: 'busy', ms: performance.eventLoopUtilization().active, cpuMs: threadCpuMs() } satisfies ServerMessage);
      return;
    }
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let i = 0; i < 5; i++) gc?.();
    parentPort?.postMessage({ type: 'heap', bytes: getHeapStatistics().used_heap_size } satisfies ServerMessage);
  });
}

const role = (workerData as { role?: Role } | null)?.role;
if (!isMainThread && role) void serve(role, (workerData as { redisUrl?: string }).redisUrl, (workerData as { databaseUrl?: string }).databaseUrl);

const { getTime: _serverSide, ...browserTools } = demoTools;
const schemas = toolSchemas(browserTools);
const user = (id: string, text: string) => ({ id, role: 'user', parts: [{ type: 'text', text }] });

/** Three kinds of turn, in turn: a browser tool call, a server tool then an answer, an answer from a browser result. */
const bodies = [
  JSON.stringify({ messages: [user('u1', "What's the weather in Paris?")], tools: schemas }),
  JSON.stringify({ messages: [user('u1', 'What time is it in Tokyo?')], tools: schemas }),
  JSON.stringify({
    messages: [
      user('u1', "What's the weather in Paris?"),
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'tool-getWeather', toolCallId: 'call_1', state: 'output-available', input: { city: 'Paris' }, output: { city: 'Paris', tempC: 18, condition: 'sunny' } },
        ],
      },
    ],
    tools: schemas,
  }),
];

interface Sample {
  ok: boolean;
  firstByteMs: number;
  totalMs: number;
}

function post(agent: Agent, port: number, body: string, headers: Record<string, string> = {}): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve) => {
    let firstByteMs = Number.NaN;
    let text = '';
    const req = httpRequest(
      { agent, host: '127.0.0.1', port, path: '/api/chat', method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
          text += chunk;
        });
        res.on('end', () => {
          // Complete means a 200 whose stream reached its end marker.
          const ok = res.statusCode === 200 && text.includes('"type":"finish"') && text.trimEnd().endsWith('data: [DONE]');
          resolve({ ok, firstByteMs, totalMs: performance.now() - started });
        });
        res.on('error', () => resolve({ ok: false, firstByteMs, totalMs: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ ok: false, firstByteMs, totalMs: performance.now() - started }));
    req.end(body);
  });
}

async function wave(
  agent: Agent,
  port: number,
  offset: number,
  body: (i: number) => string = (i) => bodies[i % bodies.length]!,
): Promise<{ samples: Sample[]; wallMs: number }> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench server: a wave took over ${WAVE_TIMEOUT_MS} ms`)), WAVE_TIMEOUT_MS);
  });
  const requests = Array.from({ length: CONCURRENCY }, (_, i) => post(agent, port, body(offset * CONCURRENCY + i)));
  try {
    const samples = await Promise.race([Promise.all(requests), timeout]);
    return { samples, wallMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** What was not pinned and why (bench/support/pin.ts), said in the table: pinning changes what busy time counts. */
const pinning: { notPinned?: string } = {};
/** How the threads were pinned, for the table (nothing unless BENCH_SERVER_PIN=1). */
function pinningNote(): string {
  if (!pinRequested) return '';
  return pinning.notPinned
    ? `; threads not pinned: ${pinning.notPinned}`
    : `; server thread pinned to CPU ${SERVER_CPU}, load generator and redis-server to CPU ${OTHER_CPUS}`;
}

/** A server in its own worker, and a way to ask it for its heap after GC. */
async function startServer(role: Role, redisUrl?: string, databaseUrl?: string) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role, redisUrl, databaseUrl } });
  const waiting: ((message: ServerMessage) => void)[] = [];
  worker.on('message', (message: ServerMessage) => waiting.shift()?.(message));
  const next = () => new Promise<ServerMessage>((resolve) => waiting.push(resolve));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`bench server: the ${role} worker did not start`);
  if (ready.notPinned) pinning.notPinned ??= `${role} server thread: ${ready.notPinned}`;
  return {
    port: ready.port,
    busy: async () => {
      const reply = next();
      worker.postMessage({ type: 'busy' });
      const message = await reply;
      return message.type === 'busy' ? message.ms : Number.NaN;
    },
    /** Busy time and CPU time of the server thread so far. */
    usage: async () => {
      const reply = next();
      worker.postMessage({ type: 'busy' });
      const message = await reply;
      return message.type === 'busy' ? { busyMs: message.ms, cpuMs: message.cpuMs } : { busyMs: Number.NaN, cpuMs: Number.NaN };
    },
    heap: async () => {
      const reply = next();
      worker.postMessage({ type: 'heap' });
      const message = await reply;
      return message.type === 'heap' ? message.bytes : Number.NaN;
    },
    stop: () => worker.terminate(),
  };
}

interface Run {
  samples: Sample[];
  rates: number[];
  /** The server thread's busy time per request, per wave. */
  busyPerRequest: number[];
  /** The server thread's CPU time per request, per wave (replay runs). */
  cpuPerRequest?: number[];
  heap: number[];
}

export default async function run(): Promise<BenchRow[]> {
  // Before any worker starts: they inherit this, then move themselves to the server's core.
  const notPinned = pinProcessToOtherCpus();
  if (notPinned) pinning.notPinned ??= `load generator: ${notPinned}`;
  if (ONLY_REPLAY) return replayRuns();
  if (ONLY_STORE) return storeRuns();
  const servers = { toolchat: await startServer('toolchat'), 'ai-sdk': await startServer('ai-sdk') };
  if (pinRequested) process.stderr.write(`${BENCH}${pinningNote()}\n`);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const runs: Record<'toolchat' | 'ai-sdk', Run> = {
    toolchat: { samples: [], rates: [], busyPerRequest: [], heap: [] },
    'ai-sdk': { samples: [], rates: [], busyPerRequest: [], heap: [] },
  };
  const order = ['toolchat', 'ai-sdk'] as const;
  try {
    // Warm-up: JIT, sockets, the handler's key.
    for (let i = 0; i < 2; i++) for (const r of order) await wave(agent, servers[r].port, i);
    for (const r of order) runs[r].heap.push(await servers[r].heap());
    for (let i = 0; i < WAVES; i++) {
      // Alternate which goes first, so that neither always follows the other's garbage.
      for (const r of i % 2 === 0 ? order : [...order].reverse()) {
        const busyBefore = await servers[r].busy();
        const result = await wave(agent, servers[r].port, i);
        runs[r].busyPerRequest.push(((await servers[r].busy()) - busyBefore) / CONCURRENCY);
        runs[r].samples.push(...result.samples);
        runs[r].rates.push((CONCURRENCY / result.wallMs) * 1000);
        runs[r].heap.push(await servers[r].heap());
      }
      process.stderr.write('.');
    }
  } finally {
    agent.destroy();
    await Promise.all(order.map((r) => servers[r].stop()));
  }
  return [...rows(runs.toolchat, runs['ai-sdk']), ...(REPLAY_WAVES > 0 ? await replayRuns() : []), ...(STORE_WAVES > 0 ? await storeRuns() : [])];
}

/**
 * The conversation-store runs: two instances of each on one PostgreSQL and one Redis, each wave
 * a new user message on each of 300 threads (one instance answers the even threads, the other the
 * odd ones), against the AI SDK docs' route with persistence and resumable streams.
 */
async function storeRuns(): Promise<BenchRow[]> {
  if (!existsSync(REDIS_SERVER_PATH)) return [];
  let postgres: PostgresServer;
  try {
    postgres = await startPostgresServer();
  } catch {
    return [];
  }
  const redis = await startRedisServer();
  const roles: StoreRole[] = ['toolchat-store', 'ai-sdk-store'];
  const instances = new Map(
    await Promise.all(roles.map(async (r) => [r, [await startServer(r, redis.url, postgres.url), await startServer(r, redis.url, postgres.url)]] as const)),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const runs = new Map(roles.map((r) => [r, { samples: [], rates: [], busyPerRequest: [], heap: [] } as Run]));
  const storeWave = async (r: StoreRole, turn: number) => {
    const [a, b] = instances.get(r)!;
    const started = performance.now();
    const samples = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, t) => post(agent, (t % 2 === 0 ? a : b)!.port, storeBody(r, t, turn, schemas), { 'x-user': `user-${t % 10}` })),
    );
    return { samples, wallMs: performance.now() - started };
  };
  const busy = async (r: StoreRole) => {
    let total = 0;
    for (const server of instances.get(r)!) total += await server.busy();
    return total;
  };
  try {
    for (let i = 0; i < 2; i++) for (const r of roles) await storeWave(r, i);
    for (const r of roles) runs.get(r)!.heap.push(await instances.get(r)![0]!.heap());
    for (let i = 2; i < STORE_WAVES + 2; i++) {
      for (const r of i % 2 === 0 ? roles : [...roles].reverse()) {
        const run = runs.get(r)!;
        const before = await busy(r);
        const result = await storeWave(r, i);
        run.busyPerRequest.push(((await busy(r)) - before) / CONCURRENCY);
        run.samples.push(...result.samples);
        run.rates.push((CONCURRENCY / result.wallMs) * 1000);
        run.heap.push(await instances.get(r)![0]!.heap());
      }
      process.stderr.write('s');
    }
  } finally {
    agent.destroy();
    await Promise.all([...instances.values()].flat().map((server) => server.stop()));
    await Promise.all([redis.stop(), postgres.stop()]);
  }
  return [...storeRows(runs)];
}

function* storeRows(runs: Map<StoreRole, Run>): Generator<BenchRow> {
  const ours = runs.get('toolchat-store')!;
  const baseline = runs.get('ai-sdk-store')!;
  const completed = (run: Run) => run.samples.filter((sample) => sample.ok);
  const p = (run: Run, q: number) => percentile(completed(run).map((sample) => sample.totalMs), q);
  const mb = (bytes: number) => round(bytes / (1024 * 1024));
  const label = `${STORE_WAVES} waves of ${CONCURRENCY} concurrent new messages on 300 threads, two instances on one PostgreSQL and one Redis`;
  const name = { ours: 'createChatHandler + postgresStore + redisStreams', baseline: 'AI SDK route with persistence and resumable streams' };
  yield { bench: BENCH, case: `${name.baseline}: requests completed (${label})`, value: completed(baseline).length, unit: 'requests' };
  yield { bench: BENCH, case: `${name.ours}: requests completed`, value: completed(ours).length, unit: 'requests', target: `= ${STORE_WAVES * CONCURRENCY}` };
  yield { bench: BENCH, case: `${name.baseline}: server threads busy per request (both instances)`, value: round(median(baseline.busyPerRequest)), unit: 'ms' };
  yield {
    bench: BENCH,
    case: `${name.ours}: server threads busy per request (both instances)`,
    value: round(median(ours.busyPerRequest)),
    unit: 'ms',
    baseline: `${name.baseline}, the wave before or after`,
    ratio: round(median(ours.busyPerRequest.map((value, i) => value / (baseline.busyPerRequest[i] ?? Number.NaN)))),
    target: '≤ 1.3',
  };
  yield { bench: BENCH, case: `${name.baseline}: latency p50, whole answer, ${CONCURRENCY} in flight`, value: round(p(baseline, 50)), unit: 'ms' };
  yield {
    bench: BENCH,
    case: `${name.ours}: latency p50, whole answer, ${CONCURRENCY} in flight`,
    value: round(p(ours, 50)),
    unit: 'ms',
    baseline: `${name.baseline}, same run`,
    ratio: round(p(ours, 50) / p(baseline, 50)),
  };
  const start = ours.heap[0] ?? Number.NaN;
  const end = median(ours.heap.slice(-3));
  yield {
    bench: BENCH,
    case: `${name.ours}: heap of one instance after ${STORE_WAVES * CONCURRENCY} requests (after GC, median of the last 3 waves)`,
    value: mb(end),
    unit: 'MB',
    baseline: `after the warm-up (${mb(start)} MB)`,
    ratio: round(end / start),
    target: '≤ 1.1',
  };
}

/** The replay-store runs: approvals only, memory store and (with redis-server here) Redis, against the AI SDK route. */
async function replayRuns(): Promise<BenchRow[]> {
  const redis: RedisServer | undefined = existsSync(REDIS_SERVER_PATH) ? await startRedisServer() : undefined;
  if (redis) {
    const notPinned = redis.pid === undefined ? 'no pid' : pinProcessToOtherCpus(redis.pid);
    if (notPinned) pinning.notPinned ??= `redis-server: ${notPinned}`;
  }
  const roles: ReplayRole[] = [
    'toolchat-memory',
    ...(REPLAY_ASYNC ? (['toolchat-memory-async'] as const) : []),
    ...(redis ? (['toolchat-redis'] as const) : []),
    'ai-sdk-approval',
  ];
  const servers = new Map(await Promise.all(roles.map(async (r) => [r, await startServer(r, redis?.url)] as const)));
  if (pinRequested) process.stderr.write(`${BENCH} replay${pinningNote()}\n`);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const runs = new Map(roles.map((r) => [r, { samples: [], rates: [], busyPerRequest: [], heap: [] } as Run]));
  // Every wave of every role approves calls no other wave saw: signed up front, outside the timing.
  const total = (REPLAY_WAVES + 1) * CONCURRENCY;
  const made = new Map<ReplayRole, string[]>();
  for (const r of roles) made.set(r, await Promise.all(Array.from({ length: total }, (_, n) => approvalBody(n, r, CONCURRENCY))));
  try {
    for (const r of roles) await wave(agent, servers.get(r)!.port, 0, (i) => made.get(r)![i]!);
    for (const r of roles) runs.get(r)!.heap.push(await servers.get(r)!.heap());
    for (let i = 1; i <= REPLAY_WAVES; i++) {
      for (const r of i % 2 === 0 ? roles : [...roles].reverse()) {
        const server = servers.get(r)!;
        const run = runs.get(r)!;
        const before = await server.usage();
        const result = await wave(agent, server.port, i, (n) => made.get(r)![n]!);
        const after = await server.usage();
        run.busyPerRequest.push((after.busyMs - before.busyMs) / CONCURRENCY);
        (run.cpuPerRequest ??= []).push((after.cpuMs - before.cpuMs) / CONCURRENCY);
        run.samples.push(...result.samples);
        run.rates.push((CONCURRENCY / result.wallMs) * 1000);
        run.heap.push(await server.heap());
      }
      process.stderr.write('r');
    }
  } finally {
    agent.destroy();
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await redis?.stop();
  }
  return [...replayRows(runs)];
}

function* replayRows(runs: Map<ReplayRole, Run>): Generator<BenchRow> {
  const baseline = runs.get('ai-sdk-approval')!;
  const completed = (run: Run) => run.samples.filter((sample) => sample.ok);
  const p = (run: Run, q: number) => percentile(completed(run).map((sample) => sample.totalMs), q);
  const mb = (bytes: number) => round(bytes / (1024 * 1024));
  const label = `${REPLAY_WAVES} waves of ${CONCURRENCY} concurrent approvals, 1 in 3 resent`;
  yield { bench: BENCH, case: `AI SDK route, approvals: requests completed (${label}${pinningNote()})`, value: completed(baseline).length, unit: 'requests' };
  yield { bench: BENCH, case: 'AI SDK route, approvals: server thread busy per request', value: round(median(baseline.busyPerRequest)), unit: 'ms' };
  yield { bench: BENCH, case: 'AI SDK route, approvals: server thread CPU per request', value: round(median(baseline.cpuPerRequest ?? [])), unit: 'ms' };
  yield { bench: BENCH, case: 'AI SDK route, approvals: latency p50, whole answer', value: round(p(baseline, 50)), unit: 'ms' };
  for (const [r, name] of [
    ['toolchat-memory', 'createChatHandler + memory replay store'],
    ['toolchat-memory-async', 'createChatHandler + memory replay store one turn away'],
    ['toolchat-redis', 'createChatHandler + Redis replay store'],
  ] as const) {
    const run = runs.get(r);
    if (!run) continue;
    yield { bench: BENCH, case: `${name}: requests completed (${label})`, value: completed(run).length, unit: 'requests', target: `= ${REPLAY_WAVES * CONCURRENCY}` };
    yield {
      bench: BENCH,
      case: `${name}: server thread busy per request`,
      value: round(median(run.busyPerRequest)),
      unit: 'ms',
      baseline: 'AI SDK route, approvals, the wave before or after',
      ratio: round(median(run.busyPerRequest.map((value, i) => value / (baseline.busyPerRequest[i] ?? Number.NaN)))),
      target: '≤ 1.3',
    };
    yield {
      bench: BENCH,
      case: `${name}: server thread CPU per request`,
      value: round(median(run.cpuPerRequest ?? [])),
      unit: 'ms',
      baseline: 'AI SDK route, approvals, the wave before or after',
      ratio: round(median((run.cpuPerRequest ?? []).map((value, i) => value / (baseline.cpuPerRequest?.[i] ?? Number.NaN)))),
    };
    yield { bench: BENCH, case: `${name}: latency p50, whole answer, ${CONCURRENCY} in flight`, value: round(p(run, 50)), unit: 'ms' };
    yield {
      bench: BENCH,
      case: `${name}: latency p99, whole answer, ${CONCURRENCY} in flight`,
      value: round(p(run, 99)),
      unit: 'ms',
      baseline: 'its own p50',
      ratio: round(p(run, 99) / p(run, 50)),
      target: '≤ 5',
    };
    const start = run.heap[0] ?? Number.NaN;
    const end = median(run.heap.slice(-3));
    yield {
      bench: BENCH,
      case: `${name}: server heap after ${REPLAY_WAVES * CONCURRENCY} approvals (after GC, median of the last 3 waves)`,
      value: mb(end),
      unit: 'MB',
      baseline: `after the warm-up (${mb(start)} MB)`,
      ratio: round(end / start),
      target: '≤ 1.1',
    };
  }
}

function* rows(ours: Run, baseline: Run): Generator<BenchRow> {
  const requests = WAVES * CONCURRENCY;
  const completed = (run: Run) => run.samples.filter((sample) => sample.ok);
  const stat = (run: Run, key: 'totalMs' | 'firstByteMs', p: number) => percentile(completed(run).map((sample) => sample[key]), p);
  const name = { ours: 'createChatHandler', baseline: 'hand-written AI SDK route' };
  yield {
    bench: BENCH,
    case: `${name.ours}: streaming requests completed (${WAVES} waves of ${CONCURRENCY} concurrent, demo model, node:http on 127.0.0.1${pinningNote()})`,
    value: completed(ours).length,
    unit: 'requests',
    target: `= ${requests}`,
  };
  yield { bench: BENCH, case: `${name.baseline}: streaming requests completed`, value: completed(baseline).length, unit: 'requests' };
  for (const [label, key, p] of [
    ['latency p50, whole answer', 'totalMs', 50],
    ['latency p99, whole answer', 'totalMs', 99],
    ['time to first byte p50', 'firstByteMs', 50],
    ['time to first byte p99', 'firstByteMs', 99],
  ] as const) {
    const base = stat(baseline, key, p);
    yield { bench: BENCH, case: `${name.baseline}: ${label}, ${CONCURRENCY} in flight`, value: round(base), unit: 'ms' };
    yield {
      bench: BENCH,
      case: `${name.ours}: ${label}, ${CONCURRENCY} in flight`,
      value: round(stat(ours, key, p)),
      unit: 'ms',
      baseline: `${name.baseline}, same run`,
      ratio: round(stat(ours, key, p) / base),
    };
  }
  // Waves of the two servers run back to back: a pair sees the same load from the rest of the
  // machine, so the ratio is taken per pair.
  const perPair = (key: 'rates' | 'busyPerRequest') => median(ours[key].map((value, i) => value / (baseline[key][i] ?? Number.NaN)));
  yield { bench: BENCH, case: `${name.baseline}: requests per second (median of the waves)`, value: round(median(baseline.rates)), unit: 'req/s' };
  yield {
    bench: BENCH,
    case: `${name.ours}: requests per second (median of the waves)`,
    value: round(median(ours.rates)),
    unit: 'req/s',
    baseline: `${name.baseline}, the wave before or after`,
    ratio: round(perPair('rates')),
  };
  yield {
    bench: BENCH,
    case: `${name.baseline}: server thread busy per request (median of the waves)`,
    value: round(median(baseline.busyPerRequest)),
    unit: 'ms',
  };
  yield {
    bench: BENCH,
    case: `${name.ours}: server thread busy per request (validation, signatures and all)`,
    value: round(median(ours.busyPerRequest)),
    unit: 'ms',
    baseline: `${name.baseline}, the wave before or after`,
    ratio: round(perPair('busyPerRequest')),
    target: '≤ 1.25',
  };
  // The heap after GC moves by ±0.5 MB from one wave to the next: the level is the median of
  // three samples (after the warm-up and the first two waves; after the last three).
  const mb = (bytes: number) => round(bytes / (1024 * 1024));
  const level = (samples: number[]) => median(samples);
  const start = level(ours.heap.slice(0, 3));
  const end = level(ours.heap.slice(-3));
  const peak = Math.max(...ours.heap);
  yield { bench: BENCH, case: `${name.ours}: server heap at the start (after GC; median after the warm-up and waves 1–2)`, value: mb(start), unit: 'MB' };
  yield {
    bench: BENCH,
    case: `${name.ours}: highest server heap after any wave (after GC)`,
    value: mb(peak),
    unit: 'MB',
    baseline: 'at the start',
    ratio: round(peak / start),
  };
  yield {
    bench: BENCH,
    case: `${name.ours}: server heap after ${requests} requests (after GC, median of the last 3 waves)`,
    value: mb(end),
    unit: 'MB',
    baseline: 'at the start',
    ratio: round(end / start),
    target: '≤ 1.1 (back to its starting level)',
  };
  const baseStart = level(baseline.heap.slice(0, 3));
  const baseEnd = level(baseline.heap.slice(-3));
  yield {
    bench: BENCH,
    case: `${name.baseline}: server heap after ${requests} requests (after GC, median of the last 3 waves)`,
    value: mb(baseEnd),
    unit: 'MB',
    baseline: `at the start (${mb(baseStart)} MB)`,
    ratio: round(baseEnd / baseStart),
  };
}
