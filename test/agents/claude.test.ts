// The real Claude Code binary (`claude -p --output-format stream-json --verbose`) against the
// Anthropic stand-in: it runs the scripted tool calls (a file is written, a command runs, a
// missing file is an error the model sees), and its stream ends with a `result` event holding the
// figures the sequencer will record (cost, usage, turns, API time, session id). An API error, a
// turn limit and a kill mid-stream are recorded as they really look.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAgentStream } from '../../src/core/agent-stream/stream-parser.js';
import { startAnthropicStandIn } from './anthropic-stand-in.js';
import { agentFor, record, removeTempDirs, tempDir } from './lane.js';
import { agentSetup, cleanEnv, jsonLines, runAgent } from './run-agent.js';
import type { ScriptedTurn } from './stand-in-server.js';

afterAll(removeTempDirs);

const STREAM = ['-p', '--output-format', 'stream-json', '--verbose'];

/** A workspace, a temp HOME and a stand-in answering `script` (given the workspace's path). */
async function setUp(script: (ws: string) => ScriptedTurn[]) {
  const ws = await tempDir('claude-ws-');
  const home = await tempDir('claude-home-');
  const api = await startAnthropicStandIn(script(ws));
  const env = cleanEnv(await agentSetup('claude', api.url, home));
  return { ws, home, api, env, places: { [ws]: '/workspace', [home]: '/home/agent' } };
}

describe('Claude Code against the Anthropic stand-in', () => {
  it('runs the scripted tools and ends with a result event holding cost, usage, turns and session id', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const { ws, api, env, places } = await setUp((dir) => [
      {
        say: 'I will write the notes file first.',
        call: [{ tool: 'Write', input: { file_path: path.join(dir, 'notes', 'hello.md'), content: '# Hello\n\nWritten by the agent.\n' } }],
        usage: { input: 1500, output: 60, cacheRead: 0, cacheWrite: 1400 },
      },
      { call: [{ tool: 'Bash', input: { command: 'cat notes/hello.md', description: 'Show the notes file' } }], usage: { input: 80, output: 30, cacheRead: 1400, cacheWrite: 60 } },
      { call: [{ tool: 'Read', input: { file_path: path.join(dir, 'missing.md') } }], usage: { input: 90, output: 25, cacheRead: 1460, cacheWrite: 50 } },
      { say: 'The notes file is written and shows what it should.', usage: { input: 70, output: 20, cacheRead: 1510, cacheWrite: 0 } },
    ]);
    try {
      const run = await runAgent([...claude.argv, ...STREAM, '--allowedTools', 'Bash(cat *)', '--permission-mode', 'acceptEdits', 'Write the notes file, show it, then read missing.md.'], {
        cwd: ws,
        env,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(await readFile(path.join(ws, 'notes', 'hello.md'), 'utf8')).toBe('# Hello\n\nWritten by the agent.\n');

      const events = jsonLines(run.stdout);
      const init = events[0] as { type: string; subtype: string; session_id: string; model: string };
      expect([init.type, init.subtype]).toEqual(['system', 'init']);
      const result = events.at(-1) as Record<string, unknown>;
      expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, num_turns: 4, session_id: init.session_id, result: 'The notes file is written and shows what it should.' });
      expect(result.total_cost_usd).toEqual(expect.any(Number));
      expect(result.total_cost_usd as number).toBeGreaterThan(0);
      expect(result.duration_api_ms).toEqual(expect.any(Number));
      // The usage is the sum of what the stand-in reported for each turn.
      expect(result.usage).toMatchObject({ input_tokens: 1740, output_tokens: 135, cache_read_input_tokens: 4370, cache_creation_input_tokens: 1510 });
      const modelUsage = result.modelUsage as Record<string, { inputTokens: number; costUSD: number }>;
      expect(Object.values(modelUsage).map((m) => m.inputTokens)).toEqual([1740]);

      // Each tool's result went back to the model: the write, the command's output, the error.
      const turns = api.requests.filter((r) => r.turn !== null);
      expect(turns).toHaveLength(4);
      const lastMessage = (i: number) => JSON.stringify((turns[i]?.body as { messages: unknown[] }).messages.at(-1));
      expect(lastMessage(1)).toContain('toolu_standin000');
      expect(lastMessage(2)).toContain('Written by the agent.');
      expect(lastMessage(3)).toMatch(/"is_error":true/);
      expect(turns[0]?.headers['x-api-key']).toBe('sk-ant-standin');
      // The sequencer's parser reads this live stream as the figures above.
      expect(parseAgentStream('claude', run.stdout).usage).toMatchObject({
        inputTokens: 1740,
        outputTokens: 135,
        cacheReadTokens: 4370,
        cacheWriteTokens: 1510,
        turns: 4,
        sessionId: init.session_id,
        isError: false,
      });
      await record('claude-tools.jsonl', run.stdout, places);
      // A reader of a cut log sees the stream end inside a line.
      await record('claude-truncated.jsonl', run.stdout.slice(0, Math.floor(run.stdout.length * 0.6)), places);
      ctx.annotate(`claude run: ${run.durationMs} ms, ${events.length} events`);
    } finally {
      await api.close();
    }
  });

  it('with --include-partial-messages, each message_delta carries the output tokens of its message so far', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const { ws, api, env, places } = await setUp(() => [
      { say: 'Looking first.', call: [{ tool: 'Bash', input: { command: 'ls', description: 'List files' } }], usage: { input: 1200, output: 45, cacheRead: 0, cacheWrite: 1000 } },
      { say: 'Nothing to do here.', usage: { input: 60, output: 15, cacheRead: 1000, cacheWrite: 40 } },
    ]);
    try {
      const run = await runAgent([...claude.argv, ...STREAM, '--include-partial-messages', '--allowedTools', 'Bash(ls)', '--permission-mode', 'acceptEdits', 'Look around.'], { cwd: ws, env });
      expect(run.code, run.stderr).toBe(0);
      const events = jsonLines(run.stdout);
      const deltas = events.filter((e) => e.type === 'stream_event' && (e.event as { type: string }).type === 'message_delta');
      expect(deltas.map((e) => [e.api_message_id, (e.event as { usage: { output_tokens: number } }).usage.output_tokens])).toEqual([
        ['msg_standin0000', 45],
        ['msg_standin0001', 15],
      ]);
      expect(events.at(-1)).toMatchObject({ type: 'result', usage: { output_tokens: 60 } });
      await record('claude-partial-messages.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });

  it('an API error ends the run with an error result', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const { ws, api, env, places } = await setUp(() => [{ fail: { status: 400, message: 'messages: the stand-in refuses this request' } }]);
    try {
      const run = await runAgent([...claude.argv, ...STREAM, 'Summarise the repository.'], { cwd: ws, env });
      expect(run.code).not.toBe(0);
      const result = jsonLines(run.stdout).at(-1) as Record<string, unknown>;
      expect(result).toMatchObject({ type: 'result', is_error: true });
      expect(result.api_error_status).toBe(400);
      expect(String(result.result)).toContain('the stand-in refuses this request');
      await record('claude-api-error.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });

  it('a turn limit ends the run with an error_max_turns result', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const { ws, api, env, places } = await setUp(() => [
      { call: [{ tool: 'Glob', input: { pattern: '**/*.md' } }] },
      { call: [{ tool: 'Glob', input: { pattern: '**/*.ts' } }] },
      { say: 'never reached' },
    ]);
    try {
      const run = await runAgent([...claude.argv, ...STREAM, '--max-turns', '1', 'List the files.'], { cwd: ws, env });
      const result = jsonLines(run.stdout).at(-1) as Record<string, unknown>;
      expect(result).toMatchObject({ type: 'result', subtype: 'error_max_turns', is_error: true });
      expect(run.code).not.toBe(0);
      await record('claude-max-turns.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });

  it('killed while the model is still answering: the stream stops without a result event', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const { ws, api, env, places } = await setUp(() => [
      { say: 'Looking around first.', call: [{ tool: 'Glob', input: { pattern: '*' } }] },
      { stall: true, say: 'Now I will' },
    ]);
    try {
      const run = await runAgent([...claude.argv, ...STREAM, 'Look around.'], { cwd: ws, env, killAfter: () => api.turnsServed >= 2 });
      expect(run.signal).toBe('SIGKILL');
      const events = jsonLines(run.stdout);
      expect(events.some((e) => e.type === 'result')).toBe(false);
      expect(events.some((e) => e.type === 'assistant')).toBe(true);
      expect(existsSync(ws)).toBe(true);
      await record('claude-killed.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });
});
