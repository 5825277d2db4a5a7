/**
 * A bulletin from its event to the push request leaving the server (BUDGETS.md: p99 ≤ 1 s):
 * one API process on PGlite, a member's device subscribed at a push service on 127.0.0.1
 * (tests/support/push-service.ts, which decrypts each push as a browser's would); another
 * member comments on the member's entry, one comment after another, and each comment's
 * time from its request to its push arriving is taken. Run alone: `npx tsx tests/bench/bulletins.ts`.
 */
import { v7 as uuid } from 'uuid';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { PushService } from '../support/push-service';
import { startTestServer } from '../support/server';

type Row = { measure: string; value: string; budget: string };
const EVENTS = Number(process.env.BULLETIN_EVENTS ?? 200);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function measureBulletinLatency(): Promise<Row> {
  const push = await PushService.start();
  // The default poll; 'any' lets the local push service in (a production server refuses it).
  const server = await startTestServer({ pushEndpoints: 'any' });
  try {
    const [author, commenter] = [await server.signUpMember(), await server.signUpMember()];
    const device = push.device();
    const subscribed = await server.call('PUT', BULLETIN_PATHS.subscription, { token: author.token, body: device.subscription });
    if (subscribed.status !== 200) throw new Error(`subscribe: ${subscribed.status}`);
    const post = uuid();
    await server.call('POST', ENTRY_PATHS.create, { token: author.token, body: { userPostCode: post, featureCode: 5, postDescription: 'Bench', privacyCode: 1 } });
    const times: number[] = [];
    for (let i = 0; i < EVENTS; i += 1) {
      const before = push.for(device).length;
      const started = performance.now();
      const answer = await server.call('POST', ENTRY_PATHS.commentCreate(post), { token: commenter.token, body: { commentCode: uuid(), comment: `c${i}` } });
      if (answer.status !== 201) throw new Error(`comment: ${answer.status}`);
      while (push.for(device).length === before) await new Promise((r) => setTimeout(r, 1));
      times.push(push.for(device)[before]!.at - started);
    }
    if (push.errors.length > 0) throw new Error(`push service: ${push.errors[0]}`);
    times.sort((a, b) => a - b);
    return { measure: `bulletin: comment → its push at the push service, p99 (p50), PGlite, ${EVENTS} events`, value: `${percentile(times, 99).toFixed(1)} ms (${percentile(times, 50).toFixed(1)} ms)`, budget: '≤ 1 s' };
  } finally {
    await server.close();
    await push.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureBulletinLatency();
  console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
