/**
 * A keyed write with no body (saving an entry) is one content whether the body tap flushed
 * before the route ran or not (plugins/idempotency.ts): the outbox chaos suite once saw its
 * retry refused as "other content", and the entry's later writes held behind it.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signatureOf } from '../../src/server/plugins/idempotency';

const request = (bodyDigest?: string) => ({ method: 'POST', url: '/api/v1/post/save/p1', bodyDigest }) as unknown as FastifyRequest;
const digest = (bytes: string) => createHash('sha256').update(bytes).digest('base64url');

describe('signatureOf', () => {
  it('takes an empty body and no body for the same content, and any bytes for other content', () => {
    expect(signatureOf(request(digest(''))).full).toBe(signatureOf(request(undefined)).full);
    expect(signatureOf(request(digest('{}'))).full).not.toBe(signatureOf(request(undefined)).full);
  });
});
