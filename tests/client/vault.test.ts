/**
 * The vault through the sync worker against the real server: works and educations
 * pulled into Dexie (own and another member's, 106 where hidden), the online-only
 * create saying 'You are offline. …' and changing nothing, and a per-row privacy
 * change queued offline and delivered exactly once when the network returns.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_OK, ACCESS_RESTRICTED } from '../../src/contract/codes';
import { VAULT_PATHS, type WorkItem } from '../../src/contract/vault';
import { enqueue } from '../../src/client/store/outbox';
import { OFFLINE_MESSAGE } from '../../src/client/sync/http';
import { startTestServer } from '../support/server';
import { serverCall, signedIn, type TestServer } from './helpers/harness';
import { injectFetch } from './helpers/net';

let server: TestServer;
beforeAll(async () => {
  // Seeded: the lookups (companies, positions, locations, …) the items refer to.
  server = await startTestServer({ seed: true });
  vi.stubGlobal('fetch', injectFetch(server.app));
});
afterAll(async () => {
  await server?.close();
});

const work = (over: Partial<WorkItem> = {}) => ({
  companyCode: 'siemens',
  positionCode: 'software-engineer',
  locationCode: 'berlin-germany',
  working: 'No' as const,
  startDate: '2015-03-01',
  endDate: '2018-06-30',
  privacyCode: 1,
  ...over,
});
const education = {
  instituteCode: 'eth-zurich',
  courseCode: 'computer-science',
  locationCode: 'zurich-switzerland',
  graduated: 'Yes' as const,
  startDate: '2010-09-01',
  endDate: '2014-06-30',
  privacyCode: 1,
};

describe('vault sync', () => {
  it('creates through the worker and pulls works and educations into Dexie, current first', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const older = await h.sync.saveWork(work());
    expect(older).toMatchObject({ ok: true, status: 201 });
    const current = await h.sync.saveWork(work({ working: 'Yes', startDate: '2019-01-01', endDate: '' }));
    expect(current.ok).toBe(true);
    expect(await h.sync.saveEducation(education)).toMatchObject({ ok: true, status: 201 });

    // The worker reloaded the lists after each write: Dexie holds them in the server's order.
    const rows = await h.db.works.where('userCode').equals(me).sortBy('order');
    expect(rows.map((r) => r.working)).toEqual(['Yes', 'No']);
    expect(rows[0]).toMatchObject({ companyName: expect.any(String), endDate: '' });
    expect(await h.db.listPages.get(`works:${me}::1`)).toMatchObject({ accessCode: ACCESS_OK, totalRecords: 2 });
    expect(await h.db.educations.where('userCode').equals(me).count()).toBe(1);

    // A fresh pull replaces, never duplicates.
    expect(await h.sync.pull({ kind: 'works', userCode: me })).toMatchObject({ ok: true });
    expect(await h.db.works.where('userCode').equals(me).count()).toBe(2);

    // Delete: gone from the server and from Dexie.
    const code = rows[1]!.userWorkCode;
    expect(await h.sync.deleteWork(code)).toMatchObject({ ok: true });
    expect(await h.db.works.get(code)).toBeUndefined();
  });

  it("says 'You are offline. …' for an online-only create and changes nothing", async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    await h.sync.pull({ kind: 'works', userCode: me });
    h.net.down = true;
    const result = await h.sync.saveWork(work());
    expect(result).toMatchObject({ ok: false, offline: true, message: OFFLINE_MESSAGE });
    expect(OFFLINE_MESSAGE).toMatch(/^You are offline\./);
    expect(await h.db.works.where('userCode').equals(me).count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
    h.net.down = false;
    const onServer = await serverCall<WorkItem[]>(server, h.member.token, 'GET', VAULT_PATHS.works(me));
    expect(onServer.body.data).toEqual([]);
  });

  it('queues a per-row privacy change offline and delivers it exactly once', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const created = await h.sync.saveWork(work());
    if (!created.ok) throw new Error(created.message);
    const code = created.data.userWorkCode;

    h.net.down = true;
    h.onSleep = () => {
      if (h.sleeps.length === 3) h.net.down = false;
    };
    const id = await enqueue(h.db, 'work.privacy', { userCode: me, data: { userWorkCode: code, privacyCode: 3 } });
    // The optimistic row: the new level at once, marked pending, with the master list's name.
    expect(await h.db.works.get(code)).toMatchObject({ privacyCode: 3, _sync: 'pending' });

    // A pull while the write waits must not show the server's older level.
    await h.sync.kick();
    await h.sync.settled();

    const sends = h.net.log.filter((r) => r.key === id);
    expect(sends.map((r) => [r.status, r.replayed])).toEqual([[201, false]]);
    expect(h.sleeps).toEqual([250, 500, 1000]);
    expect(await h.db.outbox.count()).toBe(0);
    const row = await h.db.works.get(code);
    expect(row).toMatchObject({ privacyCode: 3, privacyName: expect.any(String) });
    expect(row).not.toHaveProperty('_sync');
    const onServer = await serverCall<WorkItem[]>(server, h.member.token, 'GET', VAULT_PATHS.works(me));
    expect(onServer.body.data?.find((w) => w.userWorkCode === code)?.privacyCode).toBe(3);

    // Pulled again, still the delivered level; the key sent again is answered, not re-applied.
    await h.sync.pull({ kind: 'works', userCode: me });
    expect((await h.db.works.get(code))?.privacyCode).toBe(3);
  });

  it('keeps a pending privacy change on top of a fresh pull', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const created = await h.sync.saveEducation(education);
    if (!created.ok) throw new Error(created.message);
    const code = created.data.userEduCode;
    h.net.around = async (request, pass) => (request.method === 'PUT' ? Promise.reject(new TypeError('Failed to fetch')) : pass());
    await enqueue(h.db, 'education.privacy', { userCode: me, data: { userEduCode: code, privacyCode: 2 } });
    await h.sync.pull({ kind: 'educations', userCode: me });
    expect(await h.db.educations.get(code)).toMatchObject({ privacyCode: 2, _sync: 'pending' });
  });

  it("pulls another member's works, and records 106 with no rows when their work is private", async () => {
    // One device database holds one session: each member signs in again before acting.
    const owner = await signedIn(server);
    const created = await owner.sync.saveWork(work());
    expect(created.ok).toBe(true);
    const visitor = await signedIn(server);
    const ownerCode = owner.member.userCode;

    expect(await visitor.sync.pull({ kind: 'works', userCode: ownerCode })).toMatchObject({ ok: true, accessCode: ACCESS_OK });
    expect(await visitor.db.works.where('userCode').equals(ownerCode).count()).toBe(1);

    // The owner hides the whole feature: a queued settings write, delivered.
    await owner.sync.signIn({ username: owner.member.email, password: owner.member.password });
    await owner.sync.pull({ kind: 'privacySettings' });
    await enqueue(owner.db, 'privacySetting.update', { userCode: ownerCode, data: { featureCode: 'work', privacyCode: 3 } });
    expect(await owner.db.privacySettings.get('work')).toMatchObject({ privacyCode: 3, _sync: 'pending' });
    await owner.sync.kick();
    await owner.sync.settled();
    expect(await owner.db.outbox.count()).toBe(0);
    expect(await owner.db.privacySettings.get('work')).not.toHaveProperty('_sync');

    await visitor.sync.signIn({ username: visitor.member.email, password: visitor.member.password });
    const hidden = await visitor.sync.pull({ kind: 'works', userCode: ownerCode });
    expect(hidden).toMatchObject({ ok: true, accessCode: ACCESS_RESTRICTED });
    expect(await visitor.db.works.where('userCode').equals(ownerCode).count()).toBe(0);
    expect(await visitor.db.listPages.get(`works:${ownerCode}::1`)).toMatchObject({ accessCode: ACCESS_RESTRICTED });
  });
});
