// The git runner's time limit against real git and a remote that never answers: a TCP server on
// 127.0.0.1 that accepts connections and says nothing, reached as a git:// remote (git's own
// transport) and as an http:// remote (through the git-remote-http helper git starts).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore } from '../../src/adapters/git/git-store.js';
import { GitCommandError, GitRunner, GitTimeoutError } from '../../src/adapters/git/git.js';
import { RemoteError } from '../../src/core/errors.js';
import { freshClone, g, isolateGitConfig, makeRemote } from '../e2e/git-remote.js';
import { state } from '../fakes/states.js';

let root: string;
let restoreGitConfig: () => void;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'git-runner-test-'));
  restoreGitConfig = await isolateGitConfig(root);
});

afterAll(async () => {
  restoreGitConfig();
  await rm(root, { recursive: true, force: true });
});

interface Silent {
  port: number;
  /** Connections accepted and not yet closed by the other side. */
  open(): number;
  accepted(): number;
  close(): Promise<void>;
}

async function silentServer(): Promise<Silent> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    // Reads (and ignores) the request, so the other side's end is seen when it goes away.
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    open: () => sockets.size,
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

describe('GitRunner time limit', () => {
  it('stops a command whose git:// remote never answers, naming the command and the limit', async () => {
    const silent = await silentServer();
    try {
      const url = `git://127.0.0.1:${silent.port}/project.git`;
      const runner = new GitRunner({ cwd: root, timeoutMs: 400 });
      const started = Date.now();
      const err = await runner.run(['ls-remote', url], { allowFail: true }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(silent.accepted()).toBe(1);
      // Thrown even with allowFail: a timeout is never an ordinary non-zero exit.
      expect(err).toBeInstanceOf(GitTimeoutError);
      expect(err).toBeInstanceOf(GitCommandError);
      expect((err as Error).message).toBe(`git ls-remote ${url} did not finish within 400 ms and was stopped`);
      expect(await until(() => silent.open() === 0, 3_000)).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it.each([
    ['in a process group of its own', true],
    ["in the terminal's session (the CLI at a terminal), found through /proc", false],
  ])('stops the remote helper with git %s: an http:// remote that never answers leaves no connection open', async (_how, ownProcessGroup) => {
    const silent = await silentServer();
    try {
      const ws = path.join(root, `http-ws-${String(ownProcessGroup)}`);
      await g(root, 'init', '-q', '-b', 'main', ws);
      const url = `http://127.0.0.1:${silent.port}/project.git`;
      await g(ws, 'remote', 'add', 'origin', url);
      const err = await new GitRunner({ cwd: ws, timeoutMs: 400, ownProcessGroup }).run(['fetch', '-q', 'origin']).catch((e: unknown) => e);
      expect((err as Error).message).toBe('git fetch -q origin did not finish within 400 ms and was stopped');
      expect(silent.accepted()).toBeGreaterThanOrEqual(1);
      // git-remote-http held the connection: it went with git.
      expect(await until(() => silent.open() === 0, 3_000)).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it("gives the git store's fetch up with the same clear error, before anything is checked out", async () => {
    const silent = await silentServer();
    try {
      const ws = path.join(root, 'store-ws');
      await g(root, 'init', '-q', '-b', 'main', ws);
      await g(ws, '-c', 'user.name=a', '-c', 'user.email=a@b', 'commit', '-q', '--allow-empty', '-m', 'seed');
      await g(ws, 'remote', 'add', 'origin', `git://127.0.0.1:${silent.port}/project.git`);
      const store = new GitStore({ git: new GitRunner({ cwd: ws, timeoutMs: 300 }), planId: 'p' });
      const err = await store.open().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GitTimeoutError);
      expect((err as Error).message).toBe('git fetch -q --no-tags origin +refs/heads/sequencer/p:refs/remotes/origin/sequencer/p did not finish within 300 ms and was stopped');
      expect(await g(ws, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    } finally {
      await silent.close();
    }
  });

  it('takes back the local commit of a write whose push never got an answer, and says the write is not confirmed', async () => {
    const silent = await silentServer();
    try {
      const remote = await makeRemote(path.join(root, 'push-remote'));
      const ws = await freshClone(remote, path.join(root, 'push-ws'));
      // Fetches reach the real remote; pushes go to one that never answers.
      await g(ws, 'config', 'remote.origin.pushurl', `git://127.0.0.1:${silent.port}/project.git`);
      const store = new GitStore({ git: new GitRunner({ cwd: ws, timeoutMs: 500 }), planId: 'p' });
      await store.open();
      await store.load();
      const before = await g(ws, 'rev-parse', 'HEAD');
      const err = await store.write(state(['a']), { kind: 'checkpoint', message: 'one' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteError);
      expect((err as Error).message).toBe(
        'The write to .sequencer/p/state.json on branch sequencer/p (remote origin) is not confirmed: git push --porcelain --no-verify origin HEAD:refs/heads/sequencer/p did not finish within 500 ms and was stopped',
      );
      expect(await g(ws, 'rev-parse', 'HEAD')).toBe(before);
      expect(await g(ws, 'status', '--porcelain', '--', '.sequencer')).toBe('');
    } finally {
      await silent.close();
    }
  });

  it('refuses a limit that is not a positive number of milliseconds', () => {
    expect(() => new GitRunner({ cwd: root, timeoutMs: 0 })).toThrow(/timeoutMs 0/);
  });
});
