// CPU cost of the Redis replay store alone: `node <bundle> [n]` claims and records n keys at once.
import { performance } from 'node:perf_hooks';
import { redisReplayStore } from '../../src/server/replay/redis-replay-store';
import { startRedisServer } from '../../test/support/redis-server';

const n = Number(process.argv[2] ?? 3000);
const redis = await startRedisServer();
const { createClient } = await import('redis');
const client = await createClient({ url: redis.url, commandOptions: { timeout: 60_000 } }).connect();
const store = redisReplayStore(client);
for (let round = 0; round < 4; round++) {
  const before = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const key = `k-${round}-${i}`;
      await store.claim(key, 60_000);
      await store.record(key, { output: { city: 'Tokyo', time: '21:04' } }, 60_000);
    }),
  );
  const used = process.cpuUsage(before);
  const busy = performance.eventLoopUtilization(elu).active;
  console.log(`round ${round}: CPU ${((used.user + used.system) / 1000 / n).toFixed(3)} ms, busy ${(busy / n).toFixed(3)} ms per claim + record`);
}
await client.quit();
await redis.stop();
process.exit(0);
