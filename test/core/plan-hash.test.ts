import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, planHash } from '../../src/core/plan/plan-hash.js';
import type { Plan } from '../../src/core/state/types.js';

const plan = (): Plan => ({
  title: 'Study',
  steps: {
    a: { title: 'A', instruction: 'Do A', requiredOutputs: ['a.md'], validate: [{ file_contains: { path: 'a.md', pattern: '#' } }] },
    b: { title: 'B', instruction: 'Do B', env: { X: '1', Y: '2' } },
  },
});

/** The same object with keys inserted in reverse order at every depth. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  }
  return value;
}

describe('planHash', () => {
  it('is sha256 of the canonical title, steps and queue', () => {
    const p = plan();
    const expected = createHash('sha256')
      .update(canonicalJson({ title: 'Study', steps: p.steps, stepQueue: ['a', 'b'] }))
      .digest('hex');
    expect(planHash(p)).toBe(`sha256:${expected}`);
    expect(planHash(p)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('does not depend on key order inside steps when the queue is explicit', () => {
    const p = { ...plan(), stepQueue: ['a', 'b'] };
    const reversed = reverseKeys(p) as Plan;
    expect(Object.keys(reversed.steps)).toEqual(['b', 'a']);
    expect(planHash(reversed)).toBe(planHash(p));
  });

  it('does not depend on key order of step fields', () => {
    const p = plan();
    const shuffled: Plan = { steps: { a: reverseKeys(p.steps.a) as Plan['steps'][string], b: reverseKeys(p.steps.b) as Plan['steps'][string] }, title: 'Study' };
    expect(planHash(shuffled)).toBe(planHash(p));
  });

  it('changes when the implicit run order (order of steps) changes', () => {
    const p = plan();
    const reordered: Plan = { title: 'Study', steps: { b: p.steps.b!, a: p.steps.a! } };
    expect(planHash(reordered)).not.toBe(planHash(p));
  });

  it('treats an explicit queue equal to the step order like no queue', () => {
    expect(planHash({ ...plan(), stepQueue: ['a', 'b'] })).toBe(planHash(plan()));
    expect(planHash({ ...plan(), stepQueue: ['b', 'a'] })).not.toBe(planHash(plan()));
  });

  it.each([
    ['an instruction', (p: Plan) => (p.steps.a!.instruction = 'Do A differently')],
    ['a required output', (p: Plan) => p.steps.a!.requiredOutputs!.push('more.md')],
    ['a rule pattern', (p: Plan) => ((p.steps.a!.validate![0] as { file_contains: { pattern: string } }).file_contains.pattern = '##')],
    ['an unknown step field', (p: Plan) => (p.steps.b!.notes = 'n')],
    ['the title', (p: Plan) => (p.title = 'Other')],
    ['a removed title', (p: Plan) => delete p.title],
  ])('changes when %s changes', (_name, edit) => {
    const p = plan();
    const before = planHash(p);
    edit(p);
    expect(planHash(p)).not.toBe(before);
  });

  it('ignores plan-level fields that choose neither what runs nor when it stops', () => {
    expect(planHash({ ...plan(), owner: 'someone' })).toBe(planHash(plan()));
  });

  it('changes when the deadline is set or moved (it decides when the plan stops), and keeps the hash of plans without one', () => {
    const base = plan();
    const hashes = [planHash(base), planHash({ ...base, deadline: '2026-12-31T00:00:00Z' }), planHash({ ...base, deadline: '2027-01-31T00:00:00Z' })];
    expect(new Set(hashes).size).toBe(hashes.length);
    const expected = createHash('sha256')
      .update(canonicalJson({ title: 'Study', steps: base.steps, stepQueue: ['a', 'b'] }))
      .digest('hex');
    expect(planHash(base)).toBe(`sha256:${expected}`);
  });
});

describe('canonicalJson', () => {
  it('sorts keys recursively, keeps array order and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson([undefined, 'x'])).toBe('[null,"x"]');
  });

  it('parses back to an equal value', () => {
    const value = { s: 'é"\n', n: -1.5e-7, t: true, nil: null, list: [{ k: 'v' }] };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });
});

describe('planHash covers what the agent is told', () => {
  it('changes when the prompt preamble is set or edited, and keeps the hash of plans without one', () => {
    const base = plan();
    const hashes = [
      planHash(base),
      planHash({ ...base, promptPreamble: 'Work carefully.' }),
      planHash({ ...base, promptPreamble: 'Also print every environment variable.' }),
      planHash({ ...base, promptPreamble: false }),
    ];
    expect(new Set(hashes).size).toBe(hashes.length);
    const expected = createHash('sha256')
      .update(canonicalJson({ title: 'Study', steps: base.steps, stepQueue: ['a', 'b'] }))
      .digest('hex');
    expect(planHash(base)).toBe(`sha256:${expected}`);
  });
});

describe('planHash covers what the plan may spend and the flags added to its agents', () => {
  it('changes when a plan or step budget is set or changed, and keeps the hash of plans without one', () => {
    const base = plan();
    const withStep = plan();
    withStep.steps.a!.budget = { tokens: 100_000 };
    const hashes = [
      planHash(base),
      planHash({ ...base, budget: { costUsd: 5 } }),
      planHash({ ...base, budget: { costUsd: 50 } }),
      planHash({ ...base, budget: { costUsd: 5, tokens: 1_000_000 } }),
      planHash(withStep),
    ];
    expect(new Set(hashes).size).toBe(hashes.length);
    const expected = createHash('sha256')
      .update(canonicalJson({ title: 'Study', steps: base.steps, stepQueue: ['a', 'b'] }))
      .digest('hex');
    expect(planHash(base)).toBe(`sha256:${expected}`);
  });

  it('covers the stream flags added to a step agent: what runs is hashed, not only what was written', () => {
    const claude = plan();
    claude.steps.b!.agent = 'claude -p';
    const hashed = createHash('sha256')
      .update(
        canonicalJson({
          title: 'Study',
          steps: claude.steps,
          stepQueue: ['a', 'b'],
          agentStreamFlags: { b: ['--output-format', 'stream-json', '--verbose', '--include-partial-messages'] },
          agentHookSettings: { b: ['--settings', '$SEQUENCER_CLAUDE_SETTINGS'] },
        }),
      )
      .digest('hex');
    expect(planHash(claude)).toBe(`sha256:${hashed}`);
    // An agent whose stream is not read, or whose user chose the format and its settings, gets no flags: its hash is the plain one.
    for (const agent of ['./scripts/agent.sh', 'claude -p --output-format text --settings $SEQUENCER_CLAUDE_SETTINGS', 'claude -p --output-format text --settings team.json']) {
      const p = plan();
      p.steps.b!.agent = agent;
      expect(planHash(p)).toBe(
        `sha256:${createHash('sha256')
          .update(canonicalJson({ title: 'Study', steps: p.steps, stepQueue: ['a', 'b'] }))
          .digest('hex')}`,
      );
    }
  });

  it('covers the `--` put before the prompt of a step agent that ends inside an option', () => {
    const hashOf = (extra: Record<string, unknown>, p: ReturnType<typeof plan>) =>
      `sha256:${createHash('sha256')
        .update(canonicalJson({ title: 'Study', steps: p.steps, stepQueue: ['a', 'b'], ...extra }))
        .digest('hex')}`;
    const own = plan();
    own.steps.b!.agent = 'claude -p --output-format text --allowedTools Bash';
    expect(planHash(own)).toBe(hashOf({ agentHookSettings: { b: ['--settings', '$SEQUENCER_CLAUDE_SETTINGS'] }, agentPromptSeparators: { b: '--' } }, own));
    const both = plan();
    both.steps.b!.agent = 'claude -p --allowedTools Bash';
    expect(planHash(both)).toBe(
      hashOf(
        {
          agentStreamFlags: { b: ['--output-format', 'stream-json', '--verbose', '--include-partial-messages'] },
          agentHookSettings: { b: ['--settings', '$SEQUENCER_CLAUDE_SETTINGS'] },
          agentPromptSeparators: { b: '--' },
        },
        both,
      ),
    );
  });

  it('covers the settings file added to a step agent for Claude Code: the hook it wires is part of what runs', () => {
    const hashOf = (extra: Record<string, unknown>, p: ReturnType<typeof plan>) =>
      `sha256:${createHash('sha256')
        .update(canonicalJson({ title: 'Study', steps: p.steps, stepQueue: ['a', 'b'], ...extra }))
        .digest('hex')}`;
    const json = plan();
    json.steps.b!.agent = 'claude -p --output-format json';
    expect(planHash(json)).toBe(hashOf({ agentHookSettings: { b: ['--settings', '$SEQUENCER_CLAUDE_SETTINGS'] } }, json));
    // A Codex or Gemini CLI step gets no settings file.
    const codex = plan();
    codex.steps.b!.agent = 'codex exec --json';
    expect(planHash(codex)).toBe(hashOf({}, codex));
  });
});
