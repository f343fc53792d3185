// Plans run by the built CLI with the real Codex and Gemini CLI (their README recipes, no output
// format given) against their API stand-ins: the sequencer asks each for its stream, shows it as
// short lines and records the attempt's tokens. Neither reports a cost, and both report their
// tokens only at the end of the run: a token budget cannot stop one of them mid-attempt, so it
// holds at the next attempt (README, "Usage and budgets").
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { output, readState, runCli, writeJson } from '../e2e/helpers.js';
import { startGeminiStandIn } from './gemini-stand-in.js';
import { agentFor, removeTempDirs, tempDir } from './lane.js';
import { startOpenAIStandIn } from './openai-stand-in.js';
import { agentSetup, type Agent } from './run-agent.js';
import type { ScriptedTurn, StandIn } from './stand-in-server.js';

afterAll(removeTempDirs);

const CASES: Array<{
  agent: Agent['agent'];
  command: string;
  start: (s: ScriptedTurn[]) => Promise<StandIn>;
  write: (ws: string, file: string) => ScriptedTurn;
  shown: (file: string) => string;
}> = [
  {
    agent: 'codex',
    command: 'codex exec --sandbox workspace-write',
    start: startOpenAIStandIn,
    write: (_ws, file) => ({ call: [{ tool: 'apply_patch', input: `*** Begin Patch\n*** Add File: ${file}\n+# Notes\n*** End Patch\n` }], usage: { input: 1500, output: 60, cacheRead: 0 } }),
    shown: (file) => `Patch: add ${file}`,
  },
  {
    agent: 'gemini',
    command: 'gemini --yolo -p',
    start: startGeminiStandIn,
    write: (ws, file) => ({ call: [{ tool: 'write_file', input: { file_path: path.join(ws, file), content: '# Notes\n' } }], usage: { input: 1500, output: 60, cacheRead: 0 } }),
    shown: (file) => `write_file: ${file}`,
  },
];

describe('plans run by the CLI with the real Codex and Gemini CLI', () => {
  it.for(CASES)('$command: the stream is shown, its tokens recorded; a token budget holds at the next attempt', async ({ agent, command, start, write, shown }, ctx) => {
    const installed = agentFor(ctx, agent);
    const ws = await tempDir(`${agent}-usage-ws-`);
    const home = await tempDir(`${agent}-usage-home-`);
    execFileSync('git', ['init', '-q', ws]);
    // The recipe names the program; a link by that name on PATH is the installed CLI.
    const bin = await tempDir(`${agent}-bin-`);
    await mkdir(bin, { recursive: true });
    await symlink(installed.binary, path.join(bin, agent));
    await writeJson(path.join(ws, 'plan.json'), {
      title: `${agent} notes`,
      // Less than the first step uses: it is not stopped (no running count), the second never starts.
      budget: { tokens: 1000 },
      steps: {
        first: { title: 'First', instruction: 'Write first.md.', requiredOutputs: ['first.md'] },
        second: { title: 'Second', instruction: 'Write second.md.', requiredOutputs: ['second.md'] },
      },
    });
    const api = await start([write(ws, 'first.md'), { say: 'Written.', usage: { input: 100, output: 20, cacheRead: 1500 } }]);
    try {
      const env = await agentSetup(agent, api.url, home);
      const r = await runCli(['run', '--plan', 'plan.json', '--agent', command], {
        cwd: ws,
        env: { ...env, PATH: [bin, path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter) },
        timeoutMs: 120_000,
      });
      const text = output(r);
      expect(r.code, text).toBe(1);
      expect(text).toMatch(/Runs: \S+ (exec --json --sandbox workspace-write|--output-format stream-json --yolo -p) /);
      expect(text).toContain(`  │ ${shown('first.md')}`);
      expect(text).toContain('  │ » Written.');
      expect(text).toMatch(/ {2}│ ✓ Done: [\d,]+ in, [\d,]+ out, 1,500 cache read tokens/);
      expect(text).toContain("Token budget: 1,000 tokens left (the plan's token budget, 1,000); this agent reports its tokens only at the end.");
      expect(await readFile(path.join(ws, 'first.md'), 'utf8')).toBe('# Notes\n');
      const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
      const used = state.stepRuns.first?.attempts?.[0]?.usage;
      expect(state.stepRuns.first?.attempts?.[0]).toMatchObject({ outcome: 'succeeded', usage: { cacheReadTokens: 1500, cacheWriteTokens: 0, isError: false, source: 'stream', complete: true } });
      // The stand-ins' scripted figures, as each agent sums its requests (Gemini CLI counts a little more).
      expect(used?.inputTokens).toBeGreaterThanOrEqual(1600);
      expect(used?.outputTokens).toBeGreaterThanOrEqual(80);
      const total = (used?.inputTokens ?? 0) + (used?.outputTokens ?? 0) + 1500;
      expect(text).toContain(`Blocked at second (Second): the plan's token budget is spent: ${total.toLocaleString('en-US')} tokens used of 1,000 tokens`);
      expect(state.stepRuns.first?.attempts?.[0]?.usage?.costUsd).toBeUndefined();
      expect(state.stepRuns.second?.attempts ?? []).toEqual([]);
      expect((await runCli(['usage'], { cwd: ws })).stdout).toContain(`Usage of ${agent} notes [plan]: ${total.toLocaleString('en-US')} tokens, no cost reported, over 1 attempt;`);
    } finally {
      await api.close();
    }
  });
});
