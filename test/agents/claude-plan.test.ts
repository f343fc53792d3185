// A plan run by the built CLI (`node dist/cli.js run`, file store) with the real Claude Code
// binary as its agent, against the Anthropic stand-in: the step's output lands, the step is DONE,
// and the tool policy holds against the real binary through the generated settings
// (`--settings $SEQUENCER_CLAUDE_SETTINGS` wires `hook claude`): the blocked `Bash(rm *)` is
// refused and never runs (the model reads the reason), an allowed Bash and the Write run.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { output, readState, runCli, writeJson } from '../e2e/helpers.js';
import { startAnthropicStandIn } from './anthropic-stand-in.js';
import { agentFor, record, removeTempDirs, tempDir } from './lane.js';
import { agentSetup, jsonLines } from './run-agent.js';

afterAll(removeTempDirs);

describe('a plan run by the CLI with the real Claude Code binary', () => {
  it('finishes the step; the hook refuses the blocked Bash(rm *) and lets the allowed calls run', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const ws = await tempDir('claude-plan-ws-');
    const home = await tempDir('claude-plan-home-');
    await writeFile(path.join(ws, 'keep.txt'), 'precious\n');
    const plan = {
      title: 'Notes',
      steps: {
        write: { title: 'Write the notes', instruction: 'Write notes/hello.md. Do not delete anything.', requiredOutputs: ['notes/hello.md'], maxAttempts: 1, tools: { block: ['Bash(rm *)'] } },
      },
    };
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, plan);
    const api = await startAnthropicStandIn([
      { say: 'Cleaning up first.', call: [{ tool: 'Bash', input: { command: 'rm -f keep.txt', description: 'Remove the old file' } }] },
      { call: [{ tool: 'Bash', input: { command: 'touch made-by-bash.txt', description: 'Mark the run' } }] },
      { call: [{ tool: 'Write', input: { file_path: path.join(ws, 'notes', 'hello.md'), content: '# Hello\n' } }] },
      { say: 'Done: notes/hello.md is written.' },
    ]);
    try {
      const env = await agentSetup('claude', api.url, home);
      // Claude Code's own permissions allow Bash here, so the only refusal is the hook's. Its
      // --allowedTools takes several values: it stays before -p, away from the prompt at the end.
      const agent = `${claude.binary} --allowedTools Bash -p --permission-mode acceptEdits --settings $SEQUENCER_CLAUDE_SETTINGS --output-format stream-json --verbose`;
      const started = Date.now();
      const r = await runCli(['run', '--plan', planFile, '--agent', agent], { cwd: ws, env, timeoutMs: 90_000 });
      const text = output(r);
      expect(r.code, text).toBe(0);
      ctx.annotate(`plan run through the CLI: ${Date.now() - started} ms`);

      expect(await readFile(path.join(ws, 'notes', 'hello.md'), 'utf8')).toBe('# Hello\n');
      expect(await readFile(path.join(ws, 'keep.txt'), 'utf8')).toBe('precious\n');
      expect(existsSync(path.join(ws, 'made-by-bash.txt'))).toBe(true);

      const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
      const state = await readState(stateFile);
      expect(state.status).toBe('DONE');
      expect(state.stepRuns.write?.attempts?.[0]?.toolCalls).toEqual({ calls: 3, denied: 1 });
      const calls = (await readFile(`${stateFile}.logs/write/attempt-1.commands.jsonl`, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(calls.filter((c) => c.decision).map((c) => `${String(c.decision)} ${String(c.command ?? c.target)}`)).toEqual([
        'deny rm -f keep.txt',
        'allow touch made-by-bash.txt',
        `allow ${path.join(ws, 'notes', 'hello.md')}`,
      ]);
      // The model was told why: the hook's reason came back as the tool's error.
      const afterDenial = JSON.stringify((api.requests.filter((q) => q.turn !== null)[1]?.body as { messages: unknown[] }).messages.at(-1));
      expect(afterDenial).toContain('matches the block pattern');

      // The attempt's log holds the agent's stream (and anything it wrote to stderr).
      const log = await readFile(`${stateFile}.logs/write/attempt-1.log`, 'utf8');
      const events = jsonLines(log);
      expect(events.at(-1)).toMatchObject({ type: 'result', subtype: 'success', is_error: false, num_turns: 4 });
      await record('claude-hook-denied.jsonl', log, { [ws]: '/workspace', [home]: '/home/agent' });
    } finally {
      await api.close();
    }
  });
});
