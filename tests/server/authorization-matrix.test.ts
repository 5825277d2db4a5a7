/**
 * The authorization matrix, generated from the route table (the OpenAPI document): a route
 * added tomorrow is in it without editing this file.
 * - Every private operation answers 401 without a token, and with a forged, an expired, an
 *   unsigned ('alg: none') or a stale token (issued before a password reset).
 * - The public operations are exactly the ones declared below (a new public route fails the
 *   test until it is declared here, on purpose).
 * - Every write that names a member's own thing (their userCode, work, education, entry or
 *   comment) sent by another member with that member's thing, with a body the owner could
 *   send, answers 403/404 and changes nothing in the database. The
 *   victim's entry is 'Only me', so the entry writes anyone may make on an entry they can
 *   read (rate, comment, save, vote, report, share) are refused here too.
 * - Every read that names that entry answers the other member exactly as a missing code.
 */
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/accounts';
import { signClaims } from '../../src/server/domain/auth/tokens';
import { operationsOf, PUBLIC_OPERATIONS as PUBLIC, type Operation } from '../support/openapi';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { startTestServer, type TestMember, type TestServer } from '../support/server';

/** Path parameters that name something of one member's. friendCode names the other side of the caller's own relation. */
const OWNED = ['userCode', 'workCode', 'educationCode', 'postCode', 'commentCode', 'serviceCode', 'sessionCode', 'passkeyCode'];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function hs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const opName = (op: Operation) => `${op.method} ${op.path}`;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const SERVICE = {
  serviceCode: 'SV27',
  serviceHeading: 'Plumbing',
  serviceDescription: 'Leaks fixed.',
  privacyCode: 1,
  fromdate: inDays(3),
  fromLocationDetails: { placeId: 'p', latitude: 52.52, longitude: 13.405, place: 'Berlin, Germany' },
};
const WORK = { companyCode: 'siemens', positionCode: 'software-engineer', locationCode: 'berlin-germany', working: 'No', startDate: '2015-03-01', endDate: '2018-06-30', privacyCode: 1 };
const EDUCATION = { instituteCode: 'eth-zurich', courseCode: 'computer-science', locationCode: 'zurich-switzerland', graduated: 'Yes', startDate: '2010-09-01', endDate: '2014-06-30', privacyCode: 1 };

describe('authorization matrix', () => {
  let s: TestServer;
  let victim: TestMember;
  let attacker: TestMember;
  let operations: Operation[];
  const owned: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer();
    [victim, attacker] = [await s.signUpMember(), await s.signUpMember()];
    operations = operationsOf((await s.call('GET', 'openapi.json')).body).filter((op) => op.path.startsWith('/api/v1/'));
    owned.userCode = victim.userCode;
    const work = await s.call('POST', `create/user/work/${victim.userCode}`, {
      token: victim.token,
      body: WORK,
    });
    owned.workCode = work.body.data.userWorkCode;
    const education = await s.call('POST', `create/user/education/${victim.userCode}`, {
      token: victim.token,
      body: EDUCATION,
    });
    owned.educationCode = education.body.data.userEduCode;
    owned.postCode = randomUUID();
    const post = await s.call('POST', 'user/post', { token: victim.token, body: { userPostCode: owned.postCode, featureCode: 5, postDescription: 'Only mine', privacyCode: 3 } });
    owned.commentCode = randomUUID();
    const comment = await s.call('POST', `user/post/${owned.postCode}/comment/create`, { token: victim.token, body: { commentCode: owned.commentCode, comment: 'Mine too' } });
    assert.deepEqual([work.status, education.status, post.status, comment.status], [201, 201, 201, 201]);
    // A barter listing everyone may see (a hidden one would answer 404 to anyone).
    const service = await s.call('POST', 'service/post', { token: victim.token, body: SERVICE });
    assert.equal(service.status, 201);
    owned.serviceCode = service.body.data.originalPost.serviceCode;
    owned.sessionCode = (JSON.parse(Buffer.from(victim.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    const options = await s.call('POST', 'user/passkeys/options', { token: victim.token });
    const passkey = await s.call('POST', 'user/passkeys', { token: victim.token, body: { response: new SoftAuthenticator(s.app.config.publicUrl).create(options.body.data) } });
    assert.equal(passkey.status, 201);
    owned.passkeyCode = passkey.body.data.passkeyCode;
    for (const name of OWNED) assert.equal(typeof owned[name], 'string', name);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A digest of every table: any change a refused write made would show. */
  async function databaseDigest(): Promise<string> {
    const tables = (await s.app.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as { rows: { table_name: string }[] };
    const parts: string[] = [];
    for (const { table_name: name } of tables.rows) {
      const digest = (await s.app.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from "${name}" t`))) as unknown as { rows: { d: string }[] };
      parts.push(`${name}:${digest.rows[0]?.d}`);
    }
    return parts.join('\n');
  }

  /** A body each write would accept from the owner, so a refusal here is the authorization's. */
  const examples = (): Record<string, unknown> => ({
    'PUT /api/v1/update/user/personal/{userCode}': { privacyCode: 1 },
    'PUT /api/v1/update/user/about/{userCode}': { about: 'Taken over' },
    'POST /api/v1/create/user/work/{userCode}': WORK,
    'PUT /api/v1/update/user/work/{userCode}': { userWorkCode: owned.workCode, privacyCode: 3 },
    'POST /api/v1/create/user/education/{userCode}': EDUCATION,
    'PUT /api/v1/update/user/education/{userCode}': { userEduCode: owned.educationCode, privacyCode: 3 },
    'PUT /api/v1/user/post/{postCode}/privacy': { privacyCode: 1 },
    'POST /api/v1/user/post/{postCode}/report': { reportDescription: 'spam' },
    'POST /api/v1/user/post/{postCode}/rate': { rating: 4 },
    'POST /api/v1/user/post/{postCode}/poll/vote': { userPostCode: owned.postCode, pollingResponse: 1 },
    'POST /api/v1/user/post/{postCode}/comment/create': { commentCode: randomUUID(), comment: 'Sneaking in' },
    'PUT /api/v1/user/post/{postCode}/comment/update/{commentCode}': { comment: 'Rewritten' },
    'POST /api/v1/user/post/{postCode}/comment/likeOrUnlikeComment/{exp}': { exp: 'like', commentCode: owned.commentCode, userPostCode: owned.postCode },
    // Removing the victim's own picture (dpType / dpValue name a circle's or slate's instead).
    'POST /api/v1/user/{userCode}/dp/default': {},
    'PUT /api/v1/service/post/{serviceCode}': { ...SERVICE, serviceHeading: 'Taken over' },
    'PATCH /api/v1/user/passkeys/{passkeyCode}': { name: 'Taken over' },
  });

  const fill = (op: Operation) => op.url({ pathValue: (name) => owned[name] ?? (name === 'exp' ? 'like' : 'X1'), queryValue: (name) => (name === 'pageNo' ? '1' : name === 'pageSize' ? '6' : 'X1') });

  it('declares its public operations exactly', async () => {
    const reachable: string[] = [];
    for (const op of operations) {
      const r = await fetch(`${s.url}${fill(op)}`, { method: op.method, headers: op.method === 'GET' ? {} : { 'content-type': 'application/json' }, body: op.method === 'GET' ? undefined : '{}' });
      if (r.status !== 401) reachable.push(opName(op));
    }
    expect(reachable.sort()).toEqual([...PUBLIC].sort());
  });

  it('every private operation refuses a missing, forged, expired, unsigned, stale or checked-out token with 401', { timeout: 120_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: victim.userCode, roles: ['user'], username: victim.email };
    const stale = await s.signUpMember();
    // A session ended by its Checkout: its access token is refused at once, everywhere.
    const ended = await s.signUpMember();
    const signedIn = await s.call('POST', 'auth/signIn', { body: { username: ended.email, password: ended.password } });
    await s.call('POST', 'auth/signOut', { body: { refreshToken: signedIn.body.data.refreshToken } });
    const tokens: Record<string, string | null> = {
      checkedOut: signedIn.body.data.accessToken,
      missing: null,
      forged: hs256({ ...claims, iat: now, exp: now + 3600 }, 'not-the-server-secret'),
      expired: await signClaims(s.app.db, { ...claims, iat: now - 7200, exp: now - 3600 }),
      unsigned: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 3600 })}.`,
      garbage: 'a.b.c',
      stale: stale.token,
    };
    // A password reset moves passwordChangedAt past the stale token's iat.
    await s.app.db.execute(sql`update ${users} set password_changed_at = now() + interval '5 seconds' where user_code = ${stale.userCode}`);
    const wrong: string[] = [];
    for (const op of operations.filter((o) => !PUBLIC.has(opName(o)))) {
      for (const [kind, token] of Object.entries(tokens)) {
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        if (op.method !== 'GET') headers['content-type'] = 'application/json';
        const r = await fetch(`${s.url}${fill(op)}`, { method: op.method, headers, body: op.method === 'GET' ? undefined : '{}' });
        if (r.status !== 401) wrong.push(`${r.status} ${kind} ${opName(op)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no member's write reaches another member's own things, and nothing changes", { timeout: 120_000 }, async () => {
    const writes = operations.filter((op) => op.method !== 'GET' && op.pathParams.some((p) => OWNED.includes(p)));
    expect(writes.length).toBeGreaterThan(20);
    const before = await databaseDigest();
    const wrong: string[] = [];
    for (const op of writes) {
      const example = examples()[opName(op)];
      if (op.bodyFields.length > 0 && !example) wrong.push(`no example body for ${opName(op)}: add one to examples()`);
      const body = JSON.stringify(example ?? {});
      const r = await fetch(`${s.url}${fill(op)}`, {
        method: op.method,
        headers: { authorization: `Bearer ${attacker.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body,
      });
      // A valid body reaches the authorization: the refusal must be 403/404, not a 400.
      if (![403, 404].includes(r.status)) wrong.push(`${r.status} ${opName(op)}`);
    }
    expect(wrong).toEqual([]);
    expect(await databaseDigest()).toBe(before);
  });

  // A read has no 403: another member's 'Only me' entry (and its comments) answers the very
  // 404 of a code that names nothing, so probing codes cannot tell "hidden" from "gone".
  it("every read of another member's hidden entry answers 404 like a missing one", async () => {
    const reads = operations.filter((op) => op.method === 'GET' && op.pathParams.includes('postCode'));
    expect(reads.map(opName)).toContain('GET /api/v1/user/post/{postCode}');
    const wrong: string[] = [];
    for (const op of reads) {
      const [hidden, missing] = await Promise.all(
        [owned.postCode, randomUUID()].map(async (postCode) => {
          const url = op.url({ pathValue: (name) => (name === 'postCode' ? postCode! : (owned[name] ?? 'X1')), queryValue: () => '1' });
          const r = await fetch(`${s.url}${url}`, { headers: { authorization: `Bearer ${attacker.token}` } });
          return { status: r.status, text: await r.text() };
        }),
      );
      if (hidden!.status !== 404 || hidden!.text !== missing!.text) wrong.push(`${hidden!.status} ${opName(op)}: ${hidden!.text.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});
