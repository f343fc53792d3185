// A `fetch` for Octokit built on node:http/https. Node's global fetch (undici) compiles its
// WebAssembly HTTP parser on first use, and the process then spends 100-200 ms more at exit
// waiting for that compilation: more than a whole idle tick's own work. This covers what
// @octokit/request uses (method, string or byte bodies, headers, abort, redirects; status,
// headers, text/json/arrayBuffer) and hands anything else to the global fetch. Unlike fetch, each
// request has a time limit: a stalled API connection fails the request instead of the job.
import http from 'node:http';
import https from 'node:https';
import { exactDuration } from '../../core/errors.js';

export interface FetchInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | null;
  redirect?: 'follow' | 'manual' | 'error';
}

/** The part of a fetch Response that @octokit/request reads. */
export interface MinimalResponse {
  status: number;
  statusText: string;
  url: string;
  ok: boolean;
  headers: MinimalHeaders;
  body: null;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export class MinimalHeaders implements Iterable<[string, string]> {
  private readonly map = new Map<string, string>();
  constructor(raw: http.IncomingHttpHeaders) {
    for (const [k, v] of Object.entries(raw)) if (v !== undefined) this.map.set(k.toLowerCase(), Array.isArray(v) ? v.join(', ') : v);
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  [Symbol.iterator](): Iterator<[string, string]> {
    return this.map.entries();
  }
}

const MAX_REDIRECTS = 5;
// Keep-alive, as fetch does: one tick makes several requests to the same API host.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
/** GitHub ends a REST request after 10 s itself; anything much slower is a stalled connection. */
export const DEFAULT_HTTP_TIMEOUT_MS = 60_000;

export interface NodeHttpFetchOptions {
  /**
   * Longest a request may take from connecting to the last byte of the answer; then it fails
   * as a network error (which Octokit retries). Default DEFAULT_HTTP_TIMEOUT_MS.
   */
  timeoutMs?: number;
}

export type NodeHttpFetch = (input: string | URL, init?: FetchInit) => Promise<MinimalResponse>;

/** A drop-in for Octokit's `request.fetch` whose requests end after `timeoutMs`. */
export function createNodeHttpFetch(options: NodeHttpFetchOptions = {}): NodeHttpFetch {
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`Invalid timeoutMs ${String(timeoutMs)}: expected a number of milliseconds above 0.`);
  return (input, init) => fetchWithTimeout(input, init ?? {}, timeoutMs);
}

/** Drop-in for Octokit's `request.fetch`, with the default timeout. */
export const nodeHttpFetch: NodeHttpFetch = createNodeHttpFetch();

async function fetchWithTimeout(input: string | URL, init: FetchInit, timeoutMs: number): Promise<MinimalResponse> {
  const body = init.body;
  const simpleBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer;
  if (!simpleBody) return (await globalThis.fetch(input, init as RequestInit)) as unknown as MinimalResponse;
  const bytes = body === undefined || body === null ? undefined : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as ArrayBuffer);
  let url = new URL(String(input));
  let method = (init.method ?? 'GET').toUpperCase();
  let payload = bytes;
  for (let hop = 0; ; hop++) {
    const exchange = await send(url, method, init.headers ?? {}, payload, init.signal ?? undefined, timeoutMs);
    const res = exchange.res;
    const location = res.headers.location;
    if (init.redirect !== 'manual' && location && [301, 302, 303, 307, 308].includes(res.statusCode ?? 0)) {
      exchange.done();
      res.resume();
      if (init.redirect === 'error' || hop >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error(`redirect to ${location} not followed`) });
      url = new URL(location, url);
      // As fetch does: 303 (and 301/302 after a POST) become a GET without a body.
      if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        payload = undefined;
      }
      continue;
    }
    return respond(url, exchange, init.signal ?? undefined);
  }
}

interface Exchange {
  res: http.IncomingMessage;
  /** Stops the request's clock (the answer was read, or is dropped). */
  done(): void;
}

function send(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, signal: AbortSignal | undefined, timeoutMs: number): Promise<Exchange> {
  const transport = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!transport) return Promise.reject(new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) }));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    let answered: http.IncomingMessage | undefined;
    const req = transport.request(
      url,
      {
        method,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        agent: agents[url.protocol as 'http:' | 'https:'],
        ...(signal ? { signal } : {}),
      },
      (res) => {
        answered = res;
        resolve({ res, done: () => clearTimeout(timer) });
      },
    );
    // One clock from connecting to the answer's last byte: a server that accepts and never
    // answers, or stops halfway, would otherwise hold the job until the runner's own limit.
    const timer = setTimeout(() => {
      const err = timeoutError(method, url, timeoutMs);
      // After the headers the answer carries the error to whoever reads its body.
      if (answered) answered.destroy(err);
      else req.destroy(err);
    }, timeoutMs);
    // A request in flight holds its socket, which keeps the process alive: the clock need not.
    timer.unref();
    req.once('error', (err) => {
      clearTimeout(timer);
      reject(signal?.aborted ? abortError() : new TypeError('fetch failed', { cause: err }));
    });
    req.end(body);
  });
}

function respond(url: URL, exchange: Exchange, signal: AbortSignal | undefined): MinimalResponse {
  const { res } = exchange;
  // Read at once (API answers are small), so a body nobody asks for (204, 304) still frees the
  // socket for the next request.
  const buffered = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.once('end', () => {
      exchange.done();
      resolve(Buffer.concat(chunks));
    });
    res.once('close', () => exchange.done());
    res.once('error', (err) => {
      exchange.done();
      reject(signal?.aborted ? abortError() : new TypeError('fetch failed', { cause: err }));
    });
  });
  buffered.catch(() => undefined); // reported when read; never an unhandled rejection
  const bytes = () => buffered;
  const status = res.statusCode ?? 0;
  return {
    status,
    statusText: res.statusMessage ?? '',
    url: url.toString(),
    ok: status >= 200 && status < 300,
    headers: new MinimalHeaders(res.headers),
    body: null,
    text: async () => (await bytes()).toString('utf8'),
    json: async () => JSON.parse((await bytes()).toString('utf8')) as unknown,
    arrayBuffer: async () => {
      const b = await bytes();
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    },
  };
}

/** Says what was asked of whom and for how long; Octokit shows the message as the request's error. */
function timeoutError(method: string, url: URL, timeoutMs: number): Error {
  const err = new Error(`${method} ${url.origin}${url.pathname} got no complete answer within ${exactDuration(timeoutMs)}; the request was given up`);
  err.name = 'TimeoutError';
  return err;
}

function abortError(): Error {
  const err = new Error('This operation was aborted');
  err.name = 'AbortError';
  return err;
}
