/**
 * Every kept release's writes are still applied (tests/fixtures/write-shapes/, recorded by
 * write-registry.test.ts). For each release and kind, on fresh state:
 * - an app still on that release sends its recorded request (or frame), with the
 *   recording's codes swapped for the fresh state's: applied (2xx, or acked);
 * - an app updated since replays the payload that release stored in its outbox, read by
 *   this release's schema and sent as this release sends it: applied.
 * A kind a kept release queued cannot be dropped while that release is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutations, type MutationKind } from '../../src/contract/mutations';
import { dbTargets, startTestServer, type TestServer } from '../support/server';
import { kindOf, makeDeliver, makeWorld, SAMPLES, wireOf, type World } from '../support/write-samples';
import { graft, keptReleases, rewire } from '../support/write-shapes';

const cases = keptReleases().flatMap((r) => Object.entries(r.kinds).map(([kind, recorded]) => ({ release: r.release, kind, recorded })));

// One database is enough: the registry already runs every kind on both.
describe.each(dbTargets().slice(-1))('kept releases’ writes on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let w: World;
  let deliver: Awaited<ReturnType<typeof makeDeliver>>;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    w = await makeWorld(s);
    deliver = await makeDeliver(w);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps at least this release', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases)('$release $kind: its request and its stored payload are both still applied', async ({ kind, recorded }) => {
    // A kind gone while an app of a kept release may hold it queued fails here.
    expect(Object.keys(mutations)).toContain(kind);
    const def = kindOf(kind as MutationKind);
    const sample = SAMPLES[kind as MutationKind] as (w: World) => Promise<unknown>;

    const old = await deliver(rewire(recorded, def.payload.parse(await sample(w))));
    // The old app's request.
    expect(old).toEqual({ ...old, routed: true, answer: 'ok' });

    const stored = def.payload.parse(graft(recorded.payload, def.payload.parse(await sample(w))));
    const replayed = await deliver(wireOf(def, stored));
    // The updated app's replay of the stored payload.
    expect(replayed).toEqual({ ...replayed, routed: true, answer: 'ok' });
  });
});
