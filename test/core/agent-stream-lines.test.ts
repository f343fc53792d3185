// Reading a stream whatever the agent prints around and inside it: stderr lines and garbage are
// skipped and counted, a line past the cap is dropped whole (also when it arrives in pieces) and
// the next line is read, CRLF endings, a last line without a break, and events of the wrong
// shape, which read as less detail, never as a crash.
import { describe, expect, it } from 'vitest';
import { JsonLines } from '../../src/core/agent-stream/json-lines.js';
import { parseAgentStream } from '../../src/core/agent-stream/stream-parser.js';
import { STREAM_AGENTS } from '../../src/core/agent-stream/types.js';

describe('JSON lines', () => {
  it('skips what is not a JSON object, counting it', () => {
    const lines = new JsonLines();
    const got = lines.push('npm warn something\n{"a":1}\n[1,2]\n"text"\n{"cut":\n\n   \n{"b":2}\r\n');
    expect(got).toEqual([{ a: 1 }, { b: 2 }]);
    expect(lines.stats).toEqual({ objects: 2, skipped: 4, tooLong: 0 });
  });

  it('a line longer than the cap is dropped whole, even arriving in pieces, and the next line is read', () => {
    const lines = new JsonLines(100);
    const long = `{"x":"${'y'.repeat(300)}"}`;
    const got = [...lines.push(long.slice(0, 60)), ...lines.push(long.slice(60, 200)), ...lines.push(`${long.slice(200)}\n{"next":true}\n`)];
    expect(got).toEqual([{ next: true }]);
    expect(lines.stats.tooLong).toBe(1);
    // A long line in one chunk too.
    expect(lines.push(`${long}\n{"after":1}\n`)).toEqual([{ after: 1 }]);
    expect(lines.stats.tooLong).toBe(2);
  });

  it('holds at most the cap while a line is incomplete', () => {
    const lines = new JsonLines(1000);
    for (let i = 0; i < 1000; i++) lines.push('z'.repeat(1000));
    // Nothing of the 1 MB line was kept: the next line parses on its own.
    expect(lines.push('\n{"ok":1}')).toEqual([]);
    expect(lines.end()).toEqual([{ ok: 1 }]);
    expect(lines.stats.tooLong).toBe(1);
  });

  it('the last line without a line break is read at the end; a cut one is skipped', () => {
    const a = new JsonLines();
    expect(a.push('{"a":1}')).toEqual([]);
    expect(a.end()).toEqual([{ a: 1 }]);
    const b = new JsonLines();
    b.push('{"a":');
    expect(b.end()).toEqual([]);
    expect(b.stats.skipped).toBe(1);
  });
});

describe('events of a shape the parsers do not expect', () => {
  const odd = [
    '{"type":"assistant","message":"not an object"}',
    '{"type":"assistant","message":{"content":[null,1,{"type":"tool_use"},{"type":"text","text":42}]}}',
    '{"type":"user","message":{"content":[{"type":"tool_result","is_error":true,"content":[{"type":"text","text":"boom"}]}]}}',
    '{"type":"result","usage":{"input_tokens":-5,"output_tokens":"12","cache_read_input_tokens":1e400},"total_cost_usd":"1.2","num_turns":null}',
    '{"type":"item.completed","item":{"type":"command_execution","exit_code":"1"}}',
    '{"type":"item.completed","item":{"type":"file_change","changes":"all"}}',
    '{"type":"turn.completed","usage":{"input_tokens":10,"cached_input_tokens":50}}',
    '{"type":"tool_use","parameters":[1,2]}',
    '{"type":"tool_result","status":"error"}',
    '{"type":"result","status":"success","stats":{"models":{"m":"x"},"input_tokens":{}}}',
    '{"type":{"nested":true}}',
    '{"__proto__":{"polluted":true},"type":"result"}',
  ].join('\n');

  it.each(STREAM_AGENTS)('%s: reads as less detail, never throws, counts no negative or non-numeric figure', (agent) => {
    const parsed = parseAgentStream(agent, odd);
    for (const n of [parsed.usage.inputTokens, parsed.usage.outputTokens, parsed.usage.cacheReadTokens, parsed.usage.cacheWriteTokens]) {
      expect(Number.isInteger(n) && n >= 0).toBe(true);
    }
    expect(parsed.usage.costUsd === undefined || Number.isFinite(parsed.usage.costUsd)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('Claude Code: a tool error without a known tool still shows its text; odd usage reads as 0', () => {
    const parsed = parseAgentStream('claude', odd);
    expect(parsed.events.filter((e) => e.kind === 'tool-error')).toEqual([{ kind: 'tool-error', message: 'boom' }]);
    expect(parsed.events.filter((e) => e.kind === 'tool')).toEqual([{ kind: 'tool', tool: 'tool', subject: '' }]);
    expect(parsed.usage).toMatchObject({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0 });
    expect(parsed.usage.costUsd).toBeUndefined();
  });

  it('Codex: more cached than input tokens never gives negative input', () => {
    const parsed = parseAgentStream('codex', odd);
    expect(parsed.usage).toMatchObject({ inputTokens: 0, cacheReadTokens: 50 });
  });
});
