/**
 * Plain HTTP calls through the balancer, each answer with the host that served it
 * (X-Billionett-Host, set by the balancer) and the request id the balancer gave it.
 */
import http from 'node:http';
import { API_BASE } from '../../../src/contract/codes';
import { signUpMember } from '../../support/processes';
import { deployment } from './deployment';

// oxlint-disable-next-line typescript/no-explicit-any -- tests read answers loosely.
export type Answer = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; body: any; host: string; requestId: string };

export type CallOptions = { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer; localAddress?: string };

/** One call to `url` (absolute) on a connection of its own, from `localAddress` when given. */
export function request(url: string, method: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...opts.headers,
  };
  const payload = opts.raw ?? (opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false, localAddress: opts.localAddress, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const json = String(res.headers['content-type']).includes('json');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes,
          body: json ? JSON.parse(bytes.toString() || 'null') : null,
          host: String(res.headers['x-billionett-host'] ?? ''),
          requestId: String(res.headers['x-request-id'] ?? ''),
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in 20 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A call to the API through the balancer: `path` is under /api/v1. */
export const api = (method: string, path: string, opts: CallOptions = {}) => request(`${deployment().balancer}${API_BASE}/${path}`, method, opts);

/** Repeats `call` until every one of `hosts` has answered one (at most `max` calls); every answer. */
export async function acrossHosts(call: () => Promise<Answer>, hosts = ['api1', 'api2', 'api3'], max = 15): Promise<Answer[]> {
  const answers: Answer[] = [];
  while (answers.length < max && !hosts.every((h) => answers.some((a) => a.host === h))) answers.push(await call());
  return answers;
}

let members = 0;
/** A new ruby member signed up and in through the balancer (activation code straight into PostgreSQL). */
export const newMember = () => signUpMember(`${deployment().balancer}${API_BASE}`, deployment().postgresUrl, (members += 1));
