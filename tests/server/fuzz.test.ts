/**
 * Fuzz every operation of the OpenAPI document, generated from it: a route added tomorrow is
 * fuzzed without editing this file. Hostile path and query values, bodies with wrong types,
 * missing and extra fields, near-1 MB strings, NUL, malformed JSON and the wrong content
 * type, sent as a signed-in member (so input reaches validation, not only the auth check).
 * Every answer is a 2xx or a 4xx in the JSON envelope; none is 5xx; the server stays up and
 * its heap returns to where it was.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestMember, type TestServer } from '../support/server';
import { operationsOf, type Operation } from '../support/openapi';

const NEAR_MB = 'x'.repeat(900 * 1024);
/** Values for path and query parameters: traversal, SQL, NUL, broken UTF-8, huge and negative numbers, long. */
const HOSTILE_VALUES = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..',
  "1'%20OR%20'1'%3D'1",
  '%00',
  '%C3%28',
  '%FF%FE',
  '99999999999999999999999',
  '-1',
  '1e309',
  'NaN',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'a'.repeat(4000),
];
/** Whole bodies: malformed JSON, the wrong JSON shape. */
const RAW_BODIES: { body: string; type: string }[] = [
  { body: '{"a":', type: 'application/json' },
  { body: '[]', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '"text"', type: 'application/json' },
  { body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', type: 'application/json' },
  { body: '{"a":1}', type: 'text/plain' },
  { body: '<a/>', type: 'application/xml' },
  { body: `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`, type: 'application/json' },
  { body: '\u0000\u0001', type: 'application/json' },
];
/** Per-field replacements: every wrong type, NUL, a near-1 MB string, huge and negative numbers. */
const FIELD_VALUES: unknown[] = [null, 0, -1, 1e308, -1e308, 2 ** 63, true, [], {}, [{}], '', '\u0000', 'a\u0000b', '\ud800', NEAR_MB, '<img src=x onerror=alert(1)>'];

type Answer = { op: string; status: number; body: unknown };

function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('fuzz every OpenAPI operation', () => {
  let s: TestServer;
  let member: TestMember;
  let operations: Operation[];
  const answers: Answer[] = [];

  beforeAll(async () => {
    s = await startTestServer();
    member = await s.signUpMember();
    operations = operationsOf((await s.call('GET', 'openapi.json')).body);
  });
  afterAll(async () => {
    await s?.close();
  });

  async function send(op: Operation, url: string, init: { body?: string; type?: string } = {}) {
    const headers: Record<string, string> = { authorization: `Bearer ${member.token}` };
    if (init.type) headers['content-type'] = init.type;
    const response = await fetch(`${s.url}${url}`, { method: op.method, headers, body: op.method === 'GET' ? undefined : init.body });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Files (media, basemap) are not JSON.
    }
    answers.push({ op: `${op.method} ${url.slice(0, 120)}${init.body ? ` ${init.body.slice(0, 60)}` : ''}`, status: response.status, body });
  }

  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  async function fuzzAll(): Promise<void> {
    for (const op of operations) {
      const fill = (value: string) => op.url({ pathValue: () => value, queryValue: () => value });
      for (const value of HOSTILE_VALUES) if (op.pathParams.length || op.queryParams.length) await send(op, fill(value));
      if (op.method === 'GET') continue;
      const url = op.url({ pathValue: (name) => (name === 'userCode' ? member.userCode : 'X1'), queryValue: () => '1' });
      for (const raw of RAW_BODIES) await send(op, url, raw);
      const fields = op.bodyFields.length ? op.bodyFields : ['unknownField'];
      for (const field of fields) {
        for (const value of FIELD_VALUES) await send(op, url, { body: JSON.stringify({ [field]: value }), type: 'application/json' });
      }
      await send(op, url, { body: JSON.stringify({ extra: 1, ...Object.fromEntries(fields.map((f) => [f, 'a'])) }), type: 'application/json' });
      await send(op, url, { body: JSON.stringify({ big: NEAR_MB, bigger: NEAR_MB }), type: 'application/json' });
    }
  }

  it('hostile path and query values, hostile bodies and fields: never a 5xx, always the envelope', { timeout: 240_000 }, async () => {
    await fuzzAll();

    const failures = answers.filter((a) => a.status >= 500);
    expect(failures.map((a) => `${a.status} ${a.op}`)).toEqual([]);
    // A refusal is the JSON envelope with the server's words.
    const refusals = answers.filter((a) => a.status >= 400 && a.body && typeof a.body === 'object');
    for (const a of refusals) expect({ op: a.op, code: (a.body as { code?: unknown }).code }).toEqual({ op: a.op, code: a.status });
    expect(answers.filter((a) => a.status >= 400 && typeof a.body !== 'object').map((a) => a.op)).toEqual([]);
    expect(answers.length).toBeGreaterThan(1000);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect((await s.call('GET', 'health')).status).toBe(200);
  });

  it('a second round leaves the heap where the first left it (nothing retained per request)', { timeout: 240_000 }, async () => {
    answers.length = 0;
    const before = heapAfterGc();
    await fuzzAll();
    const count = answers.length;
    answers.length = 0;
    const grown = heapAfterGc() - before;
    // ~1,500 requests, a quarter of them near 1 MB: a leak of even one body a request is > 300 MB.
    expect(count).toBeGreaterThan(1000);
    expect(grown).toBeLessThan(30 * 1024 * 1024);
  });
});
