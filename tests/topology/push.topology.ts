/**
 * A bulletin's push with three hosts running: each host's dispatcher polls the same queue
 * (every 5 s), so a job two hosts both claimed would reach the device twice. A member's device
 * subscribed through the balancer gets the bulletin of a comment once, signed with the one
 * VAPID key every host shares, and no host sends it again.
 */
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { API_BASE } from '../../src/contract/codes';
import type { PushService } from '../support/push-service';
import { befriend } from '../support/telex';
import { deployment } from './support/deployment';
import { acrossHosts, api, newMember } from './support/http';
import { startPushService } from './support/push';

/** Longer than one poll of every host's dispatcher (plugins/bulletins.ts: 5 s). */
const EVERY_HOST_POLLED_MS = 7000;

describe('bulletin pushes with three hosts', () => {
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => {
    await push?.close();
  });

  it('a comment’s bulletin reaches the member’s device once, signed with the key every host gives out', async () => {
    const [a, b] = [await newMember(), await newMember()];
    await befriend(`${deployment().balancer}${API_BASE}`, a, b);
    await api('PUT', BULLETIN_PATHS.read, { token: a.token, body: { all: true } });
    const device = push.device();
    // Production hosts take only https: push services on public-looking addresses.
    expect(device.subscription.endpoint).toMatch(/^https:\/\/198\.18\./);
    expect((await api('PUT', BULLETIN_PATHS.subscription, { token: a.token, body: device.subscription })).status).toBe(200);

    // One VAPID key, whichever host is asked.
    const keys = await acrossHosts(() => api('GET', BULLETIN_PATHS.pushKey));
    expect(new Set(keys.map((k) => k.host)).size).toBe(3);
    const key = keys[0]!.body.data.publicKey as string;
    expect(keys.every((k) => k.body.data.publicKey === key)).toBe(true);

    const postCode = uuidv7();
    const made = await api('POST', ENTRY_PATHS.create, { token: a.token, headers: { 'idempotency-key': uuidv7() }, body: { userPostCode: postCode, featureCode: 5, postDescription: 'Pushed once', privacyCode: 1 } });
    expect(made.status).toBe(201);
    const comment = await api('POST', ENTRY_PATHS.commentCreate(postCode), { token: b.token, headers: { 'idempotency-key': uuidv7() }, body: { commentCode: uuidv7(), comment: 'Across hosts' } });
    expect(comment.status).toBe(201);

    await expect.poll(() => push.for(device).length, { timeout: 15_000 }).toBe(1);
    const [got] = push.for(device);
    expect(got!.vapidKey).toBe(key);
    expect(got!.payload).toMatchObject({ url: `/entries/${postCode}`, count: 1 });
    // Every host's dispatcher has looked at the queue since: still one.
    await new Promise((r) => setTimeout(r, EVERY_HOST_POLLED_MS));
    expect(push.for(device)).toHaveLength(1);
    expect(push.errors).toEqual([]);
  });
});
