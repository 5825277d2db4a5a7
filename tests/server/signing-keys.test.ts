/**
 * Hosts configured as the README says — one database, a DATA_DIR each, no secret copied by
 * hand — accept each other's members: tokens are signed with the database's keys. Keys rotate
 * without logging anyone out, a retired key's tokens are refused at once on every host, and
 * the secret a host generated into its DATA_DIR before (a token from before the upgrade)
 * still verifies. A host configured with another push key pair than the others refuses to start.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import webpush from 'web-push';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { runLiveCommand } from '../../src/server/admin/commands';
import { currentKeys, legacyKid, LONGEST_TOKEN_S, rotateKeys } from '../../src/server/domain/auth/signing-keys';
import { signClaims } from '../../src/server/domain/auth/tokens';
import { loadVapid } from '../../src/server/push/vapid';
import { StartRefused } from '../../src/server/start-refused';
import { createDatabase, startTestServer, type TestServer } from '../support/server';

const databaseUrl = process.env.DATABASE_URL;
const feed = `${ENTRY_PATHS.home}?pageNo=1&pageSize=5`;

/** Polls `check` until it holds or `ms` pass: another host hears of a key's change by a notice. */
async function eventually(check: () => Promise<boolean>, ms = 1000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string | undefined;

describe.each(databaseUrl ? [databaseUrl] : [])('two hosts on one PostgreSQL database', (serverUrl) => {
  let one: TestServer;
  let two: TestServer;
  let drop: () => Promise<void>;
  const dirs = [mkdtempSync(path.join(tmpdir(), 'bt-host1-')), mkdtempSync(path.join(tmpdir(), 'bt-host2-'))];
  const legacySecret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    const created = await createDatabase(serverUrl);
    drop = created.drop;
    // Host 2 had generated its own secret before keys lived in the database.
    writeFileSync(path.join(dirs[1]!, 'jwt-secret'), legacySecret);
    one = await startTestServer({ existing: { databaseUrl: created.url, dataDir: dirs[0] } });
    two = await startTestServer({ existing: { databaseUrl: created.url, dataDir: dirs[1] } });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('accepts on either host a member signed in through the other', async () => {
    const a = await one.signUpMember();
    const b = await two.signUpMember();
    for (const host of [one, two]) {
      expect((await host.call('GET', feed, { token: a.token })).status).toBe(200);
      expect((await host.call('GET', feed, { token: b.token })).status).toBe(200);
    }
  });

  it('replays on host 2 an entry first sent to host 1 with the same Idempotency-Key', async () => {
    const m = await one.signUpMember();
    const key = uuidv7();
    const body = { userPostCode: key, featureCode: 5, postDescription: `Once, whichever host takes it` };
    const first = await one.call('POST', ENTRY_PATHS.create, { token: m.token, body, headers: { 'idempotency-key': key } });
    const again = await two.call('POST', ENTRY_PATHS.create, { token: m.token, body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const mine = await two.call('GET', feed, { token: m.token });
    expect(mine.body.data.userPosts.filter((p: { originalPost: { postCode: string } }) => p.originalPost.postCode === key)).toHaveLength(1);
  });

  it('still accepts a token signed with the secret a host kept in its DATA_DIR before the upgrade', async () => {
    const m = await one.signUpMember();
    const now = Math.floor(Date.now() / 1000);
    const sign = createSigner({ key: legacySecret, algorithm: 'HS256' });
    const old = sign({ sub: m.userCode, roles: ['member'], username: m.email, iat: now, exp: now + 3600 });
    const forged = createSigner({ key: 'not-a-secret-anyone-kept', algorithm: 'HS256' })({ sub: m.userCode, roles: ['member'], username: m.email, iat: now, exp: now + 3600 });
    expect(kidOf(old)).toBeUndefined();
    for (const host of [one, two]) {
      expect((await host.call('GET', feed, { token: old })).status).toBe(200);
      expect((await host.call('GET', feed, { token: forged })).status).toBe(401);
    }
    // The imported secret verifies only: new tokens name a key of the database's.
    expect(kidOf(m.token)).not.toBe(legacyKid(legacySecret));
    expect(kidOf(m.token)).toBeTruthy();
  });

  it('refuses a token that carries no expiry', async () => {
    const m = await one.signUpMember();
    const { signer } = await currentKeys(one.app.db);
    const endless = createSigner({ key: signer!.secret, algorithm: 'HS256', kid: signer!.kid, noTimestamp: true })({ sub: m.userCode, roles: ['member'], username: m.email });
    expect((await two.call('GET', feed, { token: endless })).status).toBe(401);
  });

  it('rotates keys without logging anyone out, and retires a leaked key on every host at once', async () => {
    const m = await one.signUpMember();
    const before = kidOf(m.token)!;
    const rotated = await runLiveCommand({ database: { db: one.app.db } as never, dataDir: dirs[0]!, publicUrl: one.url }, 'rotate-keys', {});
    expect(rotated[0]).toMatch(/signs from now on/);
    // Host 2 signs with the new key as soon as it hears of it; the old token still works on both.
    const fresh = (await two.call('POST', 'auth/signIn', { body: { username: m.email, password: m.password } })).body.data.accessToken as string;
    expect(await eventually(async () => kidOf((await two.call('POST', 'auth/signIn', { body: { username: m.email, password: m.password } })).body.data.accessToken) !== before)).toBe(true);
    for (const host of [one, two]) expect((await host.call('GET', feed, { token: m.token })).status).toBe(200);

    // Both hosts have verified (and keep in memory) the old token: retiring its key still ends it.
    const retired = await runLiveCommand({ database: { db: two.app.db } as never, dataDir: dirs[1]!, publicUrl: two.url }, 'retire-key', { kid: before });
    expect(retired[0]).toMatch(/retired/);
    for (const host of [one, two]) {
      expect(await eventually(async () => (await host.call('GET', feed, { token: m.token })).status === 401)).toBe(true);
    }
    const after = (await one.call('POST', 'auth/signIn', { body: { username: m.email, password: m.password } })).body.data.accessToken as string;
    expect(kidOf(after)).not.toBe(before);
    for (const host of [one, two]) expect((await host.call('GET', feed, { token: after })).status).toBe(200);
    expect(fresh).toBeTruthy();
  });

  it('refuses to start a host configured with another push key pair than the other hosts use', async () => {
    const kept = await loadVapid(one.app.db, { publicUrl: one.url, env: {} });
    const other = webpush.generateVAPIDKeys();
    const configured = (pair: { publicKey: string; privateKey: string }) => ({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    await expect(loadVapid(two.app.db, { publicUrl: two.url, env: configured(other) })).rejects.toThrow(StartRefused);
    await expect(loadVapid(two.app.db, { publicUrl: two.url, env: configured(other) })).rejects.toThrow(/not the pair the database holds/);
    expect((await loadVapid(two.app.db, { publicUrl: two.url, env: configured(kept) })).publicKey).toBe(kept.publicKey);
  });

  it('retires keys superseded longer ago than any token lives at the next rotation', async () => {
    const keysBefore = await currentKeys(one.app.db);
    const later = new Date(Date.now() + (LONGEST_TOKEN_S + 2 * 3600) * 1000);
    const lines = await rotateKeys(one.app.db, later);
    const keysAfter = await currentKeys(one.app.db);
    // Every key but the signer until now had stopped signing (or was imported) before `later` minus 30 days;
    // the signer until now verifies the tokens it signed until they expire.
    expect(lines.filter((l) => l.includes('retired')).length).toBe(keysBefore.verifiers.size - 1);
    expect([...keysAfter.verifiers.keys()].sort()).toEqual([keysBefore.signer!.kid, keysAfter.signer!.kid].sort());
    expect(keysAfter.legacy).toEqual([]);
  });
});

describe('tokens on the embedded database', () => {
  it('signs with a key of the database and refuses a token of another install', async () => {
    const s = await startTestServer();
    const other = await startTestServer();
    try {
      const m = await s.signUpMember();
      const now = Math.floor(Date.now() / 1000);
      const mine = await signClaims(s.app.db, { sub: m.userCode, roles: ['member'], username: m.email, iat: now, exp: now + 60 });
      const theirs = await signClaims(other.app.db, { sub: m.userCode, roles: ['member'], username: m.email, iat: now, exp: now + 60 });
      expect((await s.call('GET', feed, { token: mine })).status).toBe(200);
      expect((await s.call('GET', feed, { token: theirs })).status).toBe(401);
    } finally {
      await s.close();
      await other.close();
    }
  });
});
