// `npm run bench -- server` (with server.bench.ts): createChatHandler with a conversation store
// (embedded PGlite, and PostgreSQL: Debian's server in a throwaway cluster, or
// BENCH_DATABASE_URL) beside the stateless handler, in this process, on the demo model.
// Measured: the request body at the end of long threads (the client sends only what is new),
// CPU time per request, latency at 300 concurrent requests, and the heap over 3,000 requests.
// CPU is this process's (the handler, PGlite's WebAssembly and the bench's client alike), so
// PostgreSQL's own server processes are not in it.
import type { UIMessage } from 'ai';
import { performance } from 'node:perf_hooks';
import { toolSchemas } from '../src/core/tools/tool-schemas';
import { createChatHandler, createDemoModel, pgliteStore, postgresStore, type ConversationStore } from '../src/server/index';
import { sendOnlyNewMessages } from '../src/transports/server-conversation';
import { demoTools } from '../src/transports/demo/tools';
import { longThread } from '../test/support/long-thread';
import { startPostgresServer } from '../test/support/postgres-server';
import { median, round } from './support/measure';
import type { BenchRow } from './types';

const BENCH = 'server-store';
const CONCURRENCY = 300;
/** Measured waves after one of warm-up: 10 × 300 = 3,000 requests per handler. */
const WAVES = Math.max(2, Number(process.env.BENCH_STORE_WAVES ?? 10));
/** Messages in each thread before the first measured request. */
const SEEDED = 100;

const { getTime: _serverSide, ...browserTools } = demoTools;
const schemas = toolSchemas(browserTools);
const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

type Variant = 'stateless' | 'PGlite' | 'PostgreSQL';

interface Run {
  cpuPerRequest: number[];
  latencies: number[];
  failed: number;
  heapStart: number;
  heapEnd: number;
  rssEnd: number;
  startupMs?: number;
}

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage().heapUsed;
}

async function measure(variant: Variant, store: ConversationStore | undefined): Promise<Run> {
  const handler = createChatHandler({
    model: createDemoModel(),
    ...(store ? { store, getUserId: (request: Request) => request.headers.get('x-user') } : {}),
  });
  const seed = longThread(SEEDED, { toolsPerAnswer: 2 });
  const threadCount = CONCURRENCY;
  if (store) {
    for (let t = 0; t < threadCount; t++) await store.writeThread(`user-${t % 10}`, `${variant}-thread-${t}`, { expectedVersion: 0, after: null, messages: seed });
  }
  let turn = 0;
  const request = async (t: number): Promise<number> => {
    const id = `${variant}-thread-${t}`;
    const message = user(`q${turn++}-${t}`, "What's the weather in Paris?");
    // The stateless client sends the whole thread; the client of a store only its new message.
    const body = { id, messages: [...seed, message], tools: schemas, trigger: 'submit-message' };
    const started = performance.now();
    const response = await handler(
      new Request('http://localhost/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': `user-${t % 10}` },
        body: JSON.stringify(store ? sendOnlyNewMessages(body) : body),
      }),
    );
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"type":"finish"')) throw new Error(`${variant}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return performance.now() - started;
  };
  const run: Run = { cpuPerRequest: [], latencies: [], failed: 0, heapStart: 0, heapEnd: 0, rssEnd: 0 };
  const wave = async (record: boolean) => {
    const cpu = process.cpuUsage();
    const results = await Promise.allSettled(Array.from({ length: CONCURRENCY }, (_, t) => request(t)));
    const used = process.cpuUsage(cpu);
    if (!record) return;
    run.cpuPerRequest.push((used.user + used.system) / 1000 / CONCURRENCY);
    for (const result of results) {
      if (result.status === 'fulfilled') run.latencies.push(result.value);
      else run.failed++;
    }
  };
  await wave(false);
  run.heapStart = heapAfterGc();
  for (let i = 0; i < WAVES; i++) {
    await wave(true);
    process.stderr.write('.');
  }
  run.heapEnd = heapAfterGc();
  run.rssEnd = process.memoryUsage().rss;
  return run;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The body the endpoint transport posts at the end of a thread of `count` messages, in bytes. */
function bodyBytes(count: number, onlyNew: boolean): number {
  const messages = [...longThread(count - 1, { toolsPerAnswer: 4 }), user('next', 'And tomorrow?')];
  const body = { id: 'chat', messages, tools: schemas, trigger: 'submit-message', messageId: undefined };
  return new TextEncoder().encode(JSON.stringify(onlyNew ? sendOnlyNewMessages(body) : body)).length;
}

export default async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const count of [10, 100, 1000]) {
    const whole = bodyBytes(count, false);
    const onlyNew = bodyBytes(count, true);
    rows.push({ bench: BENCH, case: `request body at the end of a ${count}-message thread, stateless (whole thread)`, value: round(whole / 1024), unit: 'KiB' });
    rows.push({
      bench: BENCH,
      case: `request body at the end of a ${count}-message thread, server store (only the new message)`,
      value: round(onlyNew / 1024),
      unit: 'KiB',
      baseline: 'the same at 10 messages',
      ratio: round(onlyNew / bodyBytes(10, true)),
      target: '= 1 (constant)',
    });
  }

  const runs = new Map<Variant, Run>();
  runs.set('stateless', await measure('stateless', undefined));

  const liteStarted = performance.now();
  const lite = pgliteStore();
  await lite.listThreads('warm-up'); // creates the database and its schema
  const liteStartup = performance.now() - liteStarted;
  try {
    runs.set('PGlite', { ...(await measure('PGlite', lite)), startupMs: liteStartup });
  } finally {
    await lite.close();
  }

  const server = process.env.BENCH_DATABASE_URL ? undefined : await startPostgresServer();
  const pg = postgresStore({ connectionString: process.env.BENCH_DATABASE_URL ?? server!.url, max: 10 });
  try {
    runs.set('PostgreSQL', await measure('PostgreSQL', pg));
  } finally {
    await pg.close();
    await server?.stop();
  }

  const stateless = runs.get('stateless')!;
  for (const [variant, result] of runs) {
    const name = variant === 'stateless' ? 'stateless handler (client sends the thread)' : `store on ${variant}`;
    const requests = result.latencies.length;
    rows.push({
      bench: BENCH,
      case: `${name}: requests completed (${WAVES} waves of ${CONCURRENCY} concurrent on ${CONCURRENCY} threads of ${SEEDED}+ messages)`,
      value: requests,
      unit: 'requests',
      target: `= ${WAVES * CONCURRENCY}`,
    });
    const cpu = median(result.cpuPerRequest);
    rows.push({
      bench: BENCH,
      case: `${name}: CPU per request in this process (median of the waves)`,
      value: round(cpu),
      unit: 'ms',
      ...(variant === 'stateless' ? {} : { baseline: 'stateless handler, same run', ratio: round(cpu / median(stateless.cpuPerRequest)) }),
    });
    const p99 = percentile(result.latencies, 99);
    rows.push({
      bench: BENCH,
      case: `${name}: latency p99, whole answer, ${CONCURRENCY} in flight`,
      value: round(p99),
      unit: 'ms',
      ...(variant === 'stateless' ? {} : { baseline: 'stateless handler, same run', ratio: round(p99 / percentile(stateless.latencies, 99)) }),
    });
    rows.push({
      bench: BENCH,
      case: `${name}: JS heap after ${requests} requests (after GC)`,
      value: round(result.heapEnd / 1024 / 1024),
      unit: 'MB',
      baseline: `after the warm-up (${round(result.heapStart / 1024 / 1024)} MB)`,
      ratio: round(result.heapEnd / result.heapStart),
      target: '≤ 1.1',
    });
    if (result.startupMs !== undefined) {
      rows.push({ bench: BENCH, case: `${name}: start (create the in-memory database and its schema)`, value: round(result.startupMs), unit: 'ms' });
      rows.push({ bench: BENCH, case: `${name}: process RSS at the end (PGlite's WebAssembly memory is outside the JS heap)`, value: round(result.rssEnd / 1024 / 1024), unit: 'MB' });
    }
  }
  return rows;
}
