// outputTolerance (opt-in): up to that fraction of a step's required outputs may be missing and
// the step is done with a warning; more is a failure whose retry prompt names the missing ones.
import { describe, expect, it } from 'vitest';
import { allowedMissing } from '../../src/core/tick/output-tolerance.js';
import { judgeAttempt, type JudgeContext } from '../../src/core/tick/judge-attempt.js';
import { finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { checkPlan } from '../../src/core/plan/validate-plan.js';
import type { AgentResult } from '../../src/ports.js';
import { T0, state } from '../fakes/states.js';

describe('allowedMissing', () => {
  it.each<[number | undefined, number, number]>([
    [undefined, 10, 0],
    [0, 10, 0],
    [0.2, 10, 2],
    [0.2, 5, 1],
    [0.2, 4, 0],
    [0.5, 3, 1],
    [0.3, 10, 3],
    [0.99, 1, 0],
  ])('tolerance %s of %i outputs: %i may be missing', (tolerance, total, allowed) => {
    expect(allowedMissing(tolerance, total)).toBe(allowed);
  });
});

const agent: AgentResult = { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 5 };
const outputs = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];
const ctx = (missing: string[], tolerance?: number): JudgeContext => ({
  requiredOutputs: outputs,
  missingOutputs: async (paths) => paths.filter((p) => missing.includes(p)),
  timeoutMs: 60_000,
  logFile: 'log',
  ...(tolerance !== undefined ? { outputTolerance: tolerance } : {}),
});

describe('the judge with outputTolerance', () => {
  it.each<[string, string[], number | undefined, string, string | null, string[], string[] | undefined]>([
    ['off: one missing fails', ['c.md'], undefined, 'failed', 'Missing required outputs: c.md', [], undefined],
    ['within: done, the missing one recorded', ['c.md'], 0.2, 'succeeded', null, ['a.md', 'b.md', 'd.md', 'e.md'], ['c.md']],
    ['beyond: fails naming both, and the allowance', ['b.md', 'c.md'], 0.2, 'failed', 'Missing required outputs: b.md, c.md (2 of 5; outputTolerance 0.2 allows 1)', [], undefined],
    ['all there', [], 0.2, 'succeeded', null, outputs, undefined],
  ])('%s', async (_name, missing, tolerance, outcome, error, present, recorded) => {
    const verdict = await judgeAttempt(agent, ctx(missing, tolerance));
    expect(verdict.outcome).toBe(outcome);
    expect(verdict.error).toBe(error);
    expect(verdict.outputs).toEqual(present);
    expect(verdict.missingOutputs).toEqual(recorded);
  });

  it('records the missing outputs on the attempt, and only the present ones as artifacts', async () => {
    const started = startAttempt(state(['a', 'b']), { stepId: 'a', n: 1, owner: { kind: 'local', host: 'h', pid: 1 }, now: T0, leaseMs: 1 }).state;
    const done = finishAttempt(started, 'a', await judgeAttempt(agent, ctx(['c.md'], 0.2)), T0).state;
    expect(done.stepRuns.a?.status).toBe('DONE');
    expect(done.stepRuns.a?.attempts?.[0]?.missingOutputs).toEqual(['c.md']);
    expect(done.artifacts).toEqual(['a.md', 'b.md', 'd.md', 'e.md']);
  });
});

describe('outputTolerance in a plan', () => {
  it('is shown in the proposal', async () => {
    const { renderProposal } = await import('../../src/core/render/proposal-markdown.js');
    const s = state(['a'], {}, () => ({ requiredOutputs: outputs, outputTolerance: 0.2 }));
    const rendered = renderProposal(s, { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in rendered)) throw new Error('too large');
    expect(rendered.parts.join('\n')).toContain('done with up to 20 % of its required outputs missing (outputTolerance)');
  });

  const withA = (extra: Record<string, unknown>) => ({ steps: { a: { title: 'A', instruction: 'I', requiredOutputs: ['x.md'], ...extra } } });
  it('is a fraction from 0 up to 1 (exclusive)', () => {
    expect(checkPlan(withA({ outputTolerance: 0.2 }))).toEqual([]);
    expect(checkPlan(withA({ outputTolerance: 0 }))).toEqual([]);
    for (const bad of [1, -0.1, '0.2', 20]) {
      expect(checkPlan(withA({ outputTolerance: bad }))).toEqual([
        {
          path: 'plan.steps.a.outputTolerance',
          message: `must be a fraction of the required outputs that may be missing, from 0 up to but not including 1 (0.2: up to 20 %), got ${JSON.stringify(bad)}`,
        },
      ]);
    }
  });
});
