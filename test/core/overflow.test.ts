// Output limits and overflow (the original orchestrator's Overflow framework): a step's
// maxOutputBytes ends an attempt whose agent prints more with the outcome `overflow` (so does an
// agent that declares it); onOverflow routes it like onValidationFail (retry, fail, or a
// remediation step), and the default retry prompt asks the agent to split the work.
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/core/plan/validate-plan.js';
import { judgeAttempt } from '../../src/core/tick/judge-attempt.js';
import { interpretResult } from '../../src/core/tick/declared-result.js';
import { decide } from '../../src/core/tick/decide.js';
import { finishAttempt, startAttempt, type AttemptResult } from '../../src/core/tick/apply.js';
import { remediationTargets } from '../../src/core/tick/remediation.js';
import { retryAt } from '../../src/core/tick/attempt-policy.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import type { AgentResult } from '../../src/ports.js';
import type { State, StepDef } from '../../src/core/state/types.js';
import { T0, state } from '../fakes/states.js';

const agent = (over: Partial<AgentResult> = {}): AgentResult => ({ exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 5, ...over });
const ctx = { requiredOutputs: ['out.md'], missingOutputs: async () => [], timeoutMs: 60_000, logFile: 'log', maxOutputBytes: 1024 };
const limits = { maxAttempts: 3, attemptTimeoutMinutes: 60 };
const owner = { kind: 'local' as const, host: 'h', pid: 1 };

describe('the plan fields', () => {
  const withA = (extra: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ steps: { a: { title: 'A', instruction: 'I', ...extra }, fix: { title: 'F', instruction: 'I' }, ...more } });
  it('accepts a limit and a route', () => {
    expect(checkPlan(withA({ maxOutputBytes: 1_048_576, onOverflow: 'fix' }))).toEqual([]);
    expect(checkPlan(withA({ maxOutputBytes: 4096, onOverflow: 'fail' }))).toEqual([]);
  });
  it.each<[Record<string, unknown>, string, string]>([
    [{ maxOutputBytes: 10 }, 'maxOutputBytes', 'must be an integer from 1024 to 1073741824, got 10'],
    [{ maxOutputBytes: '1MB' }, 'maxOutputBytes', 'must be an integer from 1024 to 1073741824, got "1MB"'],
    [{ onOverflow: 'nope' }, 'onOverflow', 'must be "retry", "fail" or the id of another step, got "nope"; known steps: a, fix'],
    [{ onOverflow: 'a' }, 'onOverflow', 'must not route step "a" to itself; use "retry" to run it again'],
  ])('%j is refused, naming the field', (extra, field, message) => {
    expect(checkPlan(withA(extra))).toContainEqual({ path: `plan.steps.a.${field}`, message });
  });
  it('refuses a loop through either route', () => {
    const plan = { steps: { a: { title: 'A', instruction: 'I', onOverflow: 'b' }, b: { title: 'B', instruction: 'I', onValidationFail: 'a' } } };
    expect(checkPlan(plan)).toEqual([{ path: 'plan.steps.a.onOverflow', message: 'routing can loop forever: a → b → a; let one of these steps use "retry" or "fail"' }]);
  });
});

describe('judging', () => {
  it('an agent that printed more than maxOutputBytes overflowed, whatever its exit code', async () => {
    const v = await judgeAttempt(agent({ overflowed: true, outputBytes: 5000 }), ctx);
    expect(v).toMatchObject({ outcome: 'overflow', error: "the agent's output passed the step's limit of 1024 bytes (maxOutputBytes): it printed at least 5000 bytes and was stopped" });
  });
  it('an agent that declares overflow overflowed', async () => {
    const v = await judgeAttempt(agent(), { ...ctx, readResult: async () => interpretResult({ kind: 'text', text: '{"status":"overflow","reason":"the log is 2 GB"}' }) });
    expect(v).toMatchObject({ outcome: 'overflow', error: 'the agent declared the attempt overflow: the log is 2 GB' });
  });
});

function overflowed(defs: Partial<StepDef>, extraSteps: string[] = []): State {
  const s = state(['a', ...extraSteps], { stepQueue: ['a'] }, (id) => (id === 'a' ? defs : {}));
  const started = startAttempt(s, { stepId: 'a', n: 1, owner, now: T0, leaseMs: 1 }).state;
  const r: AttemptResult = {
    outcome: 'overflow',
    exitCode: null,
    error: "the agent's output passed the step's limit of 1024 bytes (maxOutputBytes): it printed at least 5000 bytes and was stopped",
    stdout: '',
    durationMs: 1,
    outputs: [],
  };
  return finishAttempt(started, 'a', r, T0).state;
}

describe('routing an overflow', () => {
  it('by default retries with the overflow prompt: split the work, keep large data in files, write only the required outputs', () => {
    const d = decide(overflowed({ requiredOutputs: ['summary.md'] }), { now: T0, limits });
    expect(d).toMatchObject({ kind: 'run', stepId: 'a', n: 2, retry: true });
    expect(d.kind === 'run' && d.prompt).toContain(
      "Step a overflowed (tries: 1): the agent's output passed the step's limit of 1024 bytes (maxOutputBytes): it printed at least 5000 bytes and was stopped. Do the step again in smaller pieces: print little, keep large data in files instead of printing it, split the work, and write only the required outputs (summary.md). The step: Do a",
    );
  });
  it('onOverflow: fail blocks at once', () => {
    expect(decide(overflowed({ onOverflow: 'fail' }), { now: T0, limits })).toMatchObject({ kind: 'block', stepId: 'a', reason: expect.stringContaining('(onOverflow: fail)') });
  });
  it('onOverflow: <step> detours through that remediation step, at once (no backoff)', () => {
    const s = overflowed({ onOverflow: 'shrink' }, ['shrink']);
    expect(decide(s, { now: T0, limits })).toEqual({ kind: 'remediate', stepId: 'a', via: 'shrink', forAttempt: 1 });
    expect(remediationTargets(s.plan, 'a')).toEqual(['shrink']);
    expect(retryAt({ outcome: 'overflow' }, { def: s.plan.steps.a!, run: s.stepRuns.a!, limits: { ...limits, retryBackoffSeconds: 30 }, now: T0, random: () => 0.5 })).toBeUndefined();
  });
  it('a step only an onOverflow routes to is left out of the default run order', async () => {
    const { defaultQueue } = await import('../../src/core/plan/plan-queue.js');
    expect(defaultQueue({ steps: { a: { title: 'A', instruction: 'I', onOverflow: 'shrink' }, shrink: { title: 'S', instruction: 'I' }, b: { title: 'B', instruction: 'I' } } })).toEqual(['a', 'b']);
  });

  it('a rule failure still follows onValidationFail, not onOverflow', () => {
    const s = state(['a', 'fix', 'shrink'], { stepQueue: ['a'] }, (id) => (id === 'a' ? { onOverflow: 'shrink', onValidationFail: 'fix' } : {}));
    expect(remediationTargets(s.plan, 'a')).toEqual(['fix', 'shrink']);
  });
  it('the proposal shows the limit and the route, and the remediation step', () => {
    const s = state(['a', 'shrink'], { stepQueue: ['a'] }, (id) => (id === 'a' ? { maxOutputBytes: 1_048_576, onOverflow: 'shrink' } : {}));
    const rendered = renderProposal(s, { limits });
    if (!('parts' in rendered)) throw new Error('too large');
    const body = rendered.parts.join('\n');
    expect(body).toContain('output: at most 1048576 bytes (maxOutputBytes) · if it overflows: run `shrink`, then retry');
    expect(body).toContain('##### remediation `shrink`');
  });
});
