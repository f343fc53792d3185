// The log lines an agent's stream becomes: short, one per event, paths inside the workspace
// shown relative to it, and inert whatever the agent wrote: no control characters or terminal
// escapes, no line breaks (Unicode's included), no bidirectional overrides, no workflow command
// the runner could act on, capped in length without splitting a character.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatUsd, groupDigits, inertLine, renderEvent, usageText } from '../../src/core/agent-stream/render-event.js';
import { parseAgentStream } from '../../src/core/agent-stream/stream-parser.js';
import type { StreamAgent, StreamEvent } from '../../src/core/agent-stream/types.js';
import { emptyUsage } from '../../src/core/agent-stream/types.js';
import { mayHoldWorkflowCommand } from '../../src/core/render/workflow-commands.js';

function lines(agent: StreamAgent, file: string): string[] {
  const text = readFileSync(new URL(`../fixtures/agent-streams/${file}`, import.meta.url), 'utf8');
  return parseAgentStream(agent, text)
    .events.map((e) => renderEvent(e, { workspace: '/workspace' }))
    .filter((l): l is string => l !== null);
}

describe('rendered recorded streams', () => {
  it.each([
    [
      'claude',
      'claude-tools.jsonl',
      [
        /^Agent started: session [0-9a-f-]{36}, model claude-opus-5-5$/,
        '» I will write the notes file first.',
        'Write: notes/hello.md',
        'Bash: cat notes/hello.md',
        'Read: missing.md',
        '✗ Read: File does not exist. Note: your current working directory is /workspace.',
        '» The notes file is written and shows what it should.',
        /^✓ Done: 4 turns; 1,740 in, 135 out, 4,370 cache read, 1,510 cache write tokens; \$0\.0181; API \d+ ms$/,
      ],
    ],
    [
      'codex',
      'codex-tools.jsonl',
      [
        /^Agent started: session [0-9a-f-]{36}$/,
        '» I will add the notes file.',
        'Patch: add notes/hello.md',
        'Shell: cat notes/hello.md',
        'Shell: cat missing.md',
        '✗ Shell: exit 1: cat: missing.md: No such file or directory',
        '» The notes file is written; missing.md does not exist.',
        '✓ Done: 1,810 in, 135 out, 4,820 cache read tokens',
      ],
    ],
    ['gemini', 'gemini-api-error.jsonl', [/^Agent started: session [0-9a-f-]{36}, model auto$/, '✗ Failed: API Error: The stand-in refuses this request. (400 INVALID_ARGUMENT); 50 in, 5 out tokens']],
    [
      'claude',
      'claude-max-turns.jsonl',
      [
        /^Agent started/,
        'Glob: **/*.md',
        /^✗ Glob: Error: No such tool available: Glob\./,
        /^✗ Failed: Reached maximum number of turns \(1\); 2 turns; 1,200 in, 40 out, 800 cache read, 300 cache write tokens; \$0\.0073; API \d+ ms$/,
      ],
    ],
  ] as const)('%s %s', (agent, file, expected) => {
    const got = lines(agent, file);
    expect(got).toHaveLength(expected.length);
    expected.forEach((want, i) => {
      if (typeof want === 'string') expect(got[i]).toBe(want);
      else expect(got[i]).toMatch(want);
    });
  });
});

describe('an agent cannot make a log line act', () => {
  const hostile: Array<[string, StreamEvent]> = [
    ['a workflow command at the start', { kind: 'text', text: '::add-mask::secret' }],
    ['a workflow command on a new line', { kind: 'text', text: 'fine\n::set-output name=x::1' }],
    ['a workflow command as a tool name', { kind: 'tool', tool: '::warning file=a::', subject: 'x' }],
    ['runs of colons and hashes', { kind: 'text', text: ':::::error:::x ###[group]' }],
    ['the legacy form anywhere', { kind: 'tool-error', tool: 'Bash', message: 'x ##[error]y' }],
    ['stop-commands', { kind: 'notice', message: '::stop-commands::abc' }],
    ['a carriage return', { kind: 'text', text: 'one\r::error::two' }],
    ['Unicode line separators', { kind: 'text', text: 'a\u2028::error::b\u2029c\u0085d' }],
  ];

  it.each(hostile)('%s', (_, event) => {
    const line = renderEvent(event) as string;
    expect(line).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
    expect(mayHoldWorkflowCommand(line)).toBe(false);
  });

  it('terminal escapes, control characters and bidirectional overrides are removed', () => {
    const line = renderEvent({ kind: 'text', text: 'a\u001b]0;owned\u0007b\u001b[2Jc\u0000d\u009b31me\u202eevil\u2066f' }) as string;
    expect(line).toBe('» abcde evil f');
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('a long text is capped, without splitting a surrogate pair', () => {
    const line = renderEvent({ kind: 'text', text: `${'x'.repeat(236)}😀😀😀` }, { maxChars: 240 }) as string;
    expect(line.length).toBeLessThanOrEqual(240);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(inertLine('y'.repeat(10_000)).length).toBe(240);
  });

  it('whitespace collapses: a multi-line answer is one line', () => {
    expect(renderEvent({ kind: 'text', text: 'First line.\n\n  - a point\n\t- another' })).toBe('» First line. - a point - another');
    expect(renderEvent({ kind: 'text', text: ' \n\t ' })).toBeNull();
  });
});

describe('paths and figures', () => {
  it('paths inside the workspace are relative; a sibling folder with the same prefix is not', () => {
    const ws = { workspace: '/home/runner/work/app/app/' };
    expect(renderEvent({ kind: 'tool', tool: 'Edit', subject: '/home/runner/work/app/app/src/x.ts' }, ws)).toBe('Edit: src/x.ts');
    expect(renderEvent({ kind: 'tool', tool: 'Read', subject: '/home/runner/work/app/app2/y.ts' }, ws)).toBe('Read: /home/runner/work/app/app2/y.ts');
    expect(renderEvent({ kind: 'tool', tool: 'Glob', subject: '' }, ws)).toBe('Glob');
    expect(renderEvent({ kind: 'tool-error', message: 'cannot open /home/runner/work/app/app' }, ws)).toBe('✗ cannot open .');
  });

  it('usage in a few words', () => {
    expect(usageText(emptyUsage())).toBe('');
    expect(usageText({ ...emptyUsage(), inputTokens: 1234567, outputTokens: 89, turns: 1, costUsd: 12.345 })).toBe('1 turn; 1,234,567 in, 89 out tokens; $12.35');
    expect(usageText({ ...emptyUsage(), apiMs: 22 })).toBe('API 22 ms');
    expect(usageText({ ...emptyUsage(), apiMs: 61_250 })).toBe('API 61.3 s');
    expect(renderEvent({ kind: 'result', ok: true, usage: emptyUsage() })).toBe('✓ Done');
    expect(renderEvent({ kind: 'result', ok: false, usage: emptyUsage() })).toBe('✗ Failed: the agent reported an error');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(formatUsd(0.00726)).toBe('$0.0073');
    expect(formatUsd(3)).toBe('$3.00');
  });
});
