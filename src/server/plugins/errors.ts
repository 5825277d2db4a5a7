/**
 * Every failure leaves as the JSON envelope `{ code, message, errors? }` (contract/envelope.ts).
 * Bad input is a 400 naming each field; anything a client can send maps to a 4xx; only our
 * own faults are 500, logged with the request id and never described to the client.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { sqlState } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError } from '../http-error';

type Issue = { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> };
type ZodLikeIssue = { path: PropertyKey[]; message: string; code: string; errors?: ZodLikeIssue[][]; input?: unknown };

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'The request could not be read.',
  401: 'Please sign in again.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  413: 'The request is too large.',
  415: 'Unsupported content type.',
  429: 'Too many requests. Please wait a few minutes and try again.',
};

/** PostgreSQL restarting or unreachable: a moment's wait, not our bug (db/unavailable.ts). */
export const UNAVAILABLE_MESSAGE = 'The service is restarting. Please try again in a moment.';
/** Seconds a client waits before retrying a 503 (the outbox's own backoff applies too). */
export const RETRY_AFTER_SECONDS = 2;

export function sendError(reply: FastifyReply, status: number, message: string, errors?: Record<string, string[]>) {
  return reply.code(status).type('application/json').send(errors ? { code: status, message, errors } : { code: status, message });
}

/** `/password` → `password`; the root of the body → `body`. */
const fieldName = (path: readonly PropertyKey[], context: string) => (path.length ? path.map(String).join('.') : context);

const REQUIRED = 'This field is required.';

/**
 * A union (personal details OR privacy) fails every branch. Report the branch the client
 * was attempting: the one whose issues name most of the fields actually sent, then the
 * one with fewer missing fields.
 */
function pickUnionBranch(branches: ZodLikeIssue[][], sent: Set<string>): ZodLikeIssue[] {
  const named = (b: ZodLikeIssue[]) => b.filter((i) => sent.has(String(i.path[0]))).length;
  const missing = (b: ZodLikeIssue[]) => b.filter((i) => !sent.has(String(i.path[0]))).length;
  return [...branches].sort((a, b) => named(b) - named(a) || missing(a) - missing(b))[0] ?? [];
}

function flatten(issue: ZodLikeIssue, prefix: PropertyKey[], sent: Set<string>): { path: PropertyKey[]; message: string }[] {
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    return pickUnionBranch(issue.errors, sent).flatMap((i) => flatten(i, [...prefix, ...issue.path], sent));
  }
  return [{ path: [...prefix, ...issue.path], message: issue.message }];
}

/**
 * Field → messages. `input` is what the client sent (body or query): a top-level field it
 * did not send at all reads "This field is required." instead of zod's type jargon.
 */
export function validationErrors(validation: Issue[], context: string, input?: unknown): Record<string, string[]> {
  const sent = new Set(input && typeof input === 'object' ? Object.keys(input) : []);
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const entries =
      issue.keyword === 'invalid_union' && Array.isArray(issue.params?.errors) && path.length === 0
        ? flatten({ path: [], message: issue.message ?? '', code: 'invalid_union', errors: issue.params.errors as ZodLikeIssue[][] }, path, sent)
        : [{ path, message: issue.message ?? 'Invalid value.' }];
    for (const e of entries) {
      const top = e.path[0];
      const message = top !== undefined && input && typeof input === 'object' && !sent.has(String(top)) ? REQUIRED : e.message;
      const list = (errors[fieldName(e.path, context)] ??= []);
      if (!list.includes(message)) list.push(message);
    }
  }
  return errors;
}

/** Called on the root instance (not registered), so the handler covers every route. */
export function setupErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.errors);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const context = error.validationContext ?? 'body';
      const input = context === 'body' ? request.body : context === 'querystring' ? request.query : context === 'params' ? request.params : undefined;
      const errors = validationErrors(error.validation as Issue[], context, input);
      const first = Object.values(errors)[0]?.[0] ?? MESSAGES_BY_STATUS[400]!;
      return sendError(reply, 400, first, errors);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Rate limit, JWT and body-parser errors carry their own status; their wording is ours.
      const message = status === 429 ? error.message : (MESSAGES_BY_STATUS[status] ?? error.message);
      return sendError(reply, status, message);
    }
    // SQLSTATE class 22 (data exception: a NUL byte in text, a date out of range…) is bad
    // input that slipped past the schema: the client's fault, not ours.
    if (sqlState(error)?.startsWith('22')) return sendError(reply, 400, MESSAGES_BY_STATUS[400]!);
    // The database going away mid-deploy is expected: warn without a stack, answer 503 so
    // the outbox (which retries 5xx) and any other client try again shortly.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error.message }, 'database unavailable');
      return sendError(reply.header('retry-after', String(RETRY_AFTER_SECONDS)), 503, UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong!');
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KB, a
 * garbled request line): the same JSON envelope as every other refusal, then the socket
 * closes, as the parser cannot read on from there.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? 'The request headers are too large.' : status === 408 ? 'The request took too long.' : MESSAGES_BY_STATUS[400];
  const body = JSON.stringify({ code: status, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      // No page ever renders from here: the tightest policy (security-headers.ts has the app's).
      `X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n` +
      `X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
