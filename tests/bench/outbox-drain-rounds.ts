/**
 * `npx tsx tests/bench/outbox-drain-rounds.ts [rounds]`: the Node outbox drain (outbox-drain.ts)
 * again and again on one fresh server, printing each round's time and the API process's CPU.
 * The first round is what the bench's row sees (code paths not yet compiled); the later ones
 * show the steady cost. For a before/after, run it from two worktrees one after the other,
 * twice each. SLOW=1 runs it with the CPU halved (slowed.ts).
 */
import { DEMO_MEMBERS } from '../support/demo';
import { drainOnce } from './outbox-drain';
import { startBenchServer } from './server';
import { withCpuHalved } from './slowed';

const rounds = Number(process.argv[2] ?? 12);
const server = await startBenchServer();
try {
  const times: number[] = [];
  const cpu: number[] = [];
  const run = async () => {
    for (let i = 0; i < rounds; i++) {
      // Two demo members in turn: each round signs in and out (checkout) like the bench's row.
      const { ms, serverCpuMs } = await drainOnce(server, DEMO_MEMBERS[i % 2]!);
      times.push(Math.round(ms));
      cpu.push(serverCpuMs);
    }
  };
  if (process.env.SLOW === '1') console.log((await withCpuHalved(run)).note);
  else await run();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(`100 queued writes, ms: ${times.join(' ')} (median ${median(times)})`);
  console.log(`the API process's CPU, ms: ${cpu.join(' ')} (median ${median(cpu)})`);
} finally {
  await server.stop();
}
