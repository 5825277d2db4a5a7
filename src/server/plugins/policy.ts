/**
 * Enforces the rules routes declare in their config (policy/rules.ts), in one place:
 * - at start: every API route declares `access`, and every POST/PUT/DELETE its `write`,
 *   or the server refuses to start (tests/server/route-rules.test.ts lists them all);
 * - on each request: sessions (plugins/auth.ts reads `access`), owners (403), feature
 *   reads hidden by privacy (200, accessCode 106, no rows);
 * - on each answer: a `write: 'once'` route that answered 2xx without going through
 *   idempotentWrite, or an `owner: 'form.userCode'` route that skipped `ownerOfForm`, is
 *   our bug: it answers 500 and is logged, so no test can pass over it.
 * Call on the root instance before any route is registered.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ACCESS_RESTRICTED, API_BASE } from '../../contract/codes';
import { HttpError } from '../http-error';
import type { Access, RouteRule, Where } from '../policy/rules';
import { featureVisible, loadOrigin, notFound, ownerOnly, type Origin } from '../policy/origins';
import { viewFeature, type Viewed } from '../policy/viewing';
import { PLAN_MESSAGES } from '../../contract/circle-admin';
import { planIncludes } from '../domain/members';
import { serviceRef } from '../domain/barter/repo';
import { BARTER_MESSAGES } from '../../contract/barter';
import { memberOf } from './auth';

export const OWNER_ONLY = 'Only the owner can change this.';
export { PLAN_MESSAGES } from '../../contract/circle-admin';
export const HIDDEN_ANSWER = { code: 200, message: 'Hidden by the member.', accessCode: ACCESS_RESTRICTED } as const;
const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared rules (tests walk it). */
    routeRules: RouteRule[];
  }
  interface FastifyRequest {
    /** Set by a `reads` rule: the member whose feature is read. */
    viewed: Viewed | null;
    /** Set by an `origin` rule: the circle or slate acted on. */
    origin: Origin | null;
    /** Set by an `author` rule: the caller's own thing acted on. */
    authored: { id: number } | null;
    /** Set by idempotentWrite and ownerOfForm: what the answer check looks for. */
    wroteOnce: boolean;
    formOwnerChecked: boolean;
  }
}

function valueAt(request: FastifyRequest, where: Where): string | undefined {
  const [part, name] = where.split('.') as ['params' | 'query' | 'body', string];
  const source = request[part] as Record<string, unknown> | undefined;
  const value = source?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The check a rule runs once the request is validated (params, query and body parsed), or none. */
function checkOf(app: FastifyInstance, access: Access): ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null {
  if (access === 'anyone' || access === 'member') return null;
  if ('plan' in access) {
    const feature = access.plan;
    return async (request) => {
      if (!(await planIncludes(app.db, memberOf(request).id, feature))) throw new HttpError(403, PLAN_MESSAGES[feature]);
    };
  }
  if ('author' in access) {
    const { at } = access;
    return async (request) => {
      const me = memberOf(request).id;
      const found = await serviceRef(app.db, valueAt(request, at) ?? '', me);
      if (!found || !found.visible) throw new HttpError(404, BARTER_MESSAGES.notFound);
      if (found.authorId !== me) throw new HttpError(403, BARTER_MESSAGES.notAuthor);
      request.authored = { id: found.id };
    };
  }
  if ('origin' in access) {
    const { origin: kind, at, role, reads } = access;
    return async (request, reply) => {
      const origin = await loadOrigin(app.db, kind, valueAt(request, at) ?? '', memberOf(request).id);
      if (!origin) throw notFound(kind);
      if (role === 'owner' && !origin.owner) throw ownerOnly();
      request.origin = origin;
      if (reads && !featureVisible(origin, reads)) return reply.send(HIDDEN_ANSWER);
    };
  }
  if ('owner' in access) {
    const where = access.owner;
    if (where === 'form.userCode') return null;
    return async (request) => {
      if (valueAt(request, where) !== memberOf(request).userCode) throw new HttpError(403, OWNER_ONLY);
    };
  }
  const { reads, of } = access;
  return async (request, reply) => {
    const viewed = await viewFeature(app.db, memberOf(request), valueAt(request, of), reads);
    request.viewed = viewed;
    if (!viewed.visible) return reply.send(HIDDEN_ANSWER);
  };
}

/** A multipart handler's owner check (`owner: 'form.userCode'`), once it has read the form. */
export function ownerOfForm(request: FastifyRequest, userCode: string): void {
  request.formOwnerChecked = true;
  if (userCode !== memberOf(request).userCode) throw new HttpError(403, OWNER_ONLY);
}

/** The circle or slate an `origin` rule resolved (the handler runs only when the caller may act). */
export function originOf(request: FastifyRequest): Origin {
  if (!request.origin) throw new Error(`${request.routeOptions.url} declares no 'origin' rule`);
  return request.origin;
}

/** The caller's own thing an `author` rule resolved. */
export function authoredOf(request: FastifyRequest): { id: number } {
  if (!request.authored) throw new Error(`${request.routeOptions.url} declares no 'author' rule`);
  return request.authored;
}

/** The member a `reads` rule resolved (the handler runs only when the caller may see it). */
export function viewedOf(request: FastifyRequest): Viewed {
  if (!request.viewed) throw new Error(`${request.routeOptions.url} declares no 'reads' rule`);
  return request.viewed;
}

export function setupPolicy(app: FastifyInstance): void {
  const table: RouteRule[] = [];
  app.decorate('routeRules', table);
  app.decorateRequest('viewed', null);
  app.decorateRequest('origin', null);
  app.decorateRequest('authored', null);
  app.decorateRequest('wroteOnce', false);
  app.decorateRequest('formOwnerChecked', false);

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    if (!url.startsWith(`${API_BASE}/`)) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const { access, write } = route.config ?? {};
    const name = `${methods.join(',')} ${url}`;
    if (!access) throw new Error(`${name} declares no access rule (config.access, src/server/policy/rules.ts)`);
    if (methods.some((m) => WRITES.has(m)) && !write) throw new Error(`${name} declares no write rule (config.write, src/server/policy/rules.ts)`);
    table.push({ method: methods.join(','), url, access, ...(write ? { write } : {}) });
    const check = checkOf(app, access);
    if (check) route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const { access, write } = request.routeOptions.config;
    if (reply.statusCode >= 400) return payload;
    const skipped =
      (write === 'once' && !request.wroteOnce) ||
      (typeof access === 'object' && 'owner' in access && access.owner === 'form.userCode' && !request.formOwnerChecked);
    if (!skipped) return payload;
    request.log.error({ url: request.routeOptions.url }, 'answered outside its declared rule');
    reply.code(500);
    return JSON.stringify({ code: 500, message: 'Something went wrong!' });
  });
}
