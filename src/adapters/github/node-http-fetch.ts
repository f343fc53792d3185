// A `fetch` for Octokit built on node:http/https. Node's global fetch (undici) compiles its
// WebAssembly HTTP parser on first use, and the process then spends 100-200 ms more at exit
// waiting for that compilation: more than a whole idle tick's own work. This covers what
// @octokit/request uses (method, string or byte bodies, headers, abort, redirects; status,
// headers, text/json/arrayBuffer) and hands anything else to the global fetch.
import http from 'node:http';
import https from 'node:https';

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

/** Drop-in for Octokit's `request.fetch`. */
export async function nodeHttpFetch(input: string | URL, init: FetchInit = {}): Promise<MinimalResponse> {
  const body = init.body;
  const simpleBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer;
  if (!simpleBody) return (await globalThis.fetch(input, init as RequestInit)) as unknown as MinimalResponse;
  const bytes = body === undefined || body === null ? undefined : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as ArrayBuffer);
  let url = new URL(String(input));
  let method = (init.method ?? 'GET').toUpperCase();
  let payload = bytes;
  for (let hop = 0; ; hop++) {
    const res = await send(url, method, init.headers ?? {}, payload, init.signal ?? undefined);
    const location = res.headers.location;
    if (init.redirect !== 'manual' && location && [301, 302, 303, 307, 308].includes(res.statusCode ?? 0)) {
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
    return respond(url, res, init.signal ?? undefined);
  }
}

function send(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, signal: AbortSignal | undefined): Promise<http.IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!transport) return Promise.reject(new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) }));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const req = transport.request(
      url,
      {
        method,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        agent: agents[url.protocol as 'http:' | 'https:'],
        ...(signal ? { signal } : {}),
      },
      resolve,
    );
    req.once('error', (err) => reject(signal?.aborted ? abortError() : new TypeError('fetch failed', { cause: err })));
    req.end(body);
  });
}

function respond(url: URL, res: http.IncomingMessage, signal: AbortSignal | undefined): MinimalResponse {
  // Read at once (API answers are small), so a body nobody asks for (204, 304) still frees the
  // socket for the next request.
  const buffered = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.once('end', () => resolve(Buffer.concat(chunks)));
    res.once('error', (err) => reject(signal?.aborted ? abortError() : new TypeError('fetch failed', { cause: err })));
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

function abortError(): Error {
  const err = new Error('This operation was aborted');
  err.name = 'AbortError';
  return err;
}
