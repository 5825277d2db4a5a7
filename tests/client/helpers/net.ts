/**
 * The network between the sync worker and the real in-process server, under the
 * test's control: a fetch built on `app.inject` (the server's full plugin and route
 * stack, no sockets, no CORS), a switch to take the network down, a log of every
 * request, and a hook to lose or rewrite an answer.
 */
import type { FastifyInstance } from 'fastify';
import { BATCH_PATH, type BatchAnswer, type BatchRequest } from '../../../src/contract/batch';

/** `inBatch`: one item the server ran inside a POST /batch (logged after the batch itself). */
export type Sent = { method: string; path: string; key: string | null; status: number; replayed: boolean; inBatch?: true };
export type Around = (request: { method: string; path: string; key: string | null }, pass: () => Promise<Response>) => Promise<Response>;

export type Net = {
  fetch: typeof fetch;
  /** Every request that reached the server, with its answer's status. */
  log: Sent[];
  /** true: every request fails like a dead network (TypeError), reaching nothing. */
  down: boolean;
  around?: Around;
};

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** A fetch that hands the request to the Fastify app in-process. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const sentHeaders = headersOf(init);
    let payload: string | Buffer | undefined = typeof init?.body === 'string' ? init.body : undefined;
    if (init?.body && typeof init.body !== 'string') {
      // A multipart upload (FormData): let the engine encode it, boundary and all.
      const encoded = new Request(url.href, { method: init.method ?? 'POST', body: init.body });
      payload = Buffer.from(await encoded.arrayBuffer());
      sentHeaders['content-type'] = encoded.headers.get('content-type') ?? 'application/octet-stream';
    }
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: sentHeaders,
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  }) as typeof fetch;
}

export function createNet(app: FastifyInstance): Net {
  const inject = injectFetch(app);
  const net: Net = {
    log: [],
    down: false,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (net.down) throw new TypeError('Failed to fetch');
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const method = init?.method ?? 'GET';
      const key = new Headers(init?.headers).get('Idempotency-Key');
      const request = { method, path: url.pathname, key };
      const pass = async () => {
        const response = await inject(input, init);
        net.log.push({ ...request, status: response.status, replayed: response.headers.get('Idempotent-Replayed') === 'true' });
        if (method === 'POST' && url.pathname.endsWith(`/${BATCH_PATH}`)) await logBatchItems(net, url, init, response.clone());
        return response;
      };
      return net.around ? net.around(request, pass) : pass();
    }) as typeof fetch,
  };
  return net;
}

/** Each item a batch ran, as if it had been its own request; items the server did not run are not logged. */
async function logBatchItems(net: Net, url: URL, init: RequestInit | undefined, response: Response): Promise<void> {
  if (!response.ok || typeof init?.body !== 'string') return;
  const { items } = JSON.parse(init.body) as BatchRequest;
  const { data } = (await response.json()) as { data?: BatchAnswer };
  const base = url.pathname.slice(0, -BATCH_PATH.length);
  (data?.results ?? []).forEach((result, i) => {
    const item = items[i]!;
    const path = `${base}${item.path.split('?')[0]}`;
    net.log.push({ method: item.method, path, key: item.key, status: result.status, replayed: result.replayed ?? false, inBatch: true });
  });
}
