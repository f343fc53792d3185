// The plain Claude Code command of the README's recipes (`claude -p --permission-mode
// acceptEdits`, no `--settings`) run by the built CLI against the Anthropic stand-in: the
// sequencer adds the attempt's settings file itself, so the tool hook is wired without the
// user asking. A blocked tool call is refused by the hook and logged, and a spent token budget
// is answered at the agent's next tool call (the stop file), which does not run: the agent
// stops by itself long before the stop grace would end it with SIGTERM.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { output, readState, runCli, writeJson } from '../e2e/helpers.js';
import { startAnthropicStandIn } from './anthropic-stand-in.js';
import { agentFor, removeTempDirs, tempDir } from './lane.js';
import { agentSetup } from './run-agent.js';

afterAll(removeTempDirs);

/** The tokens of one scripted turn (DEFAULT_USAGE: input, output, cache read, cache write). */
const TURN_TOKENS = 1200 + 40 + 800 + 300;

async function commandLog(file: string): Promise<Array<Record<string, unknown>>> {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('the plain Claude Code command gets the tool hook without --settings', () => {
  it('the hook refuses a blocked call and logs it; a spent budget is answered at the next tool call, which does not run', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const ws = await tempDir('claude-default-hook-ws-');
    const home = await tempDir('claude-default-hook-home-');
    await writeFile(path.join(ws, 'README.md'), '# Project\n');
    const plan = {
      title: 'Notes',
      steps: {
        write: { title: 'Write the notes', instruction: 'Write notes/hello.md.', requiredOutputs: ['notes/hello.md'], maxAttempts: 1, tools: { block: ['Write(*secret*)'] } },
        summary: { title: 'Summarise', instruction: 'Write summary.md.', requiredOutputs: ['summary.md'], maxAttempts: 1, budget: { tokens: TURN_TOKENS + 100 } },
      },
    };
    await writeJson(path.join(ws, 'plan.json'), plan);
    const api = await startAnthropicStandIn([
      // Step write: the blocked Write, the allowed one, the end.
      { call: [{ tool: 'Write', input: { file_path: path.join(ws, 'secret.md'), content: 'leaked\n' } }] },
      { call: [{ tool: 'Write', input: { file_path: path.join(ws, 'notes', 'hello.md'), content: '# Hello\n' } }] },
      { say: 'Done: notes/hello.md is written.' },
      // Step summary: a draft within the budget; the next turn's start passes it, and its Write
      // arrives after the stop file is there; the model, told to stop, ends.
      { call: [{ tool: 'Write', input: { file_path: path.join(ws, 'draft.md'), content: 'draft\n' } }] },
      { holdMs: 2000, call: [{ tool: 'Write', input: { file_path: path.join(ws, 'summary.md'), content: '# Summary\n' } }] },
      { say: 'Stopping as asked.' },
    ]);
    try {
      const env = await agentSetup('claude', api.url, home);
      const agent = `${claude.binary} -p --permission-mode acceptEdits`;
      const started = Date.now();
      // A stop grace far longer than the run: an agent that never heard the stop would still be running.
      const r = await runCli(['run', '--plan', 'plan.json', '--agent', agent, '--stop-grace', '90', '--grace', '1'], { cwd: ws, env, timeoutMs: 150_000 });
      const text = output(r);
      ctx.annotate(`plan run through the CLI: ${Date.now() - started} ms`);
      expect(r.code, text).toBe(1);

      const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
      const logs = `${stateFile}.logs`;
      // (a) The blocked Write never ran; the hook logged it, and the model read why.
      expect(existsSync(path.join(ws, 'secret.md'))).toBe(false);
      expect(await readFile(path.join(ws, 'notes', 'hello.md'), 'utf8')).toBe('# Hello\n');
      const written = await commandLog(`${logs}/write/attempt-1.commands.jsonl`);
      expect(written.filter((c) => c.decision).map((c) => `${String(c.decision)} ${String(c.target)}`)).toEqual([`deny ${path.join(ws, 'secret.md')}`, `allow ${path.join(ws, 'notes', 'hello.md')}`]);
      const state = await readState(stateFile);
      expect(state.stepRuns.write?.attempts?.[0]).toMatchObject({ outcome: 'succeeded', toolCalls: { calls: 2, denied: 1 } });
      expect(JSON.stringify((api.requests.filter((q) => q.turn !== null)[1]?.body as { messages: unknown[] }).messages.at(-1))).toContain('matches the block pattern');

      // (b) The budget stop: the Write after it was refused with the stop file's words, the
      // agent ended by itself (no SIGTERM), and the plan blocks on the spent budget.
      expect(text).toMatch(/asking the agent to stop/);
      expect(existsSync(path.join(ws, 'draft.md'))).toBe(true);
      expect(existsSync(path.join(ws, 'summary.md'))).toBe(false);
      const summary = await commandLog(`${logs}/summary/attempt-1.commands.jsonl`);
      expect(summary.filter((c) => c.decision === 'deny').map((c) => [c.target, c.reason])).toEqual([
        [path.join(ws, 'summary.md'), "The step's token budget is spent: stop now, save your work and exit."],
      ]);
      expect(JSON.stringify((api.requests.filter((q) => q.turn !== null)[5]?.body as { messages: unknown[] }).messages.at(-1))).toContain('token budget is spent');
      expect(state.status).toBe('BLOCKED');
      expect(state.stepRuns.summary?.attempts?.[0]).toMatchObject({ outcome: 'over_budget', stoppedBy: 'agent', toolCalls: { calls: 2, denied: 1 } });
      expect(Date.now() - started).toBeLessThan(90_000);
      // The log line quotes the reference the attempt fills in with its own settings file.
      expect(text).toContain(`Runs: ${claude.binary} --output-format stream-json --verbose --include-partial-messages --settings "$SEQUENCER_CLAUDE_SETTINGS" -p --permission-mode acceptEdits`);
    } finally {
      await api.close();
    }
  });
});
