// Routing after validation failures, driven through the pure transitions the engine uses.
import { describe, expect, it } from 'vitest';
import { finishAttempt, recoverAttempt, startAttempt, type AttemptResult } from '../../src/core/tick/apply.js';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { decide, type Decision } from '../../src/core/tick/decide.js';
import { activeStepId, beginRemediation, detourChain, remediationTargets } from '../../src/core/tick/remediation.js';
import type { State, StepDef } from '../../src/core/state/types.js';
import { T0, state } from '../fakes/states.js';

const limits = { maxAttempts: 3, attemptTimeoutMinutes: 60 };
const owner = { kind: 'local' as const, host: 'h', pid: 1 };
const ctx = { now: T0, limits };

const ruleFailure: AttemptResult = {
  outcome: 'failed',
  exitCode: 0,
  error: 'Validation failed: file_contains(report.md, /^## Sources/m): no match',
  stdout: '',
  durationMs: 1,
  outputs: [],
  failedRules: ['file_contains(report.md, /^## Sources/m)'],
};
const exitFailure: AttemptResult = { outcome: 'failed', exitCode: 1, error: 'agent exited with code 1', stdout: '', durationMs: 1, outputs: [] };
const success: AttemptResult = { outcome: 'succeeded', exitCode: 0, error: null, stdout: '', durationMs: 1, outputs: [] };

function plan(route: string, more: Record<string, Partial<StepDef>> = {}): State {
  const s = state(['a', 'fix', 'b'], { stepQueue: ['a', 'b'] }, (id) => ({
    ...(id === 'a' ? { onValidationFail: route } : {}),
    ...more[id],
  }));
  return s;
}

/** Runs the decided attempt with the given result, as the engine does (checkpoint, then finish). */
function attempt(s: State, d: Decision, r: AttemptResult): State {
  if (d.kind !== 'run') throw new Error(`expected a run decision, got ${JSON.stringify(d)}`);
  const started = startAttempt(s, { stepId: d.stepId, n: d.n, owner, now: T0, leaseMs: 60_000 }).state;
  return finishAttempt(started, d.stepId, r, T0, d.detourFor ? { detourFor: d.detourFor } : {}).state;
}

function remediate(s: State): State {
  const d = decide(s, ctx);
  if (d.kind !== 'remediate') throw new Error(`expected remediate, got ${JSON.stringify(d)}`);
  return beginRemediation(s, d.stepId, d.via, d.forAttempt).state;
}

describe('onValidationFail', () => {
  it('retry (the default) retries with the rule failure in the troubleshooting prompt', () => {
    const s = attempt(plan('retry'), decide(plan('retry'), ctx), ruleFailure);
    expect(decide(s, ctx)).toMatchObject({
      kind: 'run',
      stepId: 'a',
      n: 2,
      retry: true,
      prompt: expect.stringContaining('Previous run ended with: Validation failed: file_contains(report.md, /^## Sources/m): no match.'),
    });
  });

  it('fail blocks at once, naming the rule, with attempts left', () => {
    const s = attempt(plan('fail'), decide(plan('fail'), ctx), ruleFailure);
    expect(decide(s, ctx)).toEqual({ kind: 'block', stepId: 'a', reason: 'Validation failed: file_contains(report.md, /^## Sources/m): no match (onValidationFail: fail)' });
  });

  it('routes only rule failures: an exit code or missing output follows the retry policy', () => {
    const s = attempt(plan('fail'), decide(plan('fail'), ctx), exitFailure);
    expect(decide(s, ctx)).toMatchObject({ kind: 'run', stepId: 'a', n: 2 });
    const r = attempt(plan('fix'), decide(plan('fix'), ctx), exitFailure);
    expect(decide(r, ctx)).toMatchObject({ kind: 'run', stepId: 'a', n: 2 });
  });

  it('a remediation step runs with its instruction and the failure, then the failed step is retried', () => {
    let s = attempt(plan('fix'), decide(plan('fix'), ctx), ruleFailure);
    expect(decide(s, ctx)).toEqual({ kind: 'remediate', stepId: 'a', via: 'fix', forAttempt: 1 });
    s = remediate(s);
    expect(s.stepRuns.a?.remediation).toEqual({ step: 'fix', forAttempt: 1, status: 'PENDING' });
    expect(activeStepId(s)).toBe('fix');

    const fix = decide(s, ctx);
    expect(fix).toMatchObject({ kind: 'run', stepId: 'fix', n: 1, retry: false, detourFor: 'a' });
    expect(fix.kind === 'run' && fix.prompt).toBe(
      'Do fix\n\nThis is a remediation step for step a (Title a), whose attempt 1 failed: Validation failed: file_contains(report.md, /^## Sources/m): no match. Step a runs again after this one.',
    );

    s = attempt(s, fix, success);
    expect(s.currentStep).toBe(0);
    expect(s.stepRuns.fix?.status).toBe('DONE');
    expect(s.stepRuns.a?.remediation?.status).toBe('DONE');
    expect(decide(s, ctx)).toMatchObject({ kind: 'run', stepId: 'a', n: 2, retry: true, prompt: expect.stringMatching(/^Step a failed \(tries: 1\)\. Previous run ended with: Validation failed/) });

    // The retry passes: the queue moves on to b, never to the remediation step.
    s = attempt(s, decide(s, ctx), success);
    expect(decide(s, ctx)).toMatchObject({ kind: 'run', stepId: 'b' });
  });

  it('a failing remediation step is retried under its own limit, then blocks the queued step', () => {
    let s = remediate(attempt(plan('fix', { fix: { maxAttempts: 2 } }), decide(plan('fix', { fix: { maxAttempts: 2 } }), ctx), ruleFailure));
    s = attempt(s, decide(s, ctx), exitFailure);
    const retry = decide(s, ctx);
    expect(retry).toMatchObject({
      kind: 'run',
      stepId: 'fix',
      n: 2,
      retry: true,
      detourFor: 'a',
      prompt: expect.stringMatching(
        /^Step fix failed \(tries: 1\)\. Previous run ended with: agent exited with code 1\. Please troubleshoot and retry: Do fix\n\nThis is a remediation step for step a/,
      ),
    });
    s = attempt(s, retry, exitFailure);
    expect(decide(s, ctx)).toEqual({ kind: 'block', stepId: 'a', reason: 'remediation step fix: max attempts (2) used up' });
  });

  it('remediation attempts count across detours; the failed step keeps counting its tries', () => {
    const p = plan('fix', { fix: { maxAttempts: 1 }, a: { maxAttempts: 5 } });
    let s = remediate(attempt(p, decide(p, ctx), ruleFailure));
    s = attempt(s, decide(s, ctx), success); // fix: 1 try
    s = attempt(s, decide(s, ctx), ruleFailure); // a: attempt 2 fails validation again
    expect(s.stepRuns.a?.tries).toBe(2);
    s = remediate(s);
    expect(decide(s, ctx)).toEqual({ kind: 'block', stepId: 'a', reason: 'remediation step fix: max attempts (1) used up' });

    // The failed step's own limit comes first.
    const q = plan('fix', { a: { maxAttempts: 1 } });
    expect(decide(attempt(q, decide(q, ctx), ruleFailure), ctx)).toEqual({ kind: 'block', stepId: 'a', reason: 'max attempts (1) used up' });
  });

  it('a crash mid-remediation resumes the detour from the state alone', () => {
    let s = remediate(attempt(plan('fix'), decide(plan('fix'), ctx), ruleFailure));
    const d = decide(s, ctx);
    if (d.kind !== 'run') throw new Error('expected run');
    s = startAttempt(s, { stepId: 'fix', n: d.n, owner, now: T0, leaseMs: 60_000 }).state;
    // The tick dies here; the next one reads the state back from JSON.
    s = JSON.parse(JSON.stringify(s)) as State;
    expect(decide(s, { ...ctx, ownerLiveness: 'alive' })).toMatchObject({ kind: 'busy', stepId: 'fix' });
    const recover = decide(s, { ...ctx, ownerLiveness: 'dead' });
    expect(recover).toMatchObject({ kind: 'recover', stepId: 'fix' });
    s = recoverAttempt(s, 'fix', 'interrupted: the tick running this attempt is gone', T0).state;
    expect(decide(s, ctx)).toMatchObject({ kind: 'run', stepId: 'fix', n: 2, retry: true, detourFor: 'a' });
  });

  it('a remediation step that fails validation can route on (a → fix → fix2)', () => {
    let s = state(['a', 'fix', 'fix2'], { stepQueue: ['a'] }, (id) => (id === 'a' ? { onValidationFail: 'fix' } : id === 'fix' ? { onValidationFail: 'fix2' } : {}));
    s = remediate(attempt(s, decide(s, ctx), ruleFailure));
    s = attempt(s, decide(s, ctx), ruleFailure); // fix fails its own rules
    expect(decide(s, ctx)).toEqual({ kind: 'remediate', stepId: 'fix', via: 'fix2', forAttempt: 1 });
    s = remediate(s);
    expect(detourChain(s, 'a')).toEqual(['a', 'fix', 'fix2']);
    s = attempt(s, decide(s, ctx), success); // fix2
    expect(decide(s, ctx)).toMatchObject({ kind: 'run', stepId: 'fix', detourFor: 'a', retry: true });
    s = attempt(s, decide(s, ctx), success); // fix
    expect(decide(s, ctx)).toMatchObject({ kind: 'run', stepId: 'a', retry: true });
    expect(remediationTargets(s.plan, 'a')).toEqual(['fix', 'fix2']);
  });
});

describe('commands during a detour', () => {
  it('/retry after a blocked detour gives the remediation step a fresh budget too', () => {
    const p = plan('fix', { fix: { maxAttempts: 1 } });
    let s = remediate(attempt(p, decide(p, ctx), ruleFailure));
    s = attempt(s, decide(s, ctx), exitFailure);
    const blocked = decide(s, ctx);
    expect(blocked).toMatchObject({ kind: 'block', stepId: 'a' });
    s = { ...s, status: 'BLOCKED', blockers: ['a: remediation step fix: max attempts (1) used up'] };
    const retried = applyCommand(s, { kind: 'retry', by: 'me' }, T0);
    expect(retried.changed).toBe(true);
    expect(retried.state.blockers).toEqual([]);
    expect(retried.state.stepRuns.fix?.tries).toBe(0);
    // The person chose to retry the step itself: its old failure is not remediated again.
    expect(decide(retried.state, ctx)).toMatchObject({ kind: 'run', stepId: 'a', retry: true });
  });

  it('/retry after an onValidationFail: fail block runs the step again', () => {
    let s = attempt(plan('fail'), decide(plan('fail'), ctx), ruleFailure);
    s = { ...s, status: 'BLOCKED' };
    expect(decide(applyCommand(s, { kind: 'retry', by: 'me' }, T0).state, ctx)).toMatchObject({ kind: 'run', stepId: 'a', n: 2 });
  });

  it('/skip and /cancel see the remediation attempt in flight', () => {
    let s = remediate(attempt(plan('fix'), decide(plan('fix'), ctx), ruleFailure));
    s = startAttempt(s, { stepId: 'fix', n: 1, owner, now: T0, leaseMs: 60_000 }).state;
    expect(applyCommand(s, { kind: 'skip', by: 'me' }, T0).reply).toBe('Cannot skip a while an attempt of its remediation step fix is running; /cancel it first or wait.');
    const cancelled = applyCommand(s, { kind: 'cancel', by: 'me' }, T0);
    expect(cancelled.state.status).toBe('IN_PROGRESS');
    expect(cancelled.reply).toMatch(/stopping fix/);
  });
});
