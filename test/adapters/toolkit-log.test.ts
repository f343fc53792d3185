// ToolkitLog speaks the runner's workflow-command protocol on stdout. The real adapter is bundled
// with esbuild and run in a child process, whose stdout is what the runner would read.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited } from '../helpers/processes.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolkit-log-'));
  await build({
    stdin: { contents: "export * from './src/adapters/toolkit/toolkit-log.ts';", resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: path.join(dir, 'log.mjs'),
    logLevel: 'silent',
    // As in scripts/build.mjs: bundled CommonJS dependencies call require().
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  await writeFile(
    path.join(dir, 'child.mjs'),
    [
      "import { ToolkitLog } from './log.mjs';",
      'const log = new ToolkitLog();',
      "log.info('plain line');",
      "log.warn('step-2 failed\\nsecond line');",
      "log.error('blocked: 100% done');",
      "log.debug('details');",
      "const value = await log.group('Attempt 1', async () => { log.info('inside'); return 7; });",
      "log.info(`group returned ${value}`);",
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ToolkitLog', () => {
  it('writes annotations, debug lines and folding groups as workflow commands', async () => {
    const env = { ...process.env };
    delete env.GITHUB_OUTPUT;
    delete env.GITHUB_STATE;
    const child = spawn(process.execPath, [path.join(dir, 'child.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    expect({ code: (await exited(child)).code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.split(os.EOL).filter(Boolean)).toEqual([
      'plain line',
      '::warning::step-2 failed%0Asecond line',
      '::error::blocked: 100%25 done',
      '::debug::details',
      '::group::Attempt 1',
      'inside',
      '::endgroup::',
      'group returned 7',
    ]);
  });
});
