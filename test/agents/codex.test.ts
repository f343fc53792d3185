// The real Codex CLI (`codex exec --json`) against the Responses API stand-in, through a model
// provider in its config.toml (base_url, no WebSockets). It applies the scripted patch, runs the
// scripted commands in its own sandbox (workspace-write), and its JSON lines end with
// `turn.completed` and the usage of the whole turn. Codex reports no cost and no model in its
// stream. An API error ends in `turn.failed`; a kill leaves a stream without either.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAgentStream } from '../../src/core/agent-stream/stream-parser.js';
import { agentFor, record, removeTempDirs, tempDir } from './lane.js';
import { startOpenAIStandIn } from './openai-stand-in.js';
import { agentSetup, cleanEnv, jsonLines, runAgent } from './run-agent.js';
import type { ScriptedTurn } from './stand-in-server.js';

afterAll(removeTempDirs);

const EXEC = ['exec', '--json', '--sandbox', 'workspace-write'];

async function setUp(script: ScriptedTurn[]) {
  const ws = await tempDir('codex-ws-');
  execFileSync('git', ['init', '-q', ws]);
  const home = await tempDir('codex-home-');
  const api = await startOpenAIStandIn(script);
  const env = cleanEnv(await agentSetup('codex', api.url, home));
  return { ws, home, api, env, places: { [ws]: '/workspace', [home]: '/home/agent' } };
}

describe('Codex against the Responses API stand-in', () => {
  it('applies the patch, runs the commands and ends with turn.completed and the usage', async (ctx) => {
    const codex = agentFor(ctx, 'codex');
    const { ws, api, env, places } = await setUp([
      {
        say: 'I will add the notes file.',
        call: [{ tool: 'apply_patch', input: '*** Begin Patch\n*** Add File: notes/hello.md\n+# Hello\n+\n+Written by the agent.\n*** End Patch\n' }],
        usage: { input: 1500, output: 60, cacheRead: 0 },
      },
      { call: [{ tool: 'exec_command', input: { cmd: 'cat notes/hello.md' } }], usage: { input: 100, output: 30, cacheRead: 1500 } },
      { call: [{ tool: 'exec_command', input: { cmd: 'cat missing.md' } }], usage: { input: 120, output: 25, cacheRead: 1600 } },
      { say: 'The notes file is written; missing.md does not exist.', usage: { input: 90, output: 20, cacheRead: 1720 } },
    ]);
    try {
      const run = await runAgent([...codex.argv, ...EXEC, 'Write the notes file, show it, then show missing.md.'], { cwd: ws, env });
      expect(run.code, run.stderr).toBe(0);
      expect(await readFile(path.join(ws, 'notes', 'hello.md'), 'utf8')).toBe('# Hello\n\nWritten by the agent.\n');

      const events = jsonLines(run.stdout);
      expect(events[0]).toMatchObject({ type: 'thread.started', thread_id: expect.any(String) });
      const done = events.filter((e) => e.type === 'item.completed').map((e) => e.item as Record<string, unknown>);
      expect(done.map((i) => i.type)).toEqual(['agent_message', 'file_change', 'command_execution', 'command_execution', 'agent_message']);
      expect(done[3]).toMatchObject({ exit_code: 1, status: 'failed' });
      // The Responses API counts cached tokens inside input_tokens; Codex sums the turn's requests.
      expect(events.at(-1)).toEqual({ type: 'turn.completed', usage: expect.objectContaining({ input_tokens: 1810 + 4820, cached_input_tokens: 4820, output_tokens: 135 }) });

      const turns = api.requests.filter((r) => r.turn !== null);
      expect(turns).toHaveLength(4);
      const lastInput = (i: number) => JSON.stringify((turns[i]?.body as { input: unknown[] }).input.at(-1));
      expect(lastInput(1)).toContain('custom_tool_call_output');
      expect(lastInput(2)).toContain('Written by the agent.');
      expect(lastInput(3)).toContain('Process exited with code 1');
      expect(turns[0]?.headers.authorization).toBe('Bearer sk-standin');
      // The sequencer's parser keeps cached tokens apart from the rest of the input.
      expect(parseAgentStream('codex', run.stdout).usage).toMatchObject({ inputTokens: 1810, cacheReadTokens: 4820, outputTokens: 135, isError: false });
      await record('codex-tools.jsonl', run.stdout, places);
      ctx.annotate(`codex run: ${run.durationMs} ms, ${events.length} events`);
    } finally {
      await api.close();
    }
  });

  it('an API error ends the run with turn.failed', async (ctx) => {
    const codex = agentFor(ctx, 'codex');
    const { ws, api, env, places } = await setUp([{ fail: { status: 400, message: 'The stand-in refuses this request.' } }]);
    try {
      const run = await runAgent([...codex.argv, ...EXEC, 'Summarise the repository.'], { cwd: ws, env });
      expect(run.code).not.toBe(0);
      const last = jsonLines(run.stdout).at(-1) as Record<string, unknown>;
      expect(last.type).toBe('turn.failed');
      expect(JSON.stringify(last)).toContain('The stand-in refuses this request.');
      await record('codex-api-error.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });

  it('killed while the model is still answering: the stream stops without turn.completed', async (ctx) => {
    const codex = agentFor(ctx, 'codex');
    const { ws, api, env, places } = await setUp([
      { say: 'Looking around first.', call: [{ tool: 'exec_command', input: { cmd: 'ls -a' } }] },
      { stall: true, say: 'Now I will' },
    ]);
    try {
      const run = await runAgent([...codex.argv, ...EXEC, 'Look around.'], { cwd: ws, env, killAfter: () => api.turnsServed >= 2 });
      expect(run.signal).toBe('SIGKILL');
      const events = jsonLines(run.stdout);
      expect(events.some((e) => e.type === 'turn.completed' || e.type === 'turn.failed')).toBe(false);
      expect(events.some((e) => e.type === 'item.completed')).toBe(true);
      await record('codex-killed.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });
});
