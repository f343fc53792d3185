import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { StateError } from '../../src/core/errors.js';
import { STATE_VERSION } from '../../src/core/state/types.js';
import { checkState, parseState } from '../../src/core/state/validate-state.js';

const fixture = new URL('../fixtures/plans/seed-state.json', import.meta.url);
const loadSeed = async (): Promise<Record<string, unknown>> => JSON.parse(await readFile(fixture, 'utf8')) as Record<string, unknown>;

/** A seed-format state with one run, as the original check script leaves it mid-plan. */
const seedMidway = () => ({
  plan: {
    steps: {
      'step-1': { title: 'Research', instruction: 'Research X', requiredOutputs: ['study/summary.md'] },
      'step-2': { title: 'Write', instruction: 'Write the paper' },
    },
  },
  stepQueue: ['step-1', 'step-2'],
  currentStep: 1,
  stepRuns: {
    'step-1': { status: 'DONE', tries: 1, lastRunIso: '2025-03-01T10:00:00.123456', stdout: 'ok', error: null },
    'step-2': { status: 'FAILED', lastRunIso: '2025-03-01T10:05:00+00:00', error: 'Missing required outputs: paper.md' },
  },
  stepDelayMinutes: 2,
  status: 'IN_PROGRESS',
  blockers: [],
  lastHeartbeatIso: '2025-03-01T10:05:01',
  artifacts: ['study/summary.md'],
});

const messageAt = (input: unknown, path: string) => checkState(input).find((i) => i.path === path)?.message;

describe('parseState on seed files', () => {
  it('loads the seed example unchanged and fills in the defaults', async () => {
    const seed = await loadSeed();
    const before = structuredClone(seed);
    const state = parseState(seed);
    expect(seed).toEqual(before);
    expect(state).toEqual({ ...seed, revision: 0, blockers: [], artifacts: [] });
    expect(state.version).toBeUndefined();
    expect(state.planId).toBeUndefined();
  });

  it('loads a seed state mid-plan; runs without tries get tries 0, Python timestamps pass', () => {
    const input = seedMidway();
    const state = parseState(input);
    expect(state.stepRuns['step-1']).toEqual(input.stepRuns['step-1']);
    expect(state.stepRuns['step-2']).toEqual({ ...input.stepRuns['step-2'], tries: 0 });
    expect(state.currentStep).toBe(1);
    expect(state.stepDelayMinutes).toBe(2);
  });

  it('normalizes the plan inside the state (alias) without touching the input', () => {
    const input = { ...seedMidway(), plan: { steps: { 'step-1': { title: 't', instruction: 'i', required_outputs: ['a.md'] }, 'step-2': { title: 't', instruction: 'i' } } } };
    const before = structuredClone(input);
    const state = parseState(input);
    expect(state.plan.steps['step-1']?.requiredOutputs).toEqual(['a.md']);
    expect(state.plan.steps['step-1']).not.toHaveProperty('required_outputs');
    expect(input).toEqual(before);
  });

  it('returns an object that shares nothing with the input', () => {
    const input = seedMidway();
    const state = parseState(input);
    state.stepRuns['step-1']!.tries = 99;
    state.plan.steps['step-1']!.title = 'changed';
    (state.artifacts as string[]).push('x');
    expect(input.stepRuns['step-1'].tries).toBe(1);
    expect(input.plan.steps['step-1'].title).toBe('Research');
    expect(input.artifacts).toEqual(['study/summary.md']);
  });

  it('keeps unknown fields at every level through a JSON round trip', () => {
    const input = {
      ...seedMidway(),
      version: STATE_VERSION,
      revision: 4,
      futureTopLevel: { a: [1, 2] },
      plan: { note: 'plan-level', steps: { 'step-1': { title: 't', instruction: 'i', hint: 'step-level' }, 'step-2': { title: 't', instruction: 'i' } } },
      stepRuns: { 'step-1': { status: 'DONE', tries: 1, custom: 'run-level', attempts: [{ n: 1, runId: 'p/step-1/1', startedAt: '2025-01-01T00:00:00Z', extra: 'attempt-level' }] } },
      inbox: { lastCommentId: 12, etag: 'W/"abc"' },
      issue: { number: 42, statusCommentId: null, url: 'https://example.test/42' },
    };
    const once = parseState(input);
    const twice = parseState(JSON.parse(JSON.stringify(once)) as unknown);
    expect(twice).toEqual(once);
    expect(twice.futureTopLevel).toEqual({ a: [1, 2] });
    expect(twice.plan.note).toBe('plan-level');
    expect(twice.plan.steps['step-1']?.hint).toBe('step-level');
    expect(twice.stepRuns['step-1']?.custom).toBe('run-level');
    expect(twice.stepRuns['step-1']?.attempts?.[0]?.extra).toBe('attempt-level');
    expect(twice.inbox?.etag).toBe('W/"abc"');
    expect(twice.issue?.url).toBe('https://example.test/42');
    expect(twice.revision).toBe(4);
  });
});

describe('finished states', () => {
  const emptied = (status: string) => ({ plan: { steps: {} }, stepQueue: [], currentStep: 0, stepRuns: {}, status });

  it('accepts a DONE or CANCELLED seed state whose steps were cleared out: nothing is left to run', () => {
    expect(checkState(emptied('DONE'))).toEqual([]);
    expect(checkState(emptied('CANCELLED'))).toEqual([]);
  });

  it('still refuses an empty plan that would run', () => {
    expect(messageAt(emptied('IN_PROGRESS'), 'plan.steps')).toBe('must contain at least one step, got {}');
    expect(messageAt(emptied('AWAITING_APPROVAL'), 'plan.steps')).toBe('must contain at least one step, got {}');
  });
});

describe('checkState rejects', () => {
  it('a duplicate id in stepQueue, naming the index and the id', () => {
    expect(messageAt({ ...seedMidway(), stepQueue: ['step-1', 'step-2', 'step-1'] }, 'stepQueue[2]')).toBe('repeats step "step-1" (already at index 0); each step may be queued once');
  });

  it('an unknown id in stepQueue', () => {
    expect(messageAt({ ...seedMidway(), stepQueue: ['step-1', 'step-9'] }, 'stepQueue[1]')).toContain('names unknown step "step-9"; known steps: step-1, step-2');
  });

  it('currentStep past the end, negative or fractional', () => {
    expect(messageAt({ ...seedMidway(), currentStep: 3 }, 'currentStep')).toBe('must be an integer from 0 to 2, got 3');
    expect(messageAt({ ...seedMidway(), currentStep: -1 }, 'currentStep')).toContain('got -1');
    expect(messageAt({ ...seedMidway(), currentStep: 0.5 }, 'currentStep')).toContain('got 0.5');
    expect(checkState({ ...seedMidway(), currentStep: 2 })).toEqual([]);
  });

  it('a state version newer than this sequencer, with an upgrade hint', () => {
    const input = { ...seedMidway(), version: STATE_VERSION + 1 };
    expect(messageAt(input, 'version')).toContain(`newer than this sequencer understands (${STATE_VERSION}); upgrade agent-step-sequencer`);
    let caught: unknown;
    try {
      parseState(input);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(StateError);
    expect((caught as StateError).hint).toContain('Upgrade agent-step-sequencer');
  });

  it.each([
    ['status', { status: 'done' }, 'status', 'must be one of AWAITING_APPROVAL, IN_PROGRESS, BLOCKED, DONE, CANCELLED, got "done"'],
    ['stepQueue type', { stepQueue: 'step-1' }, 'stepQueue', 'must be an array of step ids, got "step-1"'],
    ['currentStep type', { currentStep: '0' }, 'currentStep', 'got "0"'],
    ['stepRuns type', { stepRuns: [] }, 'stepRuns', 'must be an object mapping step ids to their runs, got []'],
    ['stepRuns unknown step', { stepRuns: { ghost: { status: 'DONE', tries: 1 } } }, 'stepRuns.ghost', 'is a run of unknown step "ghost"'],
    ['step run status', { stepRuns: { 'step-1': { status: 'OK', tries: 1 } } }, 'stepRuns.step-1.status', 'must be one of PENDING, IN_PROGRESS, DONE, FAILED, SKIPPED, got "OK"'],
    ['step run tries', { stepRuns: { 'step-1': { status: 'DONE', tries: -1 } } }, 'stepRuns.step-1.tries', 'must be an integer >= 0, got -1'],
    ['step run stdout', { stepRuns: { 'step-1': { status: 'DONE', stdout: 5 } } }, 'stepRuns.step-1.stdout', 'must be a string or null, got 5'],
    ['step run stderr', { stepRuns: { 'step-1': { status: 'DONE', stderr: ['x'] } } }, 'stepRuns.step-1.stderr', 'must be a string or null, got ["x"]'],
    ['attempts type', { stepRuns: { 'step-1': { status: 'DONE', attempts: {} } } }, 'stepRuns.step-1.attempts', 'must be an array of attempt records'],
    ['attempt n', { stepRuns: { 'step-1': { status: 'DONE', attempts: [{ n: '1' }] } } }, 'stepRuns.step-1.attempts[0].n', 'got "1"'],
    ['attempt outcome', { stepRuns: { 'step-1': { status: 'DONE', attempts: [{ n: 1, outcome: 'ok' }] } } }, 'stepRuns.step-1.attempts[0].outcome', 'got "ok"'],
    ['stepDelayMinutes', { stepDelayMinutes: -2 }, 'stepDelayMinutes', 'must be a number of minutes >= 0, got -2'],
    ['revision', { revision: 1.5 }, 'revision', 'must be an integer >= 0, got 1.5'],
    ['version zero', { version: 0 }, 'version', 'got 0'],
    ['planId', { planId: '../evil' }, 'planId', 'got "../evil"'],
    ['planHash', { planHash: 'md5:abc' }, 'planHash', 'got "md5:abc"'],
    ['notBefore', { notBefore: 'soon' }, 'notBefore', 'got "soon" or null'],
    ['lastHeartbeatIso', { lastHeartbeatIso: 1700000000 }, 'lastHeartbeatIso', 'got 1700000000'],
    ['blockers', { blockers: 'x' }, 'blockers', 'must be an array of strings, got "x"'],
    ['artifacts item', { artifacts: ['a', 3] }, 'artifacts[1]', 'must be a string, got 3'],
    ['approval', { approval: { by: 'me', at: 'now', planHash: 'x' } }, 'approval.at', 'got "now"'],
    ['cancelRequested', { cancelRequested: 'yes' }, 'cancelRequested', 'got "yes"'],
    ['inbox cursor', { inbox: { lastCommentId: -1 } }, 'inbox.lastCommentId', 'got -1'],
    ['issue number', { issue: { number: 0 } }, 'issue.number', 'got 0'],
    ['plan issues under plan.', { plan: { steps: { 'step-1': { title: 't' }, 'step-2': { title: 't', instruction: 'i' } } } }, 'plan.steps.step-1.instruction', 'got undefined'],
    ['plan missing', { plan: undefined }, 'plan', 'must be an object with "steps" (a plan), got undefined'],
  ])('%s', (_name, patch, path, message) => {
    expect(messageAt({ ...seedMidway(), ...patch }, path)).toContain(message);
  });

  it('a non-object', () => {
    expect(checkState('{}')).toEqual([{ path: 'state', message: expect.stringContaining('got "{}"') as unknown as string }]);
  });

  it('lists every problem in one StateError', () => {
    const input = { ...seedMidway(), status: 'RUNNING', currentStep: 9, stepRuns: { 'step-1': { status: 'DONE', tries: 'one' } } };
    let caught: unknown;
    try {
      parseState(input);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(StateError);
    const err = caught as StateError;
    expect(err.issues.map((i) => i.path)).toEqual(['status', 'currentStep', 'stepRuns.step-1.tries']);
    expect(err.message).toContain('Invalid state (3 problems)');
    expect(err.hint).toContain('left untouched');
  });

  it('does not mutate the input even when it is invalid', () => {
    const input = { ...seedMidway(), stepRuns: { 'step-2': { status: 'DONE' } }, stepQueue: ['step-1', 'step-1'] };
    const before = structuredClone(input);
    expect(checkState(input).length).toBeGreaterThan(0);
    expect(input).toEqual(before);
  });
});

describe('human gate records', () => {
  const HASH = `sha256:${'a'.repeat(64)}`;
  const gated = (extra: Record<string, unknown>, run: Record<string, unknown> = {}) => {
    const s = seedMidway();
    return { ...s, planHash: HASH, ...extra, stepRuns: { ...s.stepRuns, 'step-2': { ...s.stepRuns['step-2'], ...run } } };
  };

  it('accepts a pause at a known step and a passed gate', () => {
    const at = '2025-03-01T10:06:00.000Z';
    expect(checkState(gated({ status: 'AWAITING_APPROVAL', gate: { stepId: 'step-2', planHash: HASH, at, reason: 'review' } }))).toEqual([]);
    expect(checkState(gated({ gate: null }, { gatePassed: { by: 'octocat', at, planHash: HASH } }))).toEqual([]);
    expect(checkState(gated({}, { gatePassed: null }))).toEqual([]);
  });

  it('names the field, the value and what was expected', () => {
    expect(messageAt(gated({ gate: 'step-2' }), 'gate')).toMatch(/null or an object with "stepId", "planHash" and "at", got "step-2"/);
    expect(messageAt(gated({ gate: { stepId: 'step-9', planHash: HASH, at: '2025-03-01T10:06:00Z' } }), 'gate.stepId')).toMatch(/unknown step "step-9"/);
    expect(messageAt(gated({ gate: { stepId: 'step-2', planHash: 'x', at: '2025-03-01T10:06:00Z' } }), 'gate.planHash')).toMatch(/sha256/);
    expect(messageAt(gated({ gate: { stepId: 'step-2', planHash: HASH, at: 'soon' } }), 'gate.at')).toBeDefined();
    expect(messageAt(gated({ gate: { stepId: 'step-2', planHash: HASH, at: '2025-03-01T10:06:00Z', reason: 7 } }), 'gate.reason')).toMatch(/string/);
    expect(messageAt(gated({}, { gatePassed: true }), 'stepRuns.step-2.gatePassed')).toMatch(/null or an object with "by", "at" and "planHash", got true/);
    const issues = checkState(gated({}, { gatePassed: { by: '', at: '2025-03-01T10:06:00Z', planHash: 'nope' } }));
    expect(issues.map((i) => i.path).filter((p) => p.includes('gatePassed'))).toHaveLength(2);
  });
});

describe('usage and budget records', () => {
  const usage = {
    model: 'claude-sonnet-4-5',
    inputTokens: 1740,
    outputTokens: 135,
    cacheReadTokens: 4370,
    cacheWriteTokens: 1510,
    costUsd: 0.0181,
    turns: 4,
    apiMs: 2300,
    sessionId: 's-1',
    isError: false,
    source: 'stream',
    complete: true,
  };
  const withAttempt = (attempt: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const input = seedMidway() as Record<string, unknown> & { stepRuns: Record<string, Record<string, unknown>> };
    input.stepRuns['step-1']!.attempts = [{ n: 1, runId: 'plan/step-1/1', startedAt: '2025-03-01T10:00:00Z', endedAt: '2025-03-01T10:01:00Z', outcome: 'succeeded', ...attempt }];
    return { ...input, ...extra };
  };

  it('reads an attempt with its usage, wall time and the over_budget outcome, and a state without them as before', () => {
    const state = parseState(withAttempt({ usage, wallMs: 61_000 }));
    expect(state.stepRuns['step-1']?.attempts?.[0]).toMatchObject({ usage, wallMs: 61_000 });
    expect(checkState(withAttempt({ usage: { ...usage, source: 'file', complete: false }, outcome: 'over_budget' }))).toEqual([]);
    // Read back from the log of an attempt whose tick died.
    expect(checkState(withAttempt({ usage: { ...usage, source: 'log', complete: false }, outcome: 'interrupted' }))).toEqual([]);
    expect(checkState(withAttempt({}))).toEqual([]);
  });

  it.each([
    [{ usage: { ...usage, inputTokens: -1 } }, 'stepRuns.step-1.attempts[0].usage.inputTokens', 'must be a whole number of tokens from 0'],
    [{ usage: { ...usage, costUsd: 'a dollar' } }, 'stepRuns.step-1.attempts[0].usage.costUsd', 'must be a number of US dollars'],
    [{ usage: { ...usage, model: 'a\nb' } }, 'stepRuns.step-1.attempts[0].usage.model', 'single line'],
    [{ usage: { ...usage, source: 'guess' } }, 'stepRuns.step-1.attempts[0].usage.source', 'must be one of stream, file, log, got "guess"'],
    [{ usage: { ...usage, source: 'Log' } }, 'stepRuns.step-1.attempts[0].usage.source', 'must be one of stream, file, log, got "Log"'],
    [{ usage: { ...usage, source: null } }, 'stepRuns.step-1.attempts[0].usage.source', 'must be one of stream, file, log, got null'],
    [{ usage: { ...usage, complete: 'yes' } }, 'stepRuns.step-1.attempts[0].usage.complete', 'must be true'],
    [{ usage: { inputTokens: 1, isError: false, source: 'stream', complete: true } }, 'stepRuns.step-1.attempts[0].usage.outputTokens', 'got nothing'],
    [{ usage: 'lots' }, 'stepRuns.step-1.attempts[0].usage', 'must be an object'],
    [{ wallMs: 1.5 }, 'stepRuns.step-1.attempts[0].wallMs', 'whole number of milliseconds'],
  ])('refuses a bad attempt record %#, naming the field', (attempt, path, message) => {
    expect(messageAt(withAttempt(attempt), path)).toContain(message);
  });

  it('reads budget raises and the budget block, and names what is wrong with them', () => {
    const raise = { scope: 'step', stepId: 'step-2', kind: 'tokens', limit: 300_000, by: 'octocat', at: '2025-03-01T11:00:00Z', commentId: 7 };
    const block = { stepId: 'step-2', scope: 'plan', kind: 'costUsd', limit: 5, spent: 5.12 };
    expect(checkState(withAttempt({}, { budgetRaises: [raise], budgetBlock: block }))).toEqual([]);
    expect(checkState(withAttempt({}, { budgetBlock: null }))).toEqual([]);
    expect(messageAt(withAttempt({}, { budgetRaises: [{ ...raise, stepId: 'nope' }] }), 'budgetRaises[0].stepId')).toContain('must name a step of the plan');
    expect(messageAt(withAttempt({}, { budgetRaises: [{ ...raise, limit: 1.5 }] }), 'budgetRaises[0].limit')).toContain('whole number of tokens');
    expect(messageAt(withAttempt({}, { budgetRaises: [{ ...raise, kind: 'euros' }] }), 'budgetRaises[0].kind')).toContain('must be one of costUsd, tokens');
    expect(messageAt(withAttempt({}, { budgetRaises: [{ ...raise, by: '' }] }), 'budgetRaises[0].by')).toContain('who raised it');
    expect(messageAt(withAttempt({}, { budgetRaises: {} }), 'budgetRaises')).toContain('must be an array');
    expect(messageAt(withAttempt({}, { budgetBlock: { ...block, spent: -1 } }), 'budgetBlock.spent')).toContain('>= 0');
    expect(messageAt(withAttempt({}, { budgetBlock: { ...block, scope: 'team' } }), 'budgetBlock.scope')).toContain('"plan" or "step"');
  });

  it('reads the budget the CLI recorded for a plan that sets none, and null or none', () => {
    expect(parseState(withAttempt({}, { defaultBudget: { costUsd: 1, tokens: 9000 } })).defaultBudget).toEqual({ costUsd: 1, tokens: 9000 });
    expect(checkState(withAttempt({}, { defaultBudget: null }))).toEqual([]);
    expect(checkState(withAttempt({}))).toEqual([]);
  });

  it.each([
    ['a wrong type', 'lots', 'defaultBudget: must be an object with "costUsd" (US dollars), "tokens" or both, got "lots"'],
    ['a list', [1], 'defaultBudget: must be an object with "costUsd" (US dollars), "tokens" or both, got [1]'],
    ['a negative cost', { costUsd: -1 }, 'defaultBudget.costUsd: must be a number of US dollars > 0 and <= 1000000, got -1'],
    ['a negative token count', { tokens: -5 }, 'defaultBudget.tokens: must be a whole number of tokens from 1 to 1000000000000, got -5'],
    ['a cost as text', { costUsd: '5' }, 'defaultBudget.costUsd: must be a number of US dollars > 0 and <= 1000000, got "5"'],
    ['an unknown key', { costUSD: 1 }, 'defaultBudget.costUSD: unknown field; did you mean costUsd?'],
    ['no limit', {}, 'defaultBudget: must set "costUsd", "tokens" or both; leave "defaultBudget" out for no budget'],
  ])('refuses a recorded default budget with %s, naming the field, the value and what was expected', (_what, defaultBudget, line) => {
    expect(() => parseState(withAttempt({}, { defaultBudget }))).toThrow(StateError);
    expect(() => parseState(withAttempt({}, { defaultBudget }))).toThrow(`  - ${line}`);
  });
});
