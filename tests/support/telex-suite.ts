/**
 * The opening of a telex suite (chat, calls): a test server started before the suite's tests
 * and closed after them with every socket it opened, a socket per member, and a fresh pair of
 * billionetts. Apart from telex.ts, which benches import without vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import type { TestMember, TestServer } from './server';
import { befriend, TelexClient } from './telex';

export function telexSuite(start: () => Promise<TestServer>) {
  let started: TestServer | undefined;
  const sockets: TelexClient[] = [];
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await Promise.all(sockets.map((c) => c.close()));
    await started?.close();
  });
  const live = (): TestServer => {
    if (!started) throw new Error('the telex suite’s server is not started yet');
    return started;
  };
  return {
    /** The suite's server, read when a test runs (it starts in beforeAll). */
    server: new Proxy({} as TestServer, { get: (_target, key) => Reflect.get(live(), key) as unknown }),
    async open(m: TestMember): Promise<TelexClient> {
      const c = await TelexClient.open(live().url, m);
      sockets.push(c);
      return c;
    },
    /** A socket opened some other way, closed with the suite's. */
    keep(c: TelexClient): TelexClient {
      sockets.push(c);
      return c;
    },
    async pair(): Promise<readonly [TestMember, TestMember]> {
      const [a, b] = [await live().signUpMember(), await live().signUpMember()];
      await befriend(live().api, a, b);
      return [a, b] as const;
    },
  };
}
