/**
 * Through the balancer, plain HTTP: requests go round all three hosts, each with a request id
 * the balancer logs; a member signed up through one host is signed in on every host; a
 * picture stored through one host is served by the others byte for byte; wrong passwords from
 * one address, spread over the hosts, meet one limit.
 */
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { MEDIA_PATHS } from '../../src/contract/media';
import { tinyPng } from '../support/media';
import { deployment, hostStatuses, logs, SPRAYER_ADDRESS } from './support/deployment';
import { acrossHosts, api, newMember, request } from './support/http';

const ALL = ['api1', 'api2', 'api3'];

describe('the balancer in front of three hosts', () => {
  it('checks every host and sends requests round all three, each with an id it logs', async () => {
    expect(await hostStatuses()).toEqual({ api1: 'UP', api2: 'UP', api3: 'UP' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => api('GET', 'health')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Round robin: six requests, each host twice.
    expect(ALL.map((h) => answers.filter((a) => a.host === h).length)).toEqual([2, 2, 2]);
    const ids = answers.map((a) => a.requestId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(6);
    // The balancer writes its line when the answer has gone: give it a moment.
    await expect.poll(() => ids.every((id) => logs('haproxy').includes(`id=${id}`)), { timeout: 5000 }).toBe(true);
    const line = logs('haproxy').split('\n').find((l) => l.includes(`id=${ids[0]}`));
    expect(line).toMatch(new RegExp(`api/${answers[0]!.host} .* 200 .*"GET /api/v1/health HTTP/1.1"`));
  });

  it('a member signed up through one host is signed in on every host', async () => {
    const a = await newMember();
    const reads = await acrossHosts(() => api('GET', `${ENTRY_PATHS.home}?pageSize=5`, { token: a.token }));
    expect(new Set(reads.map((r) => r.host))).toEqual(new Set(ALL));
    // Hosts that did not share their signing keys (issue 28 §1) answered 401 here.
    expect(reads.map((r) => `${r.host} ${r.status}`).filter((r) => !r.endsWith(' 200'))).toEqual([]);
  });

  it('a picture stored through one host is served through the others, byte for byte', async () => {
    const a = await newMember();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await tinyPng())]), 'tiny.png');
    const encoded = new Request('http://form.invalid', { method: 'POST', body: form });
    const upload = await api('POST', MEDIA_PATHS.upload, {
      token: a.token,
      headers: { 'content-type': encoded.headers.get('content-type')!, 'idempotency-key': uuidv7() },
      raw: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(upload.status).toBe(201);
    const path = upload.body.data.path as string;
    const served = await acrossHosts(() => request(`${deployment().balancer}${path}`, 'GET'));
    expect(served.filter((r) => r.host !== upload.host).length).toBeGreaterThan(0);
    expect(new Set(served.map((r) => r.host))).toEqual(new Set(ALL));
    for (const r of served) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect(r.bytes.equals(served[0]!.bytes)).toBe(true);
    }
    expect(served[0]!.bytes.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('rate limits count across hosts: 20 wrong passwords from one address over three hosts, then 429', async () => {
    // From an address of the client's own (see SPRAYER_ADDRESS), which the balancer puts in
    // X-Forwarded-For; a header the client forges is to its left and ignored.
    const statuses: number[] = [];
    const hosts = new Set<string>();
    for (let i = 0; i < 21; i += 1) {
      const r = await api('POST', 'auth/signIn', {
        body: { username: `nobody${i}.${randomBytes(4).toString('hex')}@example.com`, password: 'Wrong#1234' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        localAddress: SPRAYER_ADDRESS,
      });
      statuses.push(r.status);
      hosts.add(r.host);
    }
    expect(hosts).toEqual(new Set(ALL));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    // The limit is the sprayer's alone: the client's usual address still signs in.
    const a = await newMember();
    expect((await api('POST', 'auth/signIn', { body: { username: a.email, password: a.password } })).status).toBe(200);
  });
});
