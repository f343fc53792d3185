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
import { runnerCommands } from '../helpers/workflow-commands.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'toolkit-log-'));
  await build({
    stdin: {
      contents: "export * from './src/adapters/toolkit/toolkit-log.ts'; export { createScrubber } from './src/core/trust/secrets.ts';",
      resolveDir: repoRoot,
      loader: 'ts',
    },
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
      'log.info(`group returned ${value}`);',
    ].join('\n'),
  );
  await writeFile(
    path.join(dir, 'untrusted.mjs'),
    [
      "import { ToolkitLog, createScrubber } from './log.mjs';",
      `const key = ${JSON.stringify(KEY)};`,
      'const log = new ToolkitLog(createScrubber([key]));',
      `const attack = ${JSON.stringify(ATTACK)} + '\\nkey ' + key + ' b64 ' + Buffer.from(key).toString('base64');`,
      'log.info(attack);',
      "log.info(attack.replace(/\\n/g, '\\r'));",
      "log.info('(1/2) [Resume] step-1 Collect\\n::warning file=plan.js::forged by a title');",
      'log.warn(attack);',
      'log.error(attack);',
      'log.debug(attack);',
      "await log.group(attack, async () => log.info('inside'));",
      "log.info('plain line');",
    ].join('\n'),
  );
});

const KEY = 'sk-test-0123456789abcdefghijklmnop';
/** Lines an agent, a check command or a plan title might print to get the runner to act. */
const ATTACK = [
  'agent says hi',
  '::add-mask::agent-mask',
  '  ::warning file=agent.js,line=1::forged by the agent',
  '::set-output name=status::HACKED',
  'x ##[set-output name=plan-id]hacked',
  '::group::agent group',
  '::endgroup::',
  '::stop-commands::guessed-token',
  '::guessed-token::',
  '::error title=forged::from the agent',
].join('\n');

async function runChild(file: string): Promise<string> {
  const env = { ...process.env };
  delete env.GITHUB_OUTPUT;
  delete env.GITHUB_STATE;
  const child = spawn(process.execPath, [path.join(dir, file)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  expect({ code: (await exited(child)).code, stderr }).toEqual({ code: 0, stderr: '' });
  return stdout;
}

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ToolkitLog', () => {
  it('writes annotations, debug lines and folding groups as workflow commands', async () => {
    const stdout = await runChild('child.mjs');
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

  it('never lets untrusted text become a workflow command, and scrubs known secrets', async () => {
    const stdout = await runChild('untrusted.mjs');
    const commands = runnerCommands(stdout);
    // Only the adapter's own commands: one warning, error and debug line each (the attack
    // escaped into their one-line message), and the group it opened and closed.
    expect(commands.map((c) => c.name)).toEqual(['warning', 'error', 'debug', 'group', 'endgroup']);
    expect(commands.every((c) => c.properties === '')).toBe(true);
    expect(commands.find((c) => c.name === 'group')!.data).toMatch(/^agent says hi%0A::add-mask::agent-mask%0A/);
    // The attack's lines are all printed, as text.
    expect(stdout).toContain('::add-mask::agent-mask');
    expect(stdout).toContain('::warning file=plan.js::forged by a title');
    expect(stdout).toContain('plain line');
    // Each guarded block has its own random token, which the text could not have known.
    const lines = stdout.split(os.EOL);
    const tokens = lines.map((l) => /^::stop-commands::([0-9a-f]{32})$/.exec(l)?.[1]).filter(Boolean);
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(3);
    for (const t of tokens) expect(lines).toContain(`::${t}::`);
    // A line without anything the runner could act on is printed as is.
    expect(stdout.split(os.EOL)).toContain('plain line');
    expect(stdout).not.toContain(KEY);
    expect(stdout).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(stdout).toContain('key *** b64 ***');
  });
});
