/**
 * The write registry against the real server (STYLE.md §3): every queued kind of
 * contract/mutations.ts is sent exactly as the sync worker replays it and must be applied.
 * - HTTP kinds: the payload parsed by its schema (as enqueue does), then `method path(payload)`
 *   with `body(payload)` and an Idempotency-Key, through the worker's own door (sync/http.ts),
 *   answered 2xx; and the route is in the server's OpenAPI document.
 * - Socket kinds (telex.send): the kind's frame over the chat socket, answered by an ack.
 * A kind added without a sample (tests/support/write-samples.ts) does not compile.
 *
 * Each kind's shape is also held to this release's recording (tests/fixtures/write-shapes/,
 * package.json's version): a shape that changes needs a new release, so the old one's
 * recording stays and keeps being replayed (write-shapes.test.ts). To record a release:
 * `RECORD_WRITE_SHAPES=1 npx vitest run tests/server/write-registry.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION_KINDS, type MutationKind } from '../../src/contract/mutations';
import { dbTargets, startTestServer, type TestServer } from '../support/server';
import { kindOf, makeDeliver, makeWorld, SAMPLES, wireOf, type Delivery, type World } from '../support/write-samples';
import { CURRENT_RELEASE, keptReleases, shapeOf, writeRelease, type Recorded } from '../support/write-shapes';

const recording = process.env.RECORD_WRITE_SHAPES === '1';
const thisRelease = keptReleases().find((r) => r.release === CURRENT_RELEASE);

describe.each(dbTargets())('write registry on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let w: World;
  let deliver: Awaited<ReturnType<typeof makeDeliver>>;
  const recorded: Record<string, Recorded> = {};

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    w = await makeWorld(s);
    deliver = await makeDeliver(w);
  });
  afterAll(async () => {
    if (recording && Object.keys(recorded).length === MUTATION_KINDS.length) console.log(`recorded ${writeRelease({ release: CURRENT_RELEASE, kinds: recorded })}`);
    await s?.close();
  });

  it('has a sample for every kind, and none for a name that is no kind', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...MUTATION_KINDS].sort());
  });

  it.each(MUTATION_KINDS)('%s has a route, is applied when sent as the sync worker sends it, and keeps its shape', async (kind: MutationKind) => {
    const sample: ((w: World) => Promise<unknown>) | undefined = SAMPLES[kind];
    expect(sample).toBeTypeOf('function');
    const def = kindOf(kind);
    // enqueue parses the payload by its kind's schema and stores the parsed one; replay sends that.
    const payload = def.payload.parse(await sample?.(w));
    const wire = wireOf(def, payload);
    const sent: Delivery = await deliver(wire);
    // Compared whole, so a failure shows the request and the server's words beside the difference.
    expect(sent).toEqual({ ...sent, routed: true, answer: 'ok' });
    expect(sent.status).toBeGreaterThanOrEqual(200);
    expect(sent.status).toBeLessThan(300);

    recorded[kind] = { payload, wire };
    // Recording, the kind is held to what it records; else to this release's recording.
    const kept = recording ? recorded[kind] : thisRelease?.kinds[kind];
    const why = `${kind} is not as release ${CURRENT_RELEASE} recorded it: a changed write shape needs a new version in package.json and its recording (see the top of this file)`;
    const expected = kept ? shapeOf(kept) : [`no recording of ${kind} in tests/fixtures/write-shapes/${CURRENT_RELEASE}.json`];
    expect({ why, shape: shapeOf({ payload, wire }) }).toEqual({ why, shape: expected });
  });
});
