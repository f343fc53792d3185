// A stand-in for the GitHub Actions cache service on 127.0.0.1, spoken to by the real
// `@actions/cache` library over real HTTP. It serves both protocols the library knows:
//
// - v1 (ACTIONS_CACHE_SERVICE_V2 unset): REST under `<ACTIONS_CACHE_URL>_apis/artifactcache/`:
//   `GET cache?keys=&version=` (lookup, 204 on a miss), `POST caches` (reserve),
//   `PATCH caches/<id>` with Content-Range (upload chunk), `POST caches/<id>` (commit).
// - v2 (ACTIONS_CACHE_SERVICE_V2 set; what github.com runners use): twirp JSON at
//   `<ACTIONS_RESULTS_URL>twirp/github.actions.results.api.v1.CacheService/<Method>` for
//   CreateCacheEntry / FinalizeCacheEntryUpload / GetCacheEntryDownloadURL, and the archive goes
//   to the signed URL through the Azure Blob SDK (one `PUT` with `x-ms-blob-type: BlockBlob`).
//
// Archives are downloaded with a plain GET of the signed URL in both protocols: the library only
// takes the ranged/Azure-SDK download paths for `*.blob.core.windows.net` hosts.
// Semantics kept from GitHub: an entry is (key, version); entries are immutable (a second reserve
// of the same key and version is refused with 409 "already exists"); only committed entries are
// found; lookup takes the exact primary key first, then each key in order as a prefix, choosing
// the most recently created match. Not modelled: branch scopes, eviction, staged block uploads
// (archives over 128 MiB), size limits.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type CacheProtocol = 'v1' | 'v2';

export interface FakeCacheEntry {
  id: number;
  key: string;
  version: string;
  /** Creation order: a higher number is a newer entry. */
  seq: number;
  createdAt: string;
  /** Bytes received so far (the archive once committed). */
  archive: Buffer;
  committed: boolean;
}

/**
 * HTTP status to answer with instead of doing the work; unset means healthy. Pick statuses the
 * library does not retry (e.g. 400, 403) to keep tests fast: v1 retries 502/503/504 after 5 s,
 * twirp retries 500/502/503/504 after 3 s and more, the Azure SDK retries 5xx after 4 s.
 */
export interface CacheFaults {
  /** v1 `GET cache`, v2 GetCacheEntryDownloadURL. */
  lookup?: number;
  /** v1 `POST caches`, v2 CreateCacheEntry. */
  reserve?: number;
  /** v1 `PATCH caches/<id>`, v2 the blob `PUT`. */
  upload?: number;
  /** v1 `POST caches/<id>`, v2 FinalizeCacheEntryUpload. */
  commit?: number;
  /** The archive `GET` behind the signed URL. */
  download?: number;
}

export interface FakeCacheService {
  readonly protocol: CacheProtocol;
  readonly url: string;
  /** Variables that point `@actions/cache` at this server (set them in process.env). */
  readonly env: Record<string, string>;
  readonly entries: FakeCacheEntry[];
  readonly faults: CacheFaults;
  /** Called right after an entry is committed (to stage a race with another writer). */
  afterCommit: ((entry: FakeCacheEntry) => void) | null;
  /** Adds a committed entry as another writer would (its archive is not a real one). */
  addEntry(key: string, version: string, archive?: Buffer): FakeCacheEntry;
  /** `METHOD /path status` of every request, in order. */
  readonly requests: string[];
  /** Sets `env` in process.env (clearing the other protocol's variables); returns an undo. */
  applyEnv(): () => void;
  close(): Promise<void>;
}

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.CacheService/';
const V1_PREFIX = '/_apis/artifactcache/';
// Path-style blob URL, as the Azure SDK expects for an IP host: /<account>/<container>/<blob>.
const BLOB_PREFIX = '/devstoreaccount1/actions-cache/';
const SCOPE = 'refs/heads/main';
/** Every variable applyEnv() owns, so one protocol's settings never leak into the other's tests. */
const OWNED_VARS = ['ACTIONS_CACHE_SERVICE_V2', 'ACTIONS_CACHE_URL', 'ACTIONS_RESULTS_URL', 'ACTIONS_RUNTIME_TOKEN', 'ACTIONS_CACHE_MODE', 'GITHUB_SERVER_URL', 'RUNNER_TEMP'];

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeCacheService(options: { protocol?: CacheProtocol; token?: string } = {}): Promise<FakeCacheService> {
  const protocol = options.protocol ?? 'v2';
  const token = options.token ?? `cache-token-${randomBytes(6).toString('hex')}`;
  const signature = randomBytes(12).toString('hex');
  const entries: FakeCacheEntry[] = [];
  const faults: CacheFaults = {};
  const requests: string[] = [];
  // The library's archive temp dir is RUNNER_TEMP (or /home/actions/temp without it).
  const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'fake-cache-runner-temp-'));
  let nextId = 1;
  let nextSeq = 1;
  let base = '';
  const hooks: { afterCommit: ((entry: FakeCacheEntry) => void) | null } = { afterCommit: null };

  const findMatch = (keys: string[], version: string): FakeCacheEntry | undefined => {
    const visible = entries.filter((e) => e.committed && e.version === version);
    const exact = visible.find((e) => e.key === keys[0]);
    if (exact) return exact;
    for (const prefix of keys) {
      const hits = visible.filter((e) => e.key.startsWith(prefix));
      if (hits.length) return hits.reduce((a, b) => (b.seq > a.seq ? b : a));
    }
    return undefined;
  };

  const reserve = (key: string, version: string): FakeCacheEntry => {
    if (typeof key !== 'string' || !key || typeof version !== 'string' || !version) throw new HttpFailure(400, 'key and version are required');
    if (entries.some((e) => e.key === key && e.version === version)) {
      throw new HttpFailure(409, `cache entry with the same key, version, and scope already exists (key ${key})`);
    }
    const entry: FakeCacheEntry = { id: nextId++, key, version, seq: nextSeq++, createdAt: new Date().toISOString(), archive: Buffer.alloc(0), committed: false };
    entries.push(entry);
    return entry;
  };

  const blobUrl = (entry: FakeCacheEntry): string => `${base}${BLOB_PREFIX}${entry.id}?sv=2024-01-01&sig=${signature}`;

  const pending = (id: number): FakeCacheEntry => {
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new HttpFailure(404, `no cache entry ${id}`);
    if (entry.committed) throw new HttpFailure(409, `cache entry ${id} is already committed; entries are immutable`);
    return entry;
  };

  const checkAuth = (req: IncomingMessage): void => {
    if (req.headers.authorization !== `Bearer ${token}`) throw new HttpFailure(401, 'missing or wrong bearer token');
  };

  const fault = (name: keyof CacheFaults): void => {
    const status = faults[name];
    if (status !== undefined) throw new HttpFailure(status, `injected ${name} fault`);
  };

  async function handleV1(req: IncomingMessage, url: URL, body: Buffer): Promise<[number, unknown]> {
    checkAuth(req);
    const resource = url.pathname.slice(V1_PREFIX.length);
    if (req.method === 'GET' && resource === 'cache') {
      fault('lookup');
      const keys = (url.searchParams.get('keys') ?? '').split(',');
      const entry = findMatch(keys, url.searchParams.get('version') ?? '');
      if (!entry) return [204, undefined];
      return [200, { cacheKey: entry.key, scope: SCOPE, cacheVersion: entry.version, creationTime: entry.createdAt, archiveLocation: blobUrl(entry) }];
    }
    if (req.method === 'GET' && resource === 'caches') {
      const key = url.searchParams.get('key') ?? '';
      const list = entries.filter((e) => e.committed && e.key.startsWith(key));
      return [200, { totalCount: list.length, artifactCaches: list.map((e) => ({ cacheKey: e.key, cacheVersion: e.version, scope: SCOPE, creationTime: e.createdAt })) }];
    }
    if (req.method === 'POST' && resource === 'caches') {
      fault('reserve');
      const { key, version } = JSON.parse(body.toString('utf8')) as { key: string; version: string };
      return [201, { cacheId: reserve(key, version).id }];
    }
    const idMatch = /^caches\/(\d+)$/.exec(resource);
    if (idMatch && req.method === 'PATCH') {
      fault('upload');
      const entry = pending(Number(idMatch[1]));
      const range = /^bytes (\d+)-(\d+)\/\*$/.exec(req.headers['content-range'] ?? '');
      if (!range || Number(range[2]) - Number(range[1]) + 1 !== body.length) throw new HttpFailure(400, `bad Content-Range ${req.headers['content-range']}`);
      const start = Number(range[1]);
      const grown = Buffer.alloc(Math.max(entry.archive.length, start + body.length));
      entry.archive.copy(grown);
      body.copy(grown, start);
      entry.archive = grown;
      return [204, undefined];
    }
    if (idMatch && req.method === 'POST') {
      fault('commit');
      const entry = pending(Number(idMatch[1]));
      const { size } = JSON.parse(body.toString('utf8')) as { size: number };
      if (size !== entry.archive.length) throw new HttpFailure(400, `size ${size} does not match the ${entry.archive.length} bytes uploaded`);
      entry.committed = true;
      hooks.afterCommit?.(entry);
      return [204, undefined];
    }
    throw new HttpFailure(404, `no v1 route ${req.method} ${url.pathname}`);
  }

  async function handleTwirp(req: IncomingMessage, url: URL, body: Buffer): Promise<[number, unknown]> {
    checkAuth(req);
    if (req.method !== 'POST') throw new HttpFailure(405, 'twirp methods are POST');
    const method = url.pathname.slice(TWIRP_PREFIX.length);
    // The library sends proto field names (snake_case) with emitDefaultValues off.
    const input = JSON.parse(body.toString('utf8')) as { key?: string; version?: string; restore_keys?: string[]; size_bytes?: string };
    if (method === 'CreateCacheEntry') {
      fault('reserve');
      const entry = reserve(input.key ?? '', input.version ?? '');
      return [200, { ok: true, signed_upload_url: blobUrl(entry) }];
    }
    if (method === 'FinalizeCacheEntryUpload') {
      fault('commit');
      const entry = entries.find((e) => e.key === input.key && e.version === input.version && !e.committed);
      if (!entry) return [200, { ok: false, message: `no pending cache entry for key ${input.key}` }];
      if (Number(input.size_bytes) !== entry.archive.length) {
        return [200, { ok: false, message: `size ${input.size_bytes} does not match the ${entry.archive.length} bytes uploaded` }];
      }
      entry.committed = true;
      hooks.afterCommit?.(entry);
      return [200, { ok: true, entry_id: String(entry.id) }];
    }
    if (method === 'GetCacheEntryDownloadURL') {
      fault('lookup');
      const entry = findMatch([input.key ?? '', ...(input.restore_keys ?? [])], input.version ?? '');
      if (!entry) return [200, { ok: false, signed_download_url: '', matched_key: '' }];
      return [200, { ok: true, signed_download_url: blobUrl(entry), matched_key: entry.key }];
    }
    throw new HttpFailure(404, `no twirp method ${method}`);
  }

  function handleBlob(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): void {
    if (url.searchParams.get('sig') !== signature) throw new HttpFailure(403, 'AuthenticationFailed: bad signature');
    const entry = entries.find((e) => String(e.id) === url.pathname.slice(BLOB_PREFIX.length));
    if (!entry) throw new HttpFailure(404, 'BlobNotFound');
    if (req.method === 'PUT') {
      fault('upload');
      if (url.searchParams.has('comp')) throw new HttpFailure(501, `staged block uploads (comp=${url.searchParams.get('comp')}) are not modelled`);
      if (req.headers['x-ms-blob-type'] !== 'BlockBlob') throw new HttpFailure(400, 'x-ms-blob-type must be BlockBlob');
      if (entry.committed) throw new HttpFailure(409, 'the entry is committed; entries are immutable');
      entry.archive = body;
      res.writeHead(201, { etag: `"0x${entry.id}"`, 'last-modified': new Date().toUTCString(), 'x-ms-request-server-encrypted': 'true', 'content-length': '0' });
      res.end();
      return;
    }
    if (req.method === 'GET') {
      fault('download');
      if (!entry.committed) throw new HttpFailure(404, 'BlobNotFound');
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(entry.archive.length) });
      res.end(entry.archive);
      return;
    }
    throw new HttpFailure(405, `${req.method} is not supported on blobs`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const body = Buffer.concat(chunks);
      const record = (status: number) => requests.push(`${req.method} ${url.pathname} ${status}`);
      void (async () => {
        try {
          if (url.pathname.startsWith(BLOB_PREFIX)) {
            handleBlob(req, res, url, body);
            record(res.statusCode);
            return;
          }
          const [status, json] = url.pathname.startsWith(TWIRP_PREFIX)
            ? await handleTwirp(req, url, body)
            : url.pathname.startsWith(V1_PREFIX)
              ? await handleV1(req, url, body)
              : (() => {
                  throw new HttpFailure(404, `no route ${url.pathname}`);
                })();
          record(status);
          if (json === undefined) res.writeHead(status).end();
          else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        } catch (err) {
          const status = err instanceof HttpFailure ? err.status : 500;
          const message = err instanceof Error ? err.message : String(err);
          record(status);
          // Twirp errors are {code, msg}; the v1 service answered {message, typeKey}.
          const payload = url.pathname.startsWith(TWIRP_PREFIX) ? { code: twirpCode(status), msg: message } : { message, typeKey: status === 409 ? 'ArtifactCacheAlreadyExistsException' : 'Error' };
          if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const env: Record<string, string> = {
    ACTIONS_RUNTIME_TOKEN: token,
    // Anything else counts as GHES, where the library forces v1.
    GITHUB_SERVER_URL: 'https://github.com',
    RUNNER_TEMP: runnerTemp,
    // The library appends paths directly, so the base URLs end with a slash as on a runner.
    ...(protocol === 'v2' ? { ACTIONS_CACHE_SERVICE_V2: 'true', ACTIONS_RESULTS_URL: `${base}/` } : { ACTIONS_CACHE_URL: `${base}/` }),
  };

  return {
    protocol,
    url: base,
    env,
    entries,
    faults,
    requests,
    get afterCommit() {
      return hooks.afterCommit;
    },
    set afterCommit(fn) {
      hooks.afterCommit = fn;
    },
    addEntry(key, version, archive = Buffer.alloc(0)) {
      const entry = reserve(key, version);
      entry.archive = archive;
      entry.committed = true;
      return entry;
    },
    applyEnv() {
      const saved = new Map(OWNED_VARS.map((name) => [name, process.env[name]] as const));
      for (const name of OWNED_VARS) delete process.env[name];
      Object.assign(process.env, env);
      return () => {
        for (const [name, value] of saved) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(runnerTemp, { recursive: true, force: true });
    },
  };
}

function twirpCode(status: number): string {
  const codes: Record<number, string> = { 400: 'invalid_argument', 401: 'unauthenticated', 403: 'permission_denied', 404: 'not_found', 409: 'already_exists', 429: 'resource_exhausted' };
  return codes[status] ?? 'internal';
}
