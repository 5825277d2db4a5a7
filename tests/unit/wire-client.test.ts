/**
 * The load generator's client (tests/bench/wire-client.ts): answers read off a connection's
 * bytes however they are cut, with a length, chunked or without a body, and a real server
 * answered over keep-alive connections, a closed one replaced.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerReader, requestBytes, wirePool } from '../bench/wire-client';

const read = (text: string, cut: number) => {
  const answers: { status: number; bytes: number; close: boolean }[] = [];
  const reader = new AnswerReader((a) => answers.push(a));
  const bytes = Buffer.from(text, 'latin1');
  for (let at = 0; at < bytes.length; at += cut) reader.feed(bytes.subarray(at, at + cut));
  return answers;
};

const STREAM = [
  'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"a":"bcd"}',
  'HTTP/1.1 204 No Content\r\n\r\n',
  'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5;x=1\r\nhello\r\n6\r\n world\r\n0\r\nx-trailer: 1\r\n\r\n',
  'HTTP/1.1 404 Not Found\r\ncontent-length: 3\r\nconnection: close\r\n\r\nnop',
].join('');

describe('AnswerReader', () => {
  it('reads each answer however the bytes are cut', () => {
    const expected = [
      { status: 200, bytes: 11, close: false },
      { status: 204, bytes: 0, close: false },
      { status: 200, bytes: 11, close: false },
      { status: 404, bytes: 3, close: true },
    ];
    for (const cut of [1, 2, 3, 7, 16, 64, STREAM.length]) expect(read(STREAM, cut)).toEqual(expected);
  });
});

describe('requestBytes', () => {
  it('writes the request line, host, headers and a body with its length', () => {
    expect(
      requestBytes('h:1', {
        path: '/p?q=1',
        headers: { authorization: 'Bearer t' },
      }).toString(),
    ).toBe('GET /p?q=1 HTTP/1.1\r\nhost: h:1\r\nauthorization: Bearer t\r\n\r\n');
    expect(requestBytes('h:1', { path: '/p', method: 'POST', body: 'é' }).toString()).toBe(
      'POST /p HTTP/1.1\r\nhost: h:1\r\ncontent-length: 2\r\n\r\né',
    );
  });
});

describe('wirePool', () => {
  it('names the host as the URL does, port 80 left out, and refuses what is not plain HTTP', () => {
    expect(wirePool('http://10.0.0.5', 1).bytesOf({ path: '/' }).toString()).toBe('GET / HTTP/1.1\r\nhost: 10.0.0.5\r\n\r\n');
    expect(wirePool('http://127.0.0.1:8080', 1).bytesOf({ path: '/' }).toString()).toContain('host: 127.0.0.1:8080\r\n');
    expect(() => wirePool('https://example.test', 1)).toThrow('plain HTTP/1.1 only');
  });

  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('answers many requests over a few keep-alive connections, and replaces one the server closes', async () => {
    const sockets = new Set<unknown>();
    let served = 0;
    server = createServer((req, res) => {
      sockets.add(req.socket);
      served += 1;
      // Every tenth answer ends its connection; a chunked answer now and then.
      if (served % 10 === 0) res.setHeader('connection', 'close');
      if (req.url === '/chunked') {
        res.write('part one, ');
        res.end('part two');
      } else res.end(JSON.stringify({ url: req.url, auth: req.headers.authorization }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const pool = wirePool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 4);
    const plain = pool.bytesOf({
      path: '/x',
      headers: { authorization: 'Bearer t' },
    });
    const chunked = pool.bytesOf({ path: '/chunked' });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => pool.request(i % 3 === 0 ? chunked : plain, 5_000)));
    pool.close();
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((_, i) => i % 3 === 0).every((a) => a.bytes === 'part one, part two'.length)).toBe(true);
    expect(answers[1]!.bytes).toBe(JSON.stringify({ url: '/x', auth: 'Bearer t' }).length);
    expect(served).toBe(60);
    // At most 4 at a time, and a new one for each closed: far fewer than one a request.
    expect(sockets.size).toBeLessThanOrEqual(4 + 6);
  });

  it('fails a request whose server does not answer in time', async () => {
    server = createServer(() => {});
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const pool = wirePool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 2);
    await expect(pool.request(pool.bytesOf({ path: '/' }), 200)).rejects.toThrow('timeout');
    pool.close();
    server.closeAllConnections();
  });
});
