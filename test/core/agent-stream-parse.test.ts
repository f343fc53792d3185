// The stream parsers against streams the real agent CLIs printed (test/fixtures/agent-streams/,
// recorded by the agent lane): the events each stream stands for and the usage it reports, for a
// run with tools, an API error, a turn limit, a hook's denial, a stream cut short and an agent
// killed mid-stream. Fed whole, and in chunks cut anywhere, the answer is the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AgentStreamParser, parseAgentStream } from '../../src/core/agent-stream/stream-parser.js';
import { totalTokens, type AgentUsage, type StreamAgent, type StreamEvent } from '../../src/core/agent-stream/types.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/agent-streams/${name}`, import.meta.url), 'utf8');
}

/** An event in a few words: enough to see order and content without every id. */
function brief(e: StreamEvent): string {
  switch (e.kind) {
    case 'start':
      return `start ${e.model ?? '-'}`;
    case 'text':
      return `text ${e.text}`;
    case 'tool':
      return `tool ${e.tool}: ${e.subject}`;
    case 'tool-error':
      return `tool-error ${e.tool ?? '?'}: ${e.message}`;
    case 'notice':
      return `notice ${e.message}`;
    case 'result':
      return `result ${e.ok ? 'ok' : 'failed'}${e.ok ? '' : `: ${e.text ?? ''}`}`;
  }
}

interface Case {
  file: string;
  agent: StreamAgent;
  events: string[];
  usage: Partial<AgentUsage>;
  finished: boolean;
  skipped?: number;
}

const GLOB_MISSING = 'tool-error Glob: Error: No such tool available: Glob. Glob is not available in this session — find files with `find` via the Bash tool instead.';

const CASES: Case[] = [
  {
    file: 'claude-tools.jsonl',
    agent: 'claude',
    events: [
      'start claude-opus-5-5',
      'text I will write the notes file first.',
      'tool Write: /workspace/notes/hello.md',
      'tool Bash: cat notes/hello.md',
      'tool Read: /workspace/missing.md',
      'tool-error Read: File does not exist. Note: your current working directory is /workspace.',
      'text The notes file is written and shows what it should.',
      'result ok',
    ],
    usage: { model: 'claude-opus-5-5', inputTokens: 1740, outputTokens: 135, cacheReadTokens: 4370, cacheWriteTokens: 1510, costUsd: 0.018084000000000003, turns: 4, isError: false },
    finished: true,
  },
  {
    file: 'claude-hook-denied.jsonl',
    agent: 'claude',
    events: [
      'start claude-opus-5-5',
      'text Cleaning up first.',
      'tool Bash: rm -f keep.txt',
      'tool-error Bash: PreToolUse:Bash hook error: Blocked by the step\'s tool policy: Bash(rm -f keep.txt) matches the block pattern "Bash(rm *)". Do the work another way, or exit with a non-zero status if it needs this.',
      'tool Bash: touch made-by-bash.txt',
      'tool Write: /workspace/notes/hello.md',
      'text Done: notes/hello.md is written.',
      'result ok',
    ],
    usage: { inputTokens: 4800, outputTokens: 160, cacheReadTokens: 3200, cacheWriteTokens: 1200, costUsd: 0.02904, turns: 4, isError: false },
    finished: true,
  },
  {
    file: 'claude-api-error.jsonl',
    agent: 'claude',
    // The made-up assistant message that repeats the error is not shown twice.
    events: ['start claude-opus-5-5', 'result failed: API Error: 400 messages: the stand-in refuses this request'],
    usage: { inputTokens: 0, outputTokens: 0, costUsd: 0, turns: 1, isError: true },
    finished: true,
  },
  {
    file: 'claude-max-turns.jsonl',
    agent: 'claude',
    events: ['start claude-opus-5-5', 'tool Glob: **/*.md', GLOB_MISSING, 'result failed: Reached maximum number of turns (1)'],
    usage: { inputTokens: 1200, outputTokens: 40, cacheReadTokens: 800, cacheWriteTokens: 300, costUsd: 0.00726, turns: 2, isError: true },
    finished: true,
  },
  {
    file: 'claude-partial-messages.jsonl',
    agent: 'claude',
    events: ['start claude-opus-5-5', 'text Looking first.', 'tool Bash: ls', 'text Nothing to do here.', 'result ok'],
    usage: { inputTokens: 1260, outputTokens: 60, cacheReadTokens: 1000, cacheWriteTokens: 1040, turns: 2, isError: false },
    finished: true,
  },
  {
    // Cut in the middle of a line: the cut line is skipped, the usage is the running estimate.
    file: 'claude-truncated.jsonl',
    agent: 'claude',
    events: ['start claude-opus-5-5', 'text I will write the notes file first.', 'tool Write: /workspace/notes/hello.md', 'tool Bash: cat notes/hello.md'],
    usage: { inputTokens: 1580, outputTokens: 2, cacheReadTokens: 1400, cacheWriteTokens: 1460, isError: false },
    finished: false,
    skipped: 1,
  },
  {
    file: 'claude-killed.jsonl',
    agent: 'claude',
    events: ['start claude-opus-5-5', 'text Looking around first.', 'tool Glob: *', GLOB_MISSING],
    // What the one message seen so far reported as it started (output tokens are known at its end).
    usage: { inputTokens: 1200, outputTokens: 1, cacheReadTokens: 800, cacheWriteTokens: 300, isError: false },
    finished: false,
  },
  {
    file: 'codex-tools.jsonl',
    agent: 'codex',
    events: [
      'start -',
      'text I will add the notes file.',
      'tool Patch: add /workspace/notes/hello.md',
      'tool Shell: cat notes/hello.md',
      'tool Shell: cat missing.md',
      'tool-error Shell: exit 1: cat: missing.md: No such file or directory',
      'text The notes file is written; missing.md does not exist.',
      'result ok',
    ],
    // Codex counts cached tokens inside input_tokens (6630 of which 4820 cached): kept apart here.
    usage: { inputTokens: 1810, outputTokens: 135, cacheReadTokens: 4820, cacheWriteTokens: 0, isError: false },
    finished: true,
  },
  {
    file: 'codex-api-error.jsonl',
    agent: 'codex',
    events: ['start -', 'notice The stand-in refuses this request.', 'result failed: The stand-in refuses this request.'],
    usage: { inputTokens: 0, outputTokens: 0, isError: true },
    finished: true,
  },
  {
    file: 'codex-killed.jsonl',
    agent: 'codex',
    events: ['start -', 'text Looking around first.', 'tool Shell: ls -a'],
    usage: { inputTokens: 0, outputTokens: 0, isError: false },
    finished: false,
  },
  {
    file: 'gemini-tools.jsonl',
    agent: 'gemini',
    events: [
      'start auto',
      'text I will write the notes file first.',
      'tool write_file: /workspace/notes/hello.md',
      'tool run_shell_command: cat notes/hello.md',
      'tool read_file: /workspace/missing.md',
      'tool-error read_file: File not found: /workspace/missing.md',
      'text The notes file is written; missing.md does not exist.',
      'result ok',
    ],
    // The model router's own request (flash-lite) is counted too; the main model did the most.
    usage: { model: 'gemini-3.8-flash', inputTokens: 1860, outputTokens: 140, cacheReadTokens: 4820, cacheWriteTokens: 0, isError: false },
    finished: true,
  },
  {
    file: 'gemini-api-error.jsonl',
    agent: 'gemini',
    events: ['start auto', 'result failed: API Error: The stand-in refuses this request. (400 INVALID_ARGUMENT)'],
    usage: { inputTokens: 50, outputTokens: 5, isError: true },
    finished: true,
  },
  {
    // The text pieces seen before the kill are still shown, joined.
    file: 'gemini-killed.jsonl',
    agent: 'gemini',
    events: ['start auto', 'text Looking around first.', 'tool list_directory: .', 'text Now I will'],
    usage: { inputTokens: 0, outputTokens: 0, isError: false },
    finished: false,
  },
];

describe('agent stream parsers on recorded streams', () => {
  it.each(CASES)('$file', ({ file, agent, events, usage, finished, skipped }) => {
    const parsed = parseAgentStream(agent, fixture(file));
    expect(parsed.events.map(brief)).toEqual(events);
    expect(parsed.usage).toMatchObject(usage);
    expect(parsed.finished).toBe(finished);
    expect(parsed.stats.skipped).toBe(skipped ?? 0);
    // The result event carries the same usage the parser answers with.
    const result = parsed.events.find((e) => e.kind === 'result');
    if (result) expect(result.usage).toEqual(parsed.usage);
  });

  it.each(CASES)('$file fed in chunks cut anywhere gives the same events and usage', ({ file, agent }) => {
    const text = fixture(file);
    const whole = parseAgentStream(agent, text);
    for (const size of [1, 7, 64, 4093]) {
      const parser = new AgentStreamParser(agent);
      const events: StreamEvent[] = [];
      for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
      events.push(...parser.end());
      expect(events, `chunks of ${size}`).toEqual(whole.events);
      expect(parser.usage()).toEqual(whole.usage);
    }
  });

  it('session ids come from the stream', () => {
    const claude = parseAgentStream('claude', fixture('claude-tools.jsonl'));
    const init = JSON.parse(fixture('claude-tools.jsonl').split('\n')[0] as string) as { session_id: string };
    expect(claude.usage.sessionId).toBe(init.session_id);
    const codex = parseAgentStream('codex', fixture('codex-tools.jsonl'));
    expect(codex.usage.sessionId).toBe((JSON.parse(fixture('codex-tools.jsonl').split('\n')[0] as string) as { thread_id: string }).thread_id);
    const gemini = parseAgentStream('gemini', fixture('gemini-tools.jsonl'));
    expect(gemini.usage.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a running Claude Code count grows message by message before the result, and the result replaces it', () => {
    const lines = fixture('claude-partial-messages.jsonl').split('\n');
    const parser = new AgentStreamParser('claude');
    const totals: number[] = [];
    for (const line of lines) {
      parser.push(`${line}\n`);
      totals.push(totalTokens(parser.usage()));
    }
    // Non-decreasing while the agent works: a budget can follow it.
    for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1] as number);
    // With partial messages each message's output tokens are known before the result: 45 and 15.
    const beforeResult = new AgentStreamParser('claude');
    beforeResult.push(lines.filter((l) => !l.includes('"type":"result"')).join('\n'));
    expect(beforeResult.usage()).toMatchObject({ inputTokens: 1260, outputTokens: 60, cacheReadTokens: 1000, cacheWriteTokens: 1040 });
    expect(parser.usage().costUsd).toBeGreaterThan(0);
  });

  it('Claude Code --output-format json (its one result object) gives the usage', () => {
    const result = fixture('claude-tools.jsonl').trim().split('\n').at(-1) as string;
    const parsed = parseAgentStream('claude', result);
    expect(parsed.finished).toBe(true);
    expect(parsed.usage).toMatchObject({ inputTokens: 1740, outputTokens: 135, turns: 4 });
  });
});
