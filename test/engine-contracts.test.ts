// Step contracts in the tick: validation rules, onValidationFail routing and payloads, with the
// port fakes (no module mocks).
import { describe, expect, it } from 'vitest';
import { tick, type EngineConfig, type EngineDeps } from '../src/engine/index.js';
import type { State, StepDef } from '../src/core/state/types.js';
import type { AgentSpec } from '../src/ports.js';
import { FakeAgent, FakeClock, FakeOwners, FakeVerifier, FakeWorkspace, MemoryAttemptFiles, MemoryLog, MemoryStore, RecordingNotifier, engineConfig, type ScriptedRun } from './fakes/ports.js';
import { state } from './fakes/states.js';
import { callLine } from '../src/core/guard/command-log.js';

function harness(initial: State, script: (spec: AgentSpec, call: number) => ScriptedRun, cfgOver: Partial<EngineConfig> = {}) {
  const workspace = new FakeWorkspace();
  const attemptFiles = new MemoryAttemptFiles();
  const agent = new FakeAgent(script, workspace, undefined, attemptFiles);
  const verifier = new FakeVerifier(workspace);
  const store = new MemoryStore(initial);
  const notifier = new RecordingNotifier();
  const deps: EngineDeps = { clock: new FakeClock(), store, agent, workspace, owners: new FakeOwners('dead'), notifier, log: new MemoryLog(), verifier, attemptFiles };
  const cfg = engineConfig(cfgOver);
  return { store, agent, verifier, attemptFiles, workspace, notifier, run: () => tick(deps, cfg) };
}

const promptOf = (spec: AgentSpec) => spec.argv[spec.argv.length - 1] ?? '';
const stepOf = (spec: AgentSpec) => spec.env.SEQUENCER_STEP_ID;

function plan(ids: string[], queue: string[], defs: Record<string, Partial<StepDef>>): State {
  return state(ids, { stepQueue: queue }, (id) => defs[id] ?? {});
}

const sources: Partial<StepDef> = {
  requiredOutputs: ['report.md'],
  validate: [{ file_contains: { path: 'report.md', pattern: '^## Sources', flags: 'm' } }],
};

describe('validation rules and routing', () => {
  it('a failed rule is the step error, and the retry prompt carries it', async () => {
    const h = harness(plan(['a'], ['a'], { a: sources }), (_spec, call) => ({ texts: { 'report.md': call === 1 ? '# Report\n' : '# Report\n## Sources\n' } }));
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs).toHaveLength(2);
    expect(promptOf(h.agent.runs[1]!)).toBe(
      'Step a failed (tries: 1). Previous run ended with: Validation failed: file_contains(report.md, /^## Sources/m): no match. Please troubleshoot and retry: Do a',
    );
    expect(h.store.current?.stepRuns.a?.attempts?.[0]).toMatchObject({ outcome: 'failed', exitCode: 0, failedRules: ['file_contains(report.md, /^## Sources/m)'] });
  });

  it('judges payload items against the engine clock: a stale one fails the attempt with its age, a fresh retry passes', async () => {
    // The fake clock says 2026-01-01; the first attempt hands on an item fetched ten days before.
    const rules: Partial<StepDef> = { validate: [{ payload_provenance: { key: 'items', maxAgeDays: 7 } }] };
    const h = harness(plan(['a'], ['a'], { a: rules }), (_spec, call) => ({
      payload: { items: [{ sourceUrl: 'https://example.com/q', retrievedAt: call === 1 ? '2025-12-22T00:00:00Z' : '2025-12-31T00:00:00Z' }] },
    }));
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.current?.stepRuns.a?.attempts?.[0]?.error).toBe(
      'Validation failed: payload_provenance(items, at most 7 days old): 1 of 1 items fails: items[0] was retrieved 2025-12-22T00:00:00Z, 10 days ago (at most 7 days)',
    );
    expect(h.store.current?.stepRuns.a).toMatchObject({ status: 'DONE', tries: 2 });
  });

  it('routes to a remediation step outside the queue and back to the failed step', async () => {
    const h = harness(plan(['a', 'fix', 'b'], ['a', 'b'], { a: { ...sources, onValidationFail: 'fix' }, fix: { requiredOutputs: ['report.md'] } }), (spec) => {
      if (stepOf(spec) === 'a') return h.workspace.files.has('report.md') ? {} : { texts: { 'report.md': '# Report\n' }, payload: { draft: 1 } };
      if (stepOf(spec) === 'fix') return { texts: { 'report.md': '# Report\n## Sources\n- x\n' }, payload: { fixed: true } };
      return {};
    });
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs.map(stepOf)).toEqual(['a', 'fix', 'a', 'b']);
    expect(promptOf(h.agent.runs[1]!)).toContain('This is a remediation step for step a (Title a), whose attempt 1 failed: Validation failed: file_contains(report.md, /^## Sources/m): no match.');
    expect(promptOf(h.agent.runs[2]!)).toMatch(/^Step a failed \(tries: 1\)\. Previous run ended with: Validation failed/);
    expect(h.agent.runs[1]!.logFile).toBe('/logs/fix/attempt-1.log');
    const s = h.store.current!;
    expect(s.stepRuns.fix).toMatchObject({ status: 'DONE', tries: 1, payload: { fixed: true } });
    expect(s.stepRuns.a).toMatchObject({ status: 'DONE', tries: 2, remediation: { step: 'fix', forAttempt: 1, status: 'DONE' } });
    // a's second attempt wrote no payload: the failed first attempt's does not linger.
    expect(s.stepRuns.a?.payload).toBeUndefined();
    expect(h.store.writes.map((w) => w.meta.message)).toEqual([
      'a attempt 1 started',
      'a attempt 1 failed',
      'a attempt 1 failed validation; remediate with fix',
      'fix attempt 1 started',
      'fix attempt 1 succeeded',
      'a attempt 2 started',
      'a attempt 2 succeeded',
      'b attempt 1 started',
      'b attempt 1 succeeded',
    ]);
    expect(h.store.writes[4]!.meta.kind).toBe('completion');
  });

  it('resumes a remediation that a dead tick left in flight', async () => {
    const h = harness(plan(['a', 'fix'], ['a'], { a: { ...sources, onValidationFail: 'fix' } }), (spec) =>
      stepOf(spec) === 'fix' ? { texts: { 'report.md': '## Sources\n' } } : { writes: ['report.md'] },
    );
    h.store.current = {
      ...h.store.current!,
      stepRuns: {
        a: {
          status: 'FAILED',
          tries: 1,
          error: 'Validation failed: x',
          attempts: [{ n: 1, runId: 'p/a/1', startedAt: '2026-01-01T00:00:00Z', outcome: 'failed', failedRules: ['x'] }],
          remediation: { step: 'fix', forAttempt: 1, status: 'PENDING' },
        },
        fix: {
          status: 'IN_PROGRESS',
          tries: 1,
          attempts: [
            { n: 1, runId: 'p/fix/1', startedAt: '2026-01-01T00:00:00Z', leaseExpiresAt: '2026-01-01T01:00:00Z', owner: { kind: 'local', host: 'h', pid: 7 }, logFile: '/logs/fix/attempt-1.log' },
          ],
        },
      },
    };
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.reaped).toEqual(['/logs/fix/attempt-1.log']);
    expect(h.agent.runs.map(stepOf)).toEqual(['fix', 'a']);
    expect(promptOf(h.agent.runs[0]!)).toMatch(/^Step fix failed \(tries: 1\)\. Previous run ended with: interrupted/);
    expect(h.store.current?.stepRuns.fix?.attempts?.map((a) => a.outcome)).toEqual(['interrupted', 'succeeded']);
  });

  it('onValidationFail: fail blocks at once and the blocker names the rule', async () => {
    const h = harness(plan(['a', 'b'], ['a', 'b'], { a: { ...sources, onValidationFail: 'fail' } }), () => ({ texts: { 'report.md': 'nothing' } }));
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.agent.runs).toHaveLength(1);
    expect(h.store.current?.blockers).toEqual(['a: Validation failed: file_contains(report.md, /^## Sources/m): no match (onValidationFail: fail)']);
    expect(h.notifier.notices.filter((n) => n.kind === 'blocked')).toHaveLength(1);
  });

  it('missing outputs follow the retry policy even with onValidationFail: fail', async () => {
    const h = harness(plan(['a'], ['a'], { a: { ...sources, onValidationFail: 'fail' } }), (_s, call) => (call === 1 ? {} : { texts: { 'report.md': '## Sources' } }));
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.current?.stepRuns.a?.attempts?.[0]?.error).toBe('Missing required outputs: report.md');
  });

  it('runs command rules through the verifier with the attempt environment, a log per rule and the signal a cancel ends them with', async () => {
    const h = harness(plan(['a'], ['a'], { a: { maxAttempts: 1, validate: [{ file_exists: { path: 'x' } }, { command: { argv: ['node', 'check.mjs'], timeoutSeconds: 9 } }] } }), () => ({
      writes: ['x'],
    }));
    h.verifier.checks.length = 0;
    await h.run();
    expect(h.verifier.checks).toEqual([
      {
        argv: ['node', 'check.mjs'],
        opts: {
          timeoutMs: 9000,
          env: expect.objectContaining({ SEQUENCER_STEP_ID: 'a', SEQUENCER_PAYLOAD_FILE: '/logs/a/attempt-1.payload.json' }),
          logFile: '/logs/a/attempt-1.check-2.log',
          signal: expect.any(AbortSignal),
        },
      },
    ]);
    expect(h.store.current?.status).toBe('DONE');
  });
});

describe('payloads', () => {
  it('flow across three steps: placeholders and $SEQUENCER_INPUT_FILE', async () => {
    const h = harness(
      plan(['one', 'two', 'three'], ['one', 'two', 'three'], {
        one: { expectPayload: true, validate: [{ payload_value_matches: { key: 'topic', pattern: '^[a-z]+$' } }] },
        three: { instruction: 'Write about {{steps.one.payload.topic}} ({{steps.one.payload.meta.n}} items)', inheritPayload: true },
      }),
      (spec) => (stepOf(spec) === 'one' ? { payload: { topic: 'otters', meta: { n: 2 } } } : stepOf(spec) === 'two' ? { payload: { seen: ['otters'] } } : {}),
    );
    expect((await h.run()).outcome).toBe('done');
    const [one, two, three] = h.agent.runs;
    expect(promptOf(three!)).toBe('Write about otters (2 items)');
    expect(one!.env.SEQUENCER_INPUT_FILE).toBeUndefined();
    expect(two!.env.SEQUENCER_INPUT_FILE).toBeUndefined();
    expect(three!.env.SEQUENCER_INPUT_FILE).toBe('/logs/three/attempt-1.input.json');
    expect(JSON.parse(h.attemptFiles.files.get('/logs/three/attempt-1.input.json') ?? 'null')).toEqual({ one: { topic: 'otters', meta: { n: 2 } }, two: { seen: ['otters'] } });
    expect(h.store.current?.stepRuns.one?.payload).toEqual({ topic: 'otters', meta: { n: 2 } });
  });

  it('expectPayload fails an attempt that wrote none; the retry prompt says so', async () => {
    const h = harness(plan(['a'], ['a'], { a: { expectPayload: true } }), (_s, call) => (call === 1 ? {} : { payload: { ok: true } }));
    expect((await h.run()).outcome).toBe('done');
    expect(promptOf(h.agent.runs[1]!)).toBe(
      'Step a failed (tries: 1). Previous run ended with: expected a JSON payload in $SEQUENCER_PAYLOAD_FILE, none was written. Please troubleshoot and retry: Do a',
    );
    expect(h.store.current?.stepRuns.a?.payload).toEqual({ ok: true });
  });

  it('an oversize payload fails the attempt, naming its size and the cap', async () => {
    const h = harness(plan(['a'], ['a'], { a: { maxAttempts: 1 } }), () => ({ payloadText: JSON.stringify({ blob: 'x'.repeat(2000) }) }), { payloadMaxBytes: 1024 });
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.store.current?.stepRuns.a?.error).toMatch(/^the payload in \$SEQUENCER_PAYLOAD_FILE is 2011 bytes, more than the 1024 bytes \(1 KiB\) cap/);
    expect(h.store.current?.stepRuns.a?.payload).toBeUndefined();
  });

  it('an agent that declares failure with exit 0 is retried with its reason; a declared completion must still meet the contract', async () => {
    const h = harness(plan(['a'], ['a'], { a: { requiredOutputs: ['out.md'], maxAttempts: 3 } }), (_s, call) => {
      if (call === 1) return { declare: { status: 'failed', reason: 'the source returned nothing' } };
      if (call === 2) return { declare: { status: 'completed' } };
      return { writes: ['out.md'], declare: { status: 'completed', reason: 'wrote out.md' } };
    });
    expect((await h.run()).outcome).toBe('done');
    const attempts = h.store.current?.stepRuns.a?.attempts ?? [];
    expect(attempts.map((a) => [a.outcome, a.error, a.declared?.status])).toEqual([
      ['failed', 'the agent declared the attempt failed: the source returned nothing', 'failed'],
      ['failed', 'Missing required outputs: out.md', 'completed'],
      ['succeeded', null, 'completed'],
    ]);
    expect(promptOf(h.agent.runs[1]!)).toBe(
      'Step a failed (tries: 1). Previous run ended with: the agent declared the attempt failed: the source returned nothing. Please troubleshoot and retry: Do a',
    );
    expect(h.agent.runs[0]!.env.SEQUENCER_RESULT_FILE).toBe('/logs/a/attempt-1.result.json');
  });

  it('an attempt that made more tool calls than maxCalls fails by default, even having done the work; onExceed deny lets it finish', async () => {
    const calls = (n: number) =>
      Array.from({ length: n }, (_, i) => callLine({ now: new Date(0), via: 'exec', call: { tool: 'exec', subject: `ls ${i}` }, decision: i < 2 ? 'allow' : 'deny' })).join('');
    const h = harness(plan(['a', 'b'], ['a', 'b'], { a: { tools: { maxCalls: 2 } }, b: { tools: { maxCalls: 2, onExceed: 'deny' } } }), (spec, call) => {
      void h.attemptFiles.write(spec.env.SEQUENCER_COMMAND_LOG!, calls(call === 2 ? 2 : 3));
      return {};
    });
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.current?.stepRuns.a?.attempts?.map((a) => [a.outcome, a.error, a.toolCalls])).toEqual([
      ['failed', 'made 3 tool calls, more than the 2 the step allows (tools.maxCalls; tools.onExceed: fail)', { calls: 3, denied: 1 }],
      ['succeeded', null, { calls: 2, denied: 0 }],
    ]);
    expect(h.store.current?.stepRuns.b?.attempts?.map((a) => [a.outcome, a.toolCalls])).toEqual([['succeeded', { calls: 3, denied: 1 }]]);
  });

  it('Claude Code without settings of its own is given the attempt settings file that wires the hook to this CLI', async () => {
    const cliCommand = ['/usr/bin/node', '/opt/sequencer/dist/cli.js'];
    const h = harness(plan(['a'], ['a'], { a: { tools: { block: ['Bash(rm *)'] } } }), () => ({}), { agentCommand: 'claude -p --permission-mode acceptEdits', cliCommand });
    expect((await h.run()).outcome).toBe('done');
    const spec = h.agent.runs[0]!;
    const settings = '/logs/a/attempt-1.claude-settings.json';
    expect(spec.argv.slice(1, -1)).toEqual(['--output-format', 'stream-json', '--verbose', '--include-partial-messages', '--settings', settings, '-p', '--permission-mode', 'acceptEdits']);
    expect(spec.env.SEQUENCER_CLAUDE_SETTINGS).toBe(settings);
    const read = await h.attemptFiles.read(settings, 1 << 20);
    expect(read.kind === 'text' ? JSON.parse(read.text) : null).toMatchObject({
      hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: '/usr/bin/node /opt/sequencer/dist/cli.js hook claude' }] }] },
    });
  });

  it('refuses before the checkpoint a Claude Code command with its own --settings under a tool policy the hook would enforce', async () => {
    const agentCommand = 'claude -p --settings team.json';
    const cliCommand = ['/usr/bin/node', '/opt/sequencer/dist/cli.js'];
    const guarded = harness(plan(['a'], ['a'], { a: { tools: { maxCalls: 5 } } }), () => ({}), { agentCommand, agentSource: "input 'agent-command'", cliCommand });
    await expect(guarded.run()).rejects.toThrow(
      `input 'agent-command': gives Claude Code its own --settings ("team.json"), so the sequencer cannot add the attempt's settings file that wires its tool hook, and plan.steps.a.tools (via: hook) would not be enforced; leave --settings out`,
    );
    expect(guarded.store.writes).toHaveLength(0);
    // Without a policy, or with the forwarder enforcing it, the command runs as written.
    for (const tools of [undefined, { maxCalls: 5, via: 'exec' as const }]) {
      const h = harness(plan(['a'], ['a'], { a: tools ? { tools } : {} }), () => ({}), { agentCommand, cliCommand });
      expect((await h.run()).outcome).toBe('done');
      expect(h.agent.runs[0]!.argv.filter((w) => w === '--settings')).toHaveLength(1);
      expect(h.agent.runs[0]!.argv).toContain('team.json');
    }
  });

  it('invalid JSON fails the attempt; a stale payload file (and stop file, usage file, log and stdout) is removed before the attempt', async () => {
    const h = harness(plan(['a'], ['a'], { a: { maxAttempts: 2 } }), (_s, call) => (call === 1 ? { payloadText: '{"a": 1,' } : {}));
    // A crashed earlier run of attempt 2 left this behind; it must not count as attempt 2's payload.
    await h.attemptFiles.write('/logs/a/attempt-2.payload.json', '{"stale": true}');
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.current?.stepRuns.a?.attempts?.[0]?.error).toMatch(/^the payload in \$SEQUENCER_PAYLOAD_FILE is not valid JSON \(line 1 column 9: unexpected end of input\)/);
    // A stop file left by a cancelled run must not tell the new attempt to stop at once.
    expect(h.attemptFiles.removed).toEqual([
      '/logs/a/attempt-1.payload.json',
      '/logs/a/attempt-1.result.json',
      '/logs/a/attempt-1.stop',
      '/logs/a/attempt-1.commands.jsonl',
      '/logs/a/attempt-1.usage.json',
      '/logs/a/attempt-1.log',
      '/logs/a/attempt-1.stdout',
      '/logs/a/attempt-2.payload.json',
      '/logs/a/attempt-2.result.json',
      '/logs/a/attempt-2.stop',
      '/logs/a/attempt-2.commands.jsonl',
      '/logs/a/attempt-2.usage.json',
      '/logs/a/attempt-2.log',
      '/logs/a/attempt-2.stdout',
    ]);
    expect(h.store.current?.stepRuns.a?.payload).toBeUndefined();
  });
});
