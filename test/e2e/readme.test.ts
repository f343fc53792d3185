// The README as a newcomer uses it: every shell command it shows runs, exactly as written, through
// `sh` with the built CLI as `agent-step-sequencer` (and behind `npx`) and the scripted agent as
// `claude` and `openclaw`; its complete plan example validates and runs; every link to a part
// of the page leads to a heading. The install from a clone (`npm pack`, `npm install -g`) runs in
// the package lane (test/package/readme-install.test.ts), the demo in cli-demo.test.ts, and the
// repository's own set-up commands in CI (.ci/run).
import { spawn } from 'node:child_process';
import { readFile, mkdir, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { README, commandsOf, readmeAnchors, readmeBlocks } from '../helpers/readme.js';
import { CLI, REPO_ROOT, cliEnv, makeTempDir, readState, removeTempDirs, seedState, writeAgent, writeJson } from './helpers.js';
import { freshClone, makeRemote } from './git-remote.js';

afterAll(removeTempDirs);

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const blocks = readmeBlocks();

describe('the README', () => {
  it('links to parts of itself only by anchors that exist', () => {
    const anchors = readmeAnchors();
    const links = [...README.matchAll(/\]\(#([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((l) => !anchors.has(l))).toEqual([]);
  });

  it('starts where a user starts: what it is, a picture of the flow, the two quick starts, the plan format, then the reference', () => {
    const sections = [...README.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections.slice(0, 4)).toEqual(['Quick start on GitHub', 'Quick start on your machine', 'The plan format', 'Reference']);
    expect(sections.at(-1)).toBe('Developing');
    expect(blocks[0]).toMatchObject({ info: 'mermaid', section: '' });
    expect(blocks[0]!.content).toMatch(/issue.*proposal.*\/approve.*step.*heartbeat.*pr\[/s);
  });

  it('runs every shell command it shows, and its plan example to DONE', { timeout: 120_000 }, async () => {
    const root = await makeTempDir('readme-');
    const bin = path.join(root, 'bin');
    const home = path.join(root, 'home');
    const ws = path.join(root, 'project');
    await Promise.all([mkdir(bin), mkdir(home), mkdir(ws)]);
    // The built CLI as an installed one would be found, and behind npx; the scripted agent as the agents the README names.
    const shim = async (name: string, text: string) => {
      await writeFile(path.join(bin, name), text);
      await chmod(path.join(bin, name), 0o755);
    };
    await shim('agent-step-sequencer', `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    await shim('npx', `#!/bin/sh\n[ "$1" = agent-step-sequencer ] || { echo "npx: only agent-step-sequencer here, got $1" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    await writeAgent(bin, 'claude');
    await writeAgent(bin, 'openclaw');
    const env = cliEnv({ PATH: `${bin}${path.delimiter}${cliEnv().PATH ?? ''}`, HOME: home, AGENT_WRITE_OUTPUTS: '1' });

    // The plan of "The plan format", as the quick start saves it.
    const example = blocks.find((b) => b.section === 'The plan format' && b.info === 'json');
    expect(example).toBeDefined();
    const plan = JSON.parse(example!.content) as { steps: Record<string, { title: string; instruction: string }> };
    await writeFile(path.join(ws, 'plan.json'), example!.content);
    // What the other commands name: the original sequencer's state in OpenClaw's workspace, a clone for the crontab line.
    await mkdir(path.join(home, '.openclaw', 'workspace'), { recursive: true });
    await writeJson(path.join(home, '.openclaw', 'workspace', 'state.json'), seedState(plan.steps));
    const clone = await freshClone(await makeRemote(path.join(root, 'remote')), path.join(root, 'clone'));

    const ran: string[] = [];
    for (const block of blocks.filter((b) => b.info === 'sh')) {
      if (block.section === 'Developing') {
        // The repository's own set-up: what CI runs.
        const ci = await readFile(path.join(REPO_ROOT, '.ci', 'run'), 'utf8');
        expect(commandsOf(block).map((c) => c.replace(/\s+#.*$/, ''))).toEqual(['npm ci && npm run demo', 'npm test']);
        expect(ci).toMatch(/^npm ci /m);
        expect(ci).toMatch(/^npm test /m);
        continue;
      }
      if (block.content.includes('npm pack')) {
        expect(await readFile(path.join(REPO_ROOT, 'test', 'package', 'readme-install.test.ts'), 'utf8')).toContain("content.includes('npm pack')");
        continue;
      }
      for (const command of commandsOf(block)) {
        if (command === 'agent-step-sequencer demo') {
          expect(await readFile(path.join(REPO_ROOT, 'test', 'e2e', 'cli-demo.test.ts'), 'utf8')).toContain("runCli(['demo']");
          continue;
        }
        // A crontab entry: its command, in the clone it names.
        const line = command.replace(/^(\S+\s+){5}(?=cd )/, '').replace('/srv/clone', clone);
        const r = await sh(line, ws, env);
        expect(r.code, `${command}\n${r.out}`).toBe(0);
        ran.push(command);
      }
    }
    expect(ran.map((c) => c.replace(/\s+#.*$/, ''))).toEqual([
      'agent-step-sequencer validate plan.json',
      'agent-step-sequencer run --plan plan.json --agent "claude -p --permission-mode acceptEdits"',
      'agent-step-sequencer status',
      'STEP_AGENT_CMD="openclaw agent --message" npx agent-step-sequencer check ~/.openclaw/workspace/state.json --max-wait 5',
      '*/10 * * * * cd /srv/clone && STEP_AGENT_CMD="claude -p" npx agent-step-sequencer check --all --store git --workspace .',
    ]);
    // What they did: the example plan ran to the end, its rule checked; the seed state too.
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.status).toBe('DONE');
    expect(Object.values(state.stepRuns).map((r) => r.status)).toEqual(['DONE', 'DONE']);
    expect((await readState(path.join(home, '.openclaw', 'workspace', 'state.json'))).status).toBe('DONE');
  });
});
