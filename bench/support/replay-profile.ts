// Profiles the replay-store handlers in one process, without HTTP: `npx tsx bench/support/replay-profile.ts <role> [waves]`.
// Prints CPU time (user + system, this process) per request per wave: unlike busy time, CPU time
// is not inflated when other processes take the cores. For `--cpu-prof` runs.
import { startRedisServer } from '../../test/support/redis-server';
import { approvalBody, replayHandler, type ReplayRole } from '../server-replay';

const role = (process.argv[2] ?? 'toolchat-memory') as ReplayRole;
const waves = Number(process.argv[3] ?? 6);
const CONCURRENCY = 300;
const redis = role === 'toolchat-redis' ? await startRedisServer() : undefined;
try {
  const handler = await replayHandler(role, redis?.url);
  const bodies = await Promise.all(Array.from({ length: (waves + 1) * CONCURRENCY }, (_, n) => approvalBody(n, role, CONCURRENCY)));
  const perRequest: number[] = [];
  for (let w = 0; w <= waves; w++) {
    const before = process.cpuUsage();
    await Promise.all(
      bodies.slice(w * CONCURRENCY, (w + 1) * CONCURRENCY).map(async (body) => {
        const response = await handler(new Request('http://localhost/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
        await response.text();
      }),
    );
    const used = process.cpuUsage(before);
    if (w > 0) perRequest.push((used.user + used.system) / 1000 / CONCURRENCY);
  }
  perRequest.sort((a, b) => a - b);
  console.log(role, 'CPU ms per request, median of', waves, 'waves:', perRequest[Math.floor(perRequest.length / 2)]!.toFixed(3), perRequest.map((v) => v.toFixed(2)).join(' '));
} finally {
  await redis?.stop();
}
process.exit(0);
