/**
 * Feed pages and searches kept as the bytes sent (src/server/http/kept-answers.ts): the same
 * answer in brotli, gzip and as it is, whichever was asked first; and a kept answer is never
 * sent once a write has changed it — a new entry, a privacy turned to Only me, a billionett
 * removed — on the home feed, a suite and a search, for the viewer whose answer was kept.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { v7 as uuid } from 'uuid';
import { ENTRY_PATHS as P, type PostItem } from '../../src/contract/entries';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';

/** One GET as a browser sends it, the bytes as they came (fetch would decode them). */
function rawGet(s: TestServer, path: string, token: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  const url = new URL(`${s.api}/${path}`);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (r: { headers: Record<string, string | string[] | undefined>; bytes: Buffer }) => {
  const encoding = r.headers['content-encoding'];
  const text = (encoding === 'br' ? brotliDecompressSync(r.bytes) : encoding === 'gzip' ? gunzipSync(r.bytes) : r.bytes).toString('utf8');
  return JSON.parse(text) as { data: { userPosts?: PostItem[]; searchedPost?: PostItem[] }; totalRecords: number };
};

describe.each(dbTargets())('answers kept as bytes on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let author: TestMember;
  let friend: TestMember;
  serverForSuite({ databaseUrl }, 2, (server, members) => {
    s = server;
    [author, friend] = members as [TestMember, TestMember];
  });

  const befriend = async () => {
    await s.call('PUT', FRIEND_PATHS.suggestionAccept(friend.userCode), { token: author.token });
    await s.call('POST', FRIEND_PATHS.requestAccept(author.userCode), { token: friend.token });
  };
  const write = async (description: string, privacyCode = 2) => {
    const postCode = uuid();
    const res = await s.call('POST', P.create, { token: author.token, body: { userPostCode: postCode, featureCode: 5, postDescription: description, privacyCode } });
    expect(res.status).toBe(201);
    return postCode;
  };
  const codesIn = (answer: ReturnType<typeof decoded>) => (answer.data.userPosts ?? answer.data.searchedPost ?? []).map((p) => p.originalPost?.postCode);
  const feeds = () => [P.home, `${P.suite}?userCode=${author.userCode}`, P.search('quokka')];
  const read = async (path: string, encoding = 'br') => decoded(await rawGet(s, path, friend.token, { 'accept-encoding': encoding }));

  it('answers the same page in brotli, gzip and as it is, whichever is asked first', async () => {
    await befriend();
    // Enough entries that the page passes the compression threshold.
    for (let i = 0; i < 6; i++) await write(`quokka number ${i} ${'on the island of Rottnest, smiling at every visitor '.repeat(4)}`);
    for (const path of feeds()) {
      const br = await rawGet(s, path, friend.token, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await rawGet(s, path, friend.token, { 'accept-encoding': 'gzip' });
      const plain = await rawGet(s, path, friend.token, { 'accept-encoding': 'identity' });
      const optedOut = await rawGet(s, path, friend.token, { 'accept-encoding': 'br', 'x-no-compression': '1' });
      const brAgain = await rawGet(s, path, friend.token, { 'accept-encoding': 'br' });
      expect([br.status, gzip.status, plain.status, optedOut.status]).toEqual([200, 200, 200, 200]);
      expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding'], optedOut.headers['content-encoding']]).toEqual(['br', 'gzip', undefined, undefined]);
      expect(br.headers['vary']).toContain('accept-encoding');
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(decoded(br).data).toEqual(JSON.parse(plain.bytes.toString('utf8')).data);
      expect(decoded(gzip)).toEqual(decoded(br));
      expect(decoded(optedOut)).toEqual(decoded(br));
      expect(brAgain.bytes.equals(br.bytes)).toBe(true);
      expect(codesIn(decoded(br)).length).toBeGreaterThan(0);
    }
  });

  it('a new entry, a privacy turned to Only me and a billionett removed are news to a kept answer', async () => {
    const fresh = await write('quokka with a brand new selfie');
    for (const path of feeds()) expect(codesIn(await read(path))).toContain(fresh);
    // Only me: gone from the billionett's home, the author's suite and the search at once.
    expect((await s.call('PUT', P.privacy(fresh), { token: author.token, body: { privacyCode: 3 } })).status).toBe(201);
    for (const path of feeds()) expect(codesIn(await read(path))).not.toContain(fresh);
    // Billionetts only: seen again, then gone when the friendship is.
    expect((await s.call('PUT', P.privacy(fresh), { token: author.token, body: { privacyCode: 2 } })).status).toBe(201);
    for (const path of feeds()) expect(codesIn(await read(path, 'gzip'))).toContain(fresh);
    expect((await s.call('PUT', FRIEND_PATHS.unfriend(author.userCode), { token: friend.token })).status).toBe(200);
    for (const path of feeds()) expect(codesIn(await read(path))).not.toContain(fresh);
  });
});
