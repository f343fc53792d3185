// The real Gemini CLI (`gemini --yolo --output-format stream-json -p`) against the Gemini API
// stand-in (GOOGLE_GEMINI_BASE_URL). It writes the scripted file, runs the scripted command, sees
// the error of a missing file, and its stream ends with a `result` event holding the token
// figures per model. Gemini CLI reports no cost. An API error and a kill are recorded too.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAgentStream } from '../../src/core/agent-stream/stream-parser.js';
import { startGeminiStandIn } from './gemini-stand-in.js';
import { agentFor, record, removeTempDirs, tempDir } from './lane.js';
import { agentSetup, cleanEnv, jsonLines, runAgent } from './run-agent.js';
import type { ScriptedTurn } from './stand-in-server.js';

afterAll(removeTempDirs);

// As the README's recipe (`gemini --yolo -p`) with the stream asked for before -p, whose value
// the prompt is.
const STREAM = ['--yolo', '--output-format', 'stream-json', '-p'];

async function setUp(script: (ws: string) => ScriptedTurn[]) {
  const ws = await tempDir('gemini-ws-');
  const home = await tempDir('gemini-home-');
  const api = await startGeminiStandIn(script(ws));
  const env = cleanEnv(await agentSetup('gemini', api.url, home));
  return { ws, home, api, env, places: { [ws]: '/workspace', [home]: '/home/agent' } };
}

describe('Gemini CLI against the Gemini API stand-in', () => {
  it('runs the scripted tools and ends with a result event holding the token figures', async (ctx) => {
    const gemini = agentFor(ctx, 'gemini');
    const { ws, api, env, places } = await setUp((dir) => [
      {
        say: 'I will write the notes file first.',
        call: [{ tool: 'write_file', input: { file_path: path.join(dir, 'notes', 'hello.md'), content: '# Hello\n\nWritten by the agent.\n' } }],
        usage: { input: 1500, output: 60, cacheRead: 0 },
      },
      { call: [{ tool: 'run_shell_command', input: { command: 'cat notes/hello.md', description: 'Show the notes file' } }], usage: { input: 100, output: 30, cacheRead: 1500 } },
      { call: [{ tool: 'read_file', input: { file_path: path.join(dir, 'missing.md') } }], usage: { input: 120, output: 25, cacheRead: 1600 } },
      { say: 'The notes file is written; missing.md does not exist.', usage: { input: 90, output: 20, cacheRead: 1720 } },
    ]);
    try {
      const run = await runAgent([...gemini.argv, ...STREAM, 'Write the notes file, show it, then read missing.md.'], { cwd: ws, env });
      expect(run.code, run.stderr).toBe(0);
      expect(await readFile(path.join(ws, 'notes', 'hello.md'), 'utf8')).toBe('# Hello\n\nWritten by the agent.\n');

      const events = jsonLines(run.stdout);
      expect(events[0]).toMatchObject({ type: 'init', session_id: expect.any(String) });
      const uses = events.filter((e) => e.type === 'tool_use').map((e) => e.tool_name);
      expect(uses).toEqual(['write_file', 'run_shell_command', 'read_file']);
      const results = events.filter((e) => e.type === 'tool_result').map((e) => e.status);
      expect(results).toEqual(['success', 'success', 'error']);
      const result = events.at(-1) as { type: string; status: string; stats: Record<string, unknown> };
      expect(result).toMatchObject({ type: 'result', status: 'success' });
      // The scripted turns (6630 prompt tokens of which 4820 cached, 135 output) and the model
      // router's side request (50 in, 5 out), which the stand-in answers with figures of its own.
      expect(result.stats).toMatchObject({ input_tokens: 6680, cached: 4820, output_tokens: 140, tool_calls: 3 });

      const turns = api.requests.filter((r) => r.turn !== null);
      expect(turns).toHaveLength(4);
      const lastPart = (i: number) => JSON.stringify((turns[i]?.body as { contents: unknown[] }).contents.at(-1));
      expect(lastPart(1)).toContain('functionResponse');
      expect(lastPart(2)).toContain('Written by the agent.');
      expect(turns[0]?.headers['x-goog-api-key']).toBe('standin-key');
      // The sequencer's parser keeps cached tokens apart from the rest of the input.
      expect(parseAgentStream('gemini', run.stdout).usage).toMatchObject({ inputTokens: 1860, cacheReadTokens: 4820, outputTokens: 140, isError: false });
      await record('gemini-tools.jsonl', run.stdout, places);
      ctx.annotate(`gemini run: ${run.durationMs} ms, ${events.length} events`);
    } finally {
      await api.close();
    }
  });

  it('an API error ends the run with an error result', async (ctx) => {
    const gemini = agentFor(ctx, 'gemini');
    const { ws, api, env, places } = await setUp(() => [{ fail: { status: 400, message: 'The stand-in refuses this request.' } }]);
    try {
      const run = await runAgent([...gemini.argv, ...STREAM, 'Summarise the repository.'], { cwd: ws, env });
      expect(run.code).not.toBe(0);
      const events = jsonLines(run.stdout);
      expect(JSON.stringify(events.filter((e) => e.type === 'error' || e.type === 'result'))).toContain('The stand-in refuses this request.');
      await record('gemini-api-error.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });

  it('killed while the model is still answering: the stream stops without a result event', async (ctx) => {
    const gemini = agentFor(ctx, 'gemini');
    const { ws, api, env, places } = await setUp(() => [
      { say: 'Looking around first.', call: [{ tool: 'list_directory', input: { dir_path: '.' } }] },
      { stall: true, say: 'Now I will' },
    ]);
    try {
      const run = await runAgent([...gemini.argv, ...STREAM, 'Look around.'], { cwd: ws, env, killAfter: () => api.turnsServed >= 2 });
      expect(run.signal).toBe('SIGKILL');
      const events = jsonLines(run.stdout);
      expect(events.some((e) => e.type === 'result')).toBe(false);
      expect(events.some((e) => e.type === 'tool_use')).toBe(true);
      await record('gemini-killed.jsonl', run.stdout, places);
    } finally {
      await api.close();
    }
  });
});
