// A stand-in for the GitHub Actions artifact service on 127.0.0.1, spoken to by the real
// `@actions/artifact` library over real HTTP, so a test can read exactly what a run uploaded and
// a later job can download it. Twirp JSON at
// `<ACTIONS_RESULTS_URL>twirp/github.actions.results.api.v1.ArtifactService/…` (CreateArtifact
// hands out a signed blob URL, FinalizeArtifact commits it; ListArtifacts and
// GetSignedArtifactURL find a run's artifacts and hand out a signed download URL), and the blob
// itself through the Azure Blob SDK's staged upload (`PUT ?comp=block` per block, then
// `PUT ?comp=blocklist`) and a plain GET. The runtime token is a JWT whose `scp` claim carries
// the backend ids of the run and job, as the library expects; it is not signed (the library does
// not check), but the service accepts only the tokens it issued, and a token sees its own run's
// artifacts only. Artifacts of other runs are reached through the REST API (the fake GitHub's
// artifact routes, given `artifacts` of this service).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export interface FakeArtifact {
  id: number;
  name: string;
  /** The uploaded zip, once committed. */
  zip: Buffer;
  finalized: boolean;
  /** The workflow run whose job uploaded it (`run-backend-id` for the shared `env`). */
  runId: string;
  createdAt: string;
}

export interface FakeArtifactService {
  readonly url: string;
  /** The variables that point `@actions/artifact` at this server (add them to the job's env). */
  readonly env: Record<string, string>;
  /** The same for one job of workflow run `runId`: its artifacts are that run's. */
  envFor(runId: number | string, job?: string): Record<string, string>;
  readonly artifacts: FakeArtifact[];
  /** Puts a finished artifact in run `runId` as any of its jobs could upload it (a forged result). */
  plant(runId: number | string, name: string, zip: Buffer): FakeArtifact;
  /** Every download of an artifact's blob, in order (its id). */
  readonly downloads: number[];
  /** A signed URL the blob of artifact `id` is downloaded from (what the REST API redirects to). */
  downloadUrl(id: number): string;
  close(): Promise<void>;
}

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';
const BLOB_PREFIX = '/devstoreaccount1/actions-results/';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export async function startFakeArtifactService(): Promise<FakeArtifactService> {
  const signature = randomBytes(12).toString('hex');
  /** Token → the run it was issued for. */
  const tokens = new Map<string, string>();
  const issue = (runId: string, job: string) => {
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ scp: `Actions.GenericRead Actions.Results:run-${runId}:job-${job}`, nonce: randomBytes(6).toString('hex') })}.x`;
    tokens.set(token, runId);
    return token;
  };
  const token = issue('backend-id', 'backend-id');
  const artifacts: FakeArtifact[] = [];
  const downloads: number[] = [];
  const blocks = new Map<string, Buffer>();
  let base = '';

  const listed = (a: FakeArtifact) => ({
    workflow_run_backend_id: `run-${a.runId}`,
    workflow_job_run_backend_id: 'job-any',
    database_id: String(a.id),
    name: a.name,
    size: String(a.zip.length),
    created_at: a.createdAt,
  });

  function twirp(method: string, body: Record<string, unknown>, runId: string): [number, unknown] {
    const name = String(body.name ?? '');
    if (method === 'CreateArtifact') {
      // Names are unique per run, as on GitHub: a second upload of a name fails.
      if (artifacts.some((a) => a.runId === runId && a.name === name)) return [409, { code: 'already_exists', msg: `an artifact named ${name} exists in this run` }];
      const artifact: FakeArtifact = { id: artifacts.length + 1, name, zip: Buffer.alloc(0), finalized: false, runId, createdAt: new Date().toISOString() };
      artifacts.push(artifact);
      return [200, { ok: true, signed_upload_url: `${base}${BLOB_PREFIX}${artifact.id}?sig=${signature}` }];
    }
    if (method === 'FinalizeArtifact') {
      const artifact = artifacts.find((a) => a.runId === runId && a.name === name && !a.finalized);
      if (!artifact) return [404, { code: 'not_found', msg: `no artifact ${name} to finalize` }];
      artifact.finalized = true;
      return [200, { ok: true, artifact_id: String(artifact.id) }];
    }
    if (method === 'ListArtifacts') {
      const byName = typeof body.name_filter === 'string' ? body.name_filter : undefined;
      const byId = body.id_filter === undefined ? undefined : String(body.id_filter);
      const found = artifacts.filter((a) => a.finalized && a.runId === runId && (byName === undefined || a.name === byName) && (byId === undefined || String(a.id) === byId));
      return [200, { artifacts: found.map(listed) }];
    }
    if (method === 'GetSignedArtifactURL') {
      const artifact = artifacts.find((a) => a.finalized && a.runId === runId && a.name === name);
      if (!artifact) return [404, { code: 'not_found', msg: `no artifact ${name}` }];
      return [200, { signed_url: downloadUrl(artifact.id) }];
    }
    return [404, { code: 'bad_route', msg: `no method ${method}` }];
  }

  const downloadUrl = (id: number) => `${base}${BLOB_PREFIX}${id}?sig=${signature}&rscd=download`;

  function blob(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): void {
    const artifact = artifacts.find((a) => String(a.id) === url.pathname.slice(BLOB_PREFIX.length));
    if (url.searchParams.get('sig') !== signature || !artifact) {
      res.writeHead(403).end();
      return;
    }
    if (req.method === 'GET') {
      if (!artifact.finalized) {
        res.writeHead(404).end();
        return;
      }
      downloads.push(artifact.id);
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(artifact.zip.length), 'content-disposition': `attachment; filename="${artifact.name}.zip"` }).end(artifact.zip);
      return;
    }
    if (req.method !== 'PUT') {
      res.writeHead(405).end();
      return;
    }
    const comp = url.searchParams.get('comp');
    if (comp === 'block') blocks.set(`${artifact.id}:${url.searchParams.get('blockid')}`, body);
    else if (comp === 'blocklist') {
      const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map((m) => m[1]);
      artifact.zip = Buffer.concat(ids.map((id) => blocks.get(`${artifact.id}:${id}`) ?? Buffer.alloc(0)));
    } else artifact.zip = body;
    res.writeHead(201, { etag: `"0x${artifact.id}"`, 'last-modified': new Date().toUTCString(), 'x-ms-request-server-encrypted': 'true', 'content-length': '0' }).end();
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const body = Buffer.concat(chunks);
      if (url.pathname.startsWith(BLOB_PREFIX)) return blob(req, res, url, body);
      const runId = tokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!url.pathname.startsWith(TWIRP_PREFIX) || runId === undefined) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'unauthenticated', msg: 'bad route or token' }));
        return;
      }
      const [status, json] = twirp(url.pathname.slice(TWIRP_PREFIX.length), JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>, runId);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const envOf = (t: string) => ({ ACTIONS_RUNTIME_TOKEN: t, ACTIONS_RESULTS_URL: `${base}/`, GITHUB_SERVER_URL: 'https://github.com' });
  return {
    url: base,
    env: envOf(token),
    envFor: (runId, job = 'job') => envOf(issue(String(runId), job)),
    artifacts,
    plant(runId, name, zip) {
      const artifact: FakeArtifact = { id: artifacts.length + 1, name, zip, finalized: true, runId: String(runId), createdAt: new Date().toISOString() };
      artifacts.push(artifact);
      return artifact;
    },
    downloads,
    downloadUrl,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Name → content of every file in a zip archive (stored or deflated), read from its central directory. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  let at = zip.readUInt32LE(end + 16);
  const count = zip.readUInt16LE(end + 10);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    if (!name.endsWith('/')) files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** A one-entry zip whose directory claims `claimed` bytes for `data` (more or less than it has, for a zip bomb). */
export function zipOf(name: string, data: Buffer, claimed = data.length): Buffer {
  const deflated = deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.length, 12);
  end.writeUInt32LE(30 + nameBytes.length + deflated.length, 16);
  return Buffer.concat([local, nameBytes, deflated, central, nameBytes, end]);
}
