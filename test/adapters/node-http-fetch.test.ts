// The node:http fetch Octokit uses, against a real local server: what @octokit/request reads
// from a response, redirects, aborts and network failures reported the way fetch reports them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/adapters/github/github-client.js';
import { createNodeHttpFetch, nodeHttpFetch } from '../../src/adapters/github/node-http-fetch.js';

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; body: string; headers: IncomingMessage['headers']; socket: number }> = [];
let sockets = 0;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const socket = ((req.socket as unknown as { n?: number }).n ??= ++sockets);
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString(), headers: req.headers, socket });
      const url = new URL(req.url ?? '/', 'http://x');
      switch (url.pathname) {
        case '/json':
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag: '"abc"', 'set-cookie': ['a=1', 'b=2'], link: '<http://x/?page=2>; rel="next"' });
          return res.end(JSON.stringify({ ok: true, ü: 'ß' }));
        case '/not-modified':
          res.writeHead(304, { etag: '"abc"' });
          return res.end();
        case '/empty':
          res.writeHead(204);
          return res.end();
        case '/moved':
          res.writeHead(301, { location: '/json' });
          return res.end('moved');
        case '/see-other':
          res.writeHead(303, { location: '/json' });
          return res.end();
        case '/slow':
          setTimeout(() => res.end('late'), 2_000);
          return;
        case '/stalls-mid-body':
          // Headers and a first chunk, then nothing: a connection that died without closing.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"partial":');
          return;
        default:
          res.writeHead(404, { 'content-type': 'application/json' });
          return res.end('{"message":"Not Found"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('nodeHttpFetch', () => {
  it('returns status, headers and body the way @octokit/request reads them, on one kept-alive socket', async () => {
    seen.length = 0;
    const a = await nodeHttpFetch(`${base}/json`, { method: 'GET', headers: { accept: 'application/vnd.github+json', 'if-none-match': '"old"' } });
    expect(a).toMatchObject({ status: 200, ok: true, url: `${base}/json` });
    expect(a.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(Object.fromEntries(a.headers)).toMatchObject({ etag: '"abc"', 'set-cookie': 'a=1, b=2', link: '<http://x/?page=2>; rel="next"' });
    expect(await a.json()).toEqual({ ok: true, ü: 'ß' });
    expect(await a.text()).toBe('{"ok":true,"ü":"ß"}');
    expect(seen[0]?.headers['if-none-match']).toBe('"old"');

    const b = await nodeHttpFetch(`${base}/json`, { method: 'POST', body: JSON.stringify({ body: 'hi ✓' }), headers: { 'content-type': 'application/json' } });
    expect(b.status).toBe(200);
    expect(seen[1]).toMatchObject({ method: 'POST', body: '{"body":"hi ✓"}' });
    expect(seen[1]?.headers['content-length']).toBe(String(Buffer.byteLength('{"body":"hi ✓"}')));
    expect(seen[1]?.socket).toBe(seen[0]?.socket);
  });

  it('hands 304, 204 and errors back without throwing, like fetch', async () => {
    const notModified = await nodeHttpFetch(`${base}/not-modified`);
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect((await nodeHttpFetch(`${base}/empty`, { method: 'DELETE' })).status).toBe(204);
    const missing = await nodeHttpFetch(`${base}/nope`);
    expect(missing).toMatchObject({ status: 404, ok: false });
    expect(await missing.json()).toEqual({ message: 'Not Found' });
  });

  it('follows redirects (303 turns a POST into a GET) unless told not to', async () => {
    seen.length = 0;
    const followed = await nodeHttpFetch(`${base}/moved`);
    expect(followed).toMatchObject({ status: 200, url: `${base}/json` });
    const post = await nodeHttpFetch(`${base}/see-other`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(200);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /moved', 'GET /json', 'POST /see-other', 'GET /json']);
    expect((await nodeHttpFetch(`${base}/moved`, { redirect: 'manual' })).status).toBe(301);
    await expect(nodeHttpFetch(`${base}/moved`, { redirect: 'error' })).rejects.toThrow(TypeError);
  });

  it('reports an abort as AbortError and a refused connection as a TypeError with a cause', async () => {
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const refused = await nodeHttpFetch('http://127.0.0.1:1/', {}).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).message).toBe('fetch failed');
    expect(((refused as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });
});

describe('nodeHttpFetch timeout', () => {
  /** A TCP server on 127.0.0.1 that accepts connections and never says a word. */
  async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
    const sockets = new Set<Socket>();
    const server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it('gives up on a server that accepts and never answers, naming the request and the limit', async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      const err = await createNodeHttpFetch({ timeoutMs: 300 })(`${silent.url}/repos/o/r/issues/1?per_page=100`, { method: 'GET' }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(err).toBeInstanceOf(TypeError);
      expect(((err as TypeError).cause as Error).message).toBe(`GET ${silent.url}/repos/o/r/issues/1 got no complete answer within 300 ms; the request was given up`);
    } finally {
      await silent.close();
    }
  });

  it('gives up on an answer that stops halfway: reading its body fails', async () => {
    const res = await createNodeHttpFetch({ timeoutMs: 300 })(`${base}/stalls-mid-body`);
    expect(res.status).toBe(200);
    const err = await res.text().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(((err as TypeError).cause as Error).message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/stalls-mid-body got no complete answer within 300 ms/);
  });

  it('fails an Octokit call against a silent API with an error that names the URL and the limit', async () => {
    const silent = await silentServer();
    try {
      const client = createGitHubClient({ token: 't', baseUrl: silent.url, pacing: 'off', retries: 0, requestTimeoutMs: 250 });
      const err = await client.rest.issues.get({ owner: 'o', repo: 'r', issue_number: 7 }).catch((e: unknown) => e);
      expect((err as Error).message).toBe(`GET ${silent.url}/repos/o/r/issues/7 got no complete answer within 250 ms; the request was given up`);
    } finally {
      await silent.close();
    }
  });

  it('refuses a timeout that is not a positive number of milliseconds', () => {
    expect(() => createNodeHttpFetch({ timeoutMs: 0 })).toThrow(/timeoutMs 0/);
  });
});
