// Deterministic steps: a step may run a command instead of an agent prompt (`run: [argv]`), with
// the agent command's refusals, the same trust rules (a plan from someone without write access
// cannot carry one), timeouts and contracts; no prompt is appended.
import { describe, expect, it } from 'vitest';
import { checkPlan, parsePlan } from '../../src/core/plan/validate-plan.js';
import { executionFields } from '../../src/core/plan/execution-fields.js';
import { newState } from '../../src/core/plan/new-state.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import { planHash } from '../../src/core/plan/plan-hash.js';
import { tick } from '../../src/engine/index.js';
import { ConfigError } from '../../src/core/errors.js';
import { FakeAgent, FakeClock, FakeOwners, FakeVerifier, FakeWorkspace, MemoryAttemptFiles, MemoryLog, MemoryStore, RecordingNotifier, engineConfig } from '../fakes/ports.js';
import { T0, state } from '../fakes/states.js';

describe('run in a plan', () => {
  it('a step may run a command instead of an agent, with or without an instruction', () => {
    expect(checkPlan({ steps: { test: { title: 'Test', run: ['npm', 'test'] }, build: { title: 'B', instruction: 'Build it', run: ['./scripts/build.sh', '--fast'] } } })).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a string', { run: 'npm test' }, 'run', 'must be a non-empty array of strings (the program, then its arguments; no shell), got "npm test"'],
    ['a shell', { run: ['bash', '-c', 'npm test'] }, 'run', 'must not run a shell or inline code: ["bash","-c","npm test"] runs a shell interpreter (bash)'],
    ['with an agent too', { run: ['npm', 'test'], agent: 'claude -p' }, 'run', 'cannot be given together with "agent": a step runs either a command or an agent'],
    ['with a tool policy', { run: ['npm', 'test'], tools: { maxCalls: 3 } }, 'tools', 'does not apply to a step that runs a command (run): no agent makes tool calls there'],
  ])('%s is refused, naming the field', (_name, extra, field, message) => {
    const issues = checkPlan({ steps: { a: { title: 'A', ...extra } } });
    expect(issues.find((i) => i.path === `plan.steps.a.${field}`)?.message).toContain(message);
  });

  it('a step without run still needs an instruction', () => {
    expect(checkPlan({ steps: { a: { title: 'A' } } })).toEqual([{ path: 'plan.steps.a.instruction', message: 'must be a non-empty string (the full instruction for the agent), got undefined' }]);
  });

  it('is an execution field (trusted plans only), bound by the hash, and shown in the proposal', () => {
    const plan = parsePlan({ steps: { test: { title: 'Test', run: ['npm', 'test'] } } });
    expect(executionFields(plan)).toEqual([{ stepId: 'test', fields: ['run'] }]);
    expect(planHash(plan)).not.toBe(planHash(parsePlan({ steps: { test: { title: 'Test', run: ['npm', 'run', 'test'] } } })));
    const rendered = renderProposal(newState(plan, { planId: 'issue-1', now: T0 }), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in rendered)) throw new Error('too large');
    expect(rendered.parts.join('\n')).toContain('**Command** it runs instead of an agent (no prompt is added; run in the workspace, without a shell):\n\n```json\n["npm","test"]\n```');
  });
});

describe('a run step in the tick', () => {
  function harness(steps: Record<string, Record<string, unknown>>, onPath = (_: string) => true, script = (_call: number) => ({})) {
    const ids = Object.keys(steps);
    const s0 = state(ids, {}, (id) => steps[id]!);
    const workspace = new FakeWorkspace();
    const attemptFiles = new MemoryAttemptFiles();
    const agent = new FakeAgent((_spec, call) => script(call), workspace, onPath, attemptFiles);
    const store = new MemoryStore(s0);
    const deps = {
      clock: new FakeClock(),
      store,
      agent,
      workspace,
      owners: new FakeOwners('dead'),
      notifier: new RecordingNotifier(),
      log: new MemoryLog(),
      verifier: new FakeVerifier(workspace),
      attemptFiles,
    };
    return { agent, store, workspace, run: () => tick(deps, engineConfig()) };
  }

  it('runs the command as given, no prompt appended, with the attempt environment; its contract decides', async () => {
    const h = harness(
      { test: { run: ['npm', 'test', '--silent'], requiredOutputs: ['coverage.json'], maxAttempts: 2 } },
      () => true,
      (call) => (call === 2 ? { writes: ['coverage.json'] } : {}),
    );
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs.map((r) => r.argv)).toEqual([
      ['/usr/bin/npm', 'test', '--silent'],
      ['/usr/bin/npm', 'test', '--silent'],
    ]);
    expect(h.agent.runs[0]!.env).toMatchObject({ SEQUENCER_STEP_ID: 'test', SEQUENCER_ATTEMPT: '1' });
    expect(h.store.current?.stepRuns.test?.attempts?.map((a) => [a.outcome, a.error])).toEqual([
      ['failed', 'Missing required outputs: coverage.json'],
      ['succeeded', null],
    ]);
  });

  it('tells the runner which step runs a command and which an agent, so an interrupt names what it stops', async () => {
    const h = harness({ write: { instruction: 'Write notes.md' }, test: { run: ['npm', 'test'] } });
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs.map((r) => [r.argv[0], r.role])).toEqual([
      ['/usr/bin/my-agent', 'agent'],
      ['/usr/bin/npm', 'command'],
    ]);
  });

  it('a program not on PATH stops before the attempt, naming the field', async () => {
    const h = harness({ test: { run: ['no-such-tool', 'x'] } }, (cmd) => cmd !== 'no-such-tool');
    const err = await h.run().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe('plan.steps.test.run: "no-such-tool" not found on PATH (command: ["no-such-tool","x"])');
    expect(h.agent.runs).toHaveLength(0);
  });
});
