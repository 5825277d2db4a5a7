/**
 * Capacity on paper, from measured costs (request-costs.ts): how many API hosts, how much
 * PostgreSQL and how many connections 10,000, 100,000 and 1,000,000 members need at the stated
 * activity. This machine has 2 cores, so more than its own share is modelled, not measured;
 * the model is only as good as its assumptions, which are printed with it.
 * Run alone (the costs measured, then the model): `npx tsx tests/bench/capacity-model.ts`.
 */
import { measureRequestCosts, type Costs, type Row } from './request-costs';

/** A day of a member who opens the app that day. */
export const DAILY_REQUESTS: Record<keyof Costs, number> = { feed: 40, search: 4, write: 3, telex: 30 };
/** Members who open the app on a given day. */
export const ACTIVE_SHARE = 0.3;
/** The busiest hour's share of a day's requests. */
export const PEAK_HOUR_SHARE = 0.12;
/** Cores are planned at this use at the peak: room for a host lost, a deploy, a burst. */
export const TARGET_USE = 0.5;
/** An API host here: this machine kind (2 cores). */
export const CORES_PER_HOST = 2;
/** A statement's time in PostgreSQL is its CPU and about as much again waiting (I/O, locks). */
const WALL_PER_CPU = 2;

export type Plan = { members: number; peakPerSecond: number; apiCores: number; hosts: number; dbCores: number; backends: number; bouncerCores: number };

export function plan(costs: Costs, members: number): Plan {
  const kinds = Object.keys(DAILY_REQUESTS) as (keyof Costs)[];
  const perSecond = (kind: keyof Costs) => (members * ACTIVE_SHARE * DAILY_REQUESTS[kind] * PEAK_HOUR_SHARE) / 3600;
  const cores = (part: 'api' | 'db' | 'bouncer') => kinds.reduce((sum, k) => sum + (perSecond(k) * costs[k][part]) / 1000, 0) / TARGET_USE;
  const apiCores = cores('api');
  // Little's law: statements in flight = arrival rate × time each spends in PostgreSQL.
  const inFlight = kinds.reduce((sum, k) => sum + (perSecond(k) * costs[k].db * WALL_PER_CPU) / 1000, 0);
  return {
    members,
    peakPerSecond: kinds.reduce((sum, k) => sum + perSecond(k), 0),
    apiCores,
    // One more than the load needs, so a host lost or deploying costs no capacity.
    hosts: Math.max(2, Math.ceil(apiCores / CORES_PER_HOST) + 1),
    dbCores: cores('db'),
    backends: Math.max(10, Math.ceil(inFlight * 2)),
    bouncerCores: cores('bouncer'),
  };
}

export const ASSUMPTIONS =
  `a member active on a day (${ACTIVE_SHARE * 100}% of members) makes ${DAILY_REQUESTS.feed} feed pages, ${DAILY_REQUESTS.search} searches, ` +
  `${DAILY_REQUESTS.write} writes and ${DAILY_REQUESTS.telex} telexes; the busiest hour carries ${PEAK_HOUR_SHARE * 100}% of a day; ` +
  `cores planned at ${TARGET_USE * 100}% use; API hosts of ${CORES_PER_HOST} cores, one spare`;

export function capacityRows(costs: Costs): Row[] {
  const rows: Row[] = [{ measure: 'capacity model: assumptions', value: ASSUMPTIONS, budget: '' }];
  for (const members of [10_000, 100_000, 1_000_000]) {
    const p = plan(costs, members);
    rows.push({
      measure: `capacity model, ${members.toLocaleString('en')} members: peak req/s; API hosts (cores); PostgreSQL cores; backends`,
      value: `${Math.round(p.peakPerSecond)}/s; ${p.hosts} (${p.apiCores.toFixed(2)}); ${p.dbCores.toFixed(2)}; ${p.backends}`,
      budget: '(paper)',
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, costs } = await measureRequestCosts();
  for (const r of [...rows, ...capacityRows(costs)]) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
  console.log(JSON.stringify(costs));
}
