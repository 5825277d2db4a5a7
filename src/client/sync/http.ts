/**
 * The worker's one HTTP door: base URL, bearer token, 60 s timeout (spec §9),
 * the JSON envelope, and the classification every caller acts on:
 * - ok: a 2xx answer;
 * - retryable: no answer (network down, timeout), 408, 429 or 5xx — try again later;
 * - unauthorized: 401 — the session is over;
 * - rejected: any other 4xx — the server refused; its message (and field errors) say why.
 */
import { DEFAULT_TOKEN_TYPE, HTTP_TIMEOUT_MS } from '../../contract/codes';
import type { Envelope } from '../../contract/envelope';

export const OFFLINE_MESSAGE = 'You are offline. Try again when connected.';
const TIMEOUT_MESSAGE = 'The server took too long to answer. Try again.';
/** spec/calls.md §8 "Feed failure": the page's words when the server gives none. */
const FALLBACK_MESSAGE = 'Something went wrong!';

export type HttpOk<T> = { kind: 'ok'; status: number; body: Envelope<T> };
export type HttpFailure =
  | { kind: 'retryable'; status: number; message: string; offline: boolean }
  | { kind: 'unauthorized'; status: 401; message: string }
  | { kind: 'rejected'; status: number; message: string; errors?: Record<string, string[]> };
export type HttpResult<T> = HttpOk<T> | HttpFailure;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** The bearer token; public auth calls send none. */
  token?: string;
  tokenType?: string;
  /** The outbox item id: the server applies a write once per key. */
  idempotencyKey?: string;
  /** A multipart body (picture upload, crop) instead of JSON; the engine sets its boundary. */
  form?: FormData;
  /** Upload progress 0..1 of `form`: fetch cannot report it, so such a request goes by XMLHttpRequest. */
  onProgress?: (fraction: number) => void;
};

export type Http = { send<T>(path: string, options?: RequestOptions): Promise<HttpResult<T>> };

export function createHttp(options: { baseUrl: string; fetchImpl?: typeof fetch }): Http {
  const base = options.baseUrl.replace(/\/+$/, '');
  // Looked up per call, not captured: a test may swap the global after creation.
  const doFetch: typeof fetch = (input, init) => (options.fetchImpl ?? globalThis.fetch)(input, init);

  async function send<T>(path: string, req: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (req.body !== undefined && !req.form) headers['Content-Type'] = 'application/json';
    if (req.token) headers.Authorization = `${req.tokenType || DEFAULT_TOKEN_TYPE} ${req.token}`;
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;

    let response: Response;
    try {
      const url = buildUrl(base, path, req.query);
      const method = req.method ?? 'GET';
      const body = req.form ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
      // XMLHttpRequest exists in a dedicated worker; tests (Node) have none and take fetch.
      response =
        req.form && req.onProgress && typeof XMLHttpRequest !== 'undefined' && !options.fetchImpl
          ? await sendWithProgress(url, method, headers, req.form, req.onProgress)
          : await doFetch(url, { method, headers, body, signal: timeoutSignal() });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { kind: 'retryable', status: 0, message: timedOut ? TIMEOUT_MESSAGE : OFFLINE_MESSAGE, offline: !timedOut };
    }
    return classify<T>(response);
  }

  return { send };
}

/**
 * fetch has no upload progress, so a picture upload goes by XMLHttpRequest (available in
 * workers); its answer is turned into a Response so `classify` reads it like any other.
 * A network failure rejects with a TypeError, a timeout with a TimeoutError, as fetch does.
 */
function sendWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.timeout = HTTP_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      onProgress(1);
      const type = xhr.getResponseHeader('Content-Type') ?? 'application/json';
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers: { 'Content-Type': type } }));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    xhr.addEventListener('abort', () => reject(new TypeError('Failed to fetch')));
    xhr.addEventListener('timeout', () => reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    xhr.send(form);
  });
}

async function classify<T>(response: Response): Promise<HttpResult<T>> {
  return classifyAnswer<T>(response.status, await readJson(response));
}

/**
 * The classification above for an answer already read: a request's own, or one item's
 * result inside a batch answer (batch.ts), so both are treated alike.
 */
export function classifyAnswer<T>(status: number, raw: unknown): HttpResult<T> {
  const body = raw && typeof raw === 'object' ? (raw as LooseBody) : null;
  const message = typeof body?.message === 'string' && body.message ? body.message : FALLBACK_MESSAGE;
  if (status >= 200 && status < 300) {
    // A 2xx we cannot read is treated like a lost answer: the write is idempotent, so resend.
    if (!body) return { kind: 'retryable', status, message: FALLBACK_MESSAGE, offline: false };
    return { kind: 'ok', status, body: body as Envelope<T> };
  }
  if (status === 401) return { kind: 'unauthorized', status, message };
  if (status === 408 || status === 429 || status >= 500 || status < 400) {
    return { kind: 'retryable', status, message, offline: false };
  }
  const errors = isErrors(body?.errors) ? body.errors : undefined;
  return errors ? { kind: 'rejected', status, message, errors } : { kind: 'rejected', status, message };
}

type LooseBody = { message?: unknown; errors?: unknown; [key: string]: unknown };

async function readJson(response: Response): Promise<LooseBody | null> {
  try {
    const value: unknown = await response.json();
    return value && typeof value === 'object' ? (value as LooseBody) : null;
  } catch {
    return null;
  }
}

function isErrors(value: unknown): value is Record<string, string[]> {
  return !!value && typeof value === 'object' && Object.values(value).every((v) => Array.isArray(v));
}

function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const url = `${base}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Older engines lack AbortSignal.timeout; they simply wait for the network's own timeout. */
function timeoutSignal(): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function'
    ? AbortSignal.timeout(HTTP_TIMEOUT_MS)
    : undefined;
}
