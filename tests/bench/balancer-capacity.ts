/**
 * Through the balancer (BUDGETS.md: requests/s at p99 ≤ 50 ms with 1, 2 and 3 API hosts; a
 * host added never lowers it): the topology suite's deployment (tests/topology — hosts in
 * network namespaces behind HAProxy with docs/deploy/haproxy.cfg, PgBouncer in transaction
 * pooling, PostgreSQL, Redis), a generated community of BALANCER_MEMBERS, and feed-growth.ts's
 * mix of pages from 200 signed-in members. With 1, then 2, then 3 hosts in rotation (the others
 * in maintenance on HAProxy), a load generator in its own process raises the rate in steps of
 * 5 s until the p99 passes 50 ms, requests fail or fewer are served than sent: the knee is the
 * last step that held. This machine has 2 cores for everything (hosts, PostgreSQL, HAProxy,
 * the generator), so hosts cannot add cores here: the budget is that one more never lowers
 * the knee; what more cores give is the capacity model's (capacity-model.ts).
 * Run alone, as root, with the builds fresh (npm run topology makes them):
 * `npx tsx tests/bench/balancer-capacity.ts`.
 */
import setup from '../topology/global-setup';
import { deployment, HOSTS, hostName, setHostState, waitStatuses } from '../topology/support/deployment';
import { pages, signIn } from './feed-mix';
import { runLoadProcess } from './load-process';
import type { LoadRequest } from './open-load';
import { seedScale } from './postgres';

type Row = { measure: string; value: string; budget: string };

const MEMBERS = Number(process.env.BALANCER_MEMBERS ?? 10_000);
// Fine rungs low down: this machine's knees sit there (2 cores for everything).
const RATES = [50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000];
const STEP_S = 5;

type Knee = { rate: number; p99: number; steps: string[] };

async function knee(url: string, requests: LoadRequest[]): Promise<Knee> {
  let held = { rate: 0, p99: 0 };
  const steps: string[] = [];
  for (const rate of RATES) {
    const r = await runLoadProcess({ url, rate, seconds: STEP_S, requests });
    steps.push(`${rate}/s → p99 ${r.p99} ms, ${r.perSecond} served/s${r.failed ? `, ${r.failed} failed` : ''}`);
    if (r.p99 > 50 || r.failed > 0 || r.perSecond < rate * 0.95) break;
    held = { rate, p99: r.p99 };
  }
  return { ...held, steps };
}

/** Only the first `count` hosts in rotation. */
async function rotate(count: number): Promise<void> {
  for (const i of HOSTS) await setHostState(hostName(i), i <= count ? 'ready' : 'maint');
  await waitStatuses(Object.fromEntries(HOSTS.map((i) => [hostName(i), i <= count ? 'UP' : 'MAINT'])));
}

export async function measureBalancerCapacity(): Promise<Row[]> {
  const teardown = await setup();
  try {
    const { balancer, postgresUrl } = deployment();
    seedScale(postgresUrl, MEMBERS);
    const requests = pages(await signIn(balancer, 200));
    const knees: Knee[] = [];
    for (const count of [1, 2, 3]) {
      await rotate(count);
      // Warm: a host's first seconds (JIT, its caches) are not its capacity.
      await runLoadProcess({ url: balancer, rate: 50, seconds: 10, requests });
      const k = await knee(balancer, requests);
      console.log(`balancer, ${count} host${count > 1 ? 's' : ''}: ${k.steps.join('; ')}`);
      knees.push(k);
    }
    const [one, two, three] = knees as [Knee, Knee, Knee];
    return [
      {
        measure: `feed mix through the balancer, req/s at p99 ≤ 50 ms, 1 / 2 / 3 hosts (${MEMBERS.toLocaleString('en')} members; p99 at the knee)`,
        value: `${one.rate} / ${two.rate} / ${three.rate} (${one.p99} / ${two.p99} / ${three.p99} ms)`,
        budget: 'a host added never lowers it',
      },
      {
        measure: 'through the balancer: 2 hosts ÷ 1, 3 hosts ÷ 2',
        value: `${(two.rate / one.rate).toFixed(2)}, ${(three.rate / two.rate).toFixed(2)}`,
        budget: '≥ 1 (2 cores here)',
      },
    ];
  } finally {
    teardown();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureBalancerCapacity()) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
