// The policy around one attempt, as pure functions of the state: its timeout, the run's time
// budget, when a failure is retried, which step a problem blocks, and where a rule failure goes.
import { describe, expect, it } from 'vitest';
import { attemptTimeoutMs, blockedStepId, fitsTimeBudget, retryAt } from '../../src/core/tick/attempt-policy.js';
import { routeOf, type ValidationRoute } from '../../src/core/tick/remediation.js';
import type { AttemptOutcome, StepDef, StepRun } from '../../src/core/state/types.js';
import { T0, state } from '../fakes/states.js';

const limits = { maxAttempts: 3, attemptTimeoutMinutes: 60 };
const minutes = (n: number) => n * 60_000;
const def = (more: Partial<StepDef> = {}): StepDef => ({ title: 'A', instruction: 'Do a', ...more });
const run = (more: Partial<StepRun> = {}): StepRun => ({ status: 'IN_PROGRESS', tries: 1, ...more });
const startedAgo = (min: number) => new Date(T0.getTime() - minutes(min)).toISOString();

describe('attemptTimeoutMs', () => {
  it.each<[string, StepDef, StepRun, number]>([
    ['the limits give 60 minutes', def(), run(), minutes(60)],
    ["the step's own attemptTimeoutMinutes wins", def({ attemptTimeoutMinutes: 5 }), run(), minutes(5)],
    ['a total time without a first start does not cut it', def({ timeoutMinutes: 10 }), run(), minutes(60)],
    ["what is left of the step's total time cuts it", def({ timeoutMinutes: 30 }), run({ firstStartedAt: startedAgo(20) }), minutes(10)],
    ['a spent total time still gives the least timeout', def({ timeoutMinutes: 30 }), run({ firstStartedAt: startedAgo(45) }), 1_000],
  ])('%s', (_name, d, r, expected) => {
    expect(attemptTimeoutMs(d, r, limits, T0)).toBe(expected);
  });
});

describe('fitsTimeBudget', () => {
  it.each<[string, Date | undefined, boolean]>([
    ['no deadline', undefined, true],
    ['it ends before the deadline', new Date(T0.getTime() + minutes(61)), true],
    ['it ends exactly at the deadline', new Date(T0.getTime() + minutes(60)), true],
    ['it would end a millisecond after', new Date(T0.getTime() + minutes(60) - 1), false],
    ['the deadline has passed', new Date(T0.getTime() - 1), false],
  ])('%s', (_name, deadline, expected) => {
    expect(fitsTimeBudget(T0, minutes(60), deadline)).toBe(expected);
  });
});

describe('blockedStepId', () => {
  const s = state(['a', 'fix', 'b'], { stepQueue: ['a', 'b'] });
  it.each<[string, { stepId: string; detourFor?: string }, number, string]>([
    ['a queued step blocks itself', { stepId: 'a' }, 0, 'a'],
    ['a remediation step blocks the queued step it repairs', { stepId: 'fix', detourFor: 'a' }, 0, 'a'],
    ['a remediation step past the end of the queue (a hand edit) blocks itself', { stepId: 'fix', detourFor: 'b' }, 2, 'fix'],
  ])('%s', (_name, attempt, currentStep, expected) => {
    expect(blockedStepId({ ...s, currentStep }, attempt)).toBe(expected);
  });
});

describe('retryAt', () => {
  const backoff = { ...limits, retryBackoffSeconds: 30 };
  const failedRules = ['file_exists(a.md)'];
  // random 0.5 is the middle of the jitter band: the waits are exact.
  it.each<[string, AttemptOutcome, string[] | undefined, Partial<StepDef>, number, number | undefined]>([
    ['a success is not retried', 'succeeded', undefined, {}, 1, undefined],
    ['a recovered attempt is not retried', 'recovered', undefined, {}, 1, undefined],
    ['a cancel is not retried', 'cancelled', undefined, {}, 1, undefined],
    ['a first failure waits the base', 'failed', undefined, {}, 1, 30_000],
    ['a second failure waits four times as long', 'failed', undefined, {}, 2, 120_000],
    ['the last allowed attempt is not retried', 'failed', undefined, {}, 3, undefined],
    ["the step's maxAttempts counts", 'failed', undefined, { maxAttempts: 5 }, 3, 480_000],
    ['a timeout waits like a failure', 'timed_out', undefined, {}, 1, 30_000],
    ['an interrupted attempt waits like a failure', 'interrupted', undefined, {}, 1, 30_000],
    ['a rule failure that detours starts the detour at once', 'failed', failedRules, { onValidationFail: 'fix' }, 1, undefined],
    ['a rule failure routed to retry waits', 'failed', failedRules, { onValidationFail: 'retry' }, 1, 30_000],
    ['a rule failure routed to fail waits (decide blocks it anyway)', 'failed', failedRules, { onValidationFail: 'fail' }, 1, 30_000],
    ['a failure that is not a rule failure waits even with a detour route', 'failed', undefined, { onValidationFail: 'fix' }, 1, 30_000],
    ["the step's retryBackoff wins", 'failed', undefined, { retryBackoff: 10 }, 1, 10_000],
    ['a backoff of 0 retries at once', 'failed', undefined, { retryBackoff: 0 }, 1, undefined],
  ])('%s', (_name, outcome, rules, more, tries, waitMs) => {
    const got = retryAt({ outcome, failedRules: rules }, { def: def(more), run: run({ status: 'FAILED', tries }), limits: backoff, now: T0, random: () => 0.5 });
    expect(got).toEqual(waitMs === undefined ? undefined : { at: new Date(T0.getTime() + waitMs).toISOString(), waitMs });
  });
});

describe('routeOf', () => {
  it.each<[string | undefined, ValidationRoute]>([
    [undefined, { kind: 'retry' }],
    ['retry', { kind: 'retry' }],
    ['fail', { kind: 'fail' }],
    ['fix', { kind: 'detour', via: 'fix' }],
  ])('onValidationFail %s', (route, expected) => {
    expect(routeOf(def(route === undefined ? {} : { onValidationFail: route }))).toEqual(expected);
  });
});
