// Exceeding maxCalls fails the attempt by default, as the original orchestrator's step-count
// breaker does; `tools.onExceed: deny` keeps the older behaviour (later calls are denied and the
// step may still finish). The choice is validated, shown in the proposal and bound by the hash.
import { describe, expect, it } from 'vitest';
import { decideCall, effectivePolicy, toolBudgetProblem, type EffectivePolicy } from '../../src/core/guard/tool-policy.js';
import { parsePolicyFile, policyFileText } from '../../src/core/guard/command-log.js';
import { judgeToolBudget } from '../../src/core/tick/judge-attempt.js';
import type { AttemptResult } from '../../src/core/tick/apply.js';
import { checkPlan, parsePlan } from '../../src/core/plan/validate-plan.js';
import { planHash } from '../../src/core/plan/plan-hash.js';
import { newState } from '../../src/core/plan/new-state.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import { T0 } from '../fakes/states.js';

const policy = (p: Partial<EffectivePolicy> = {}): EffectivePolicy => ({ maxCalls: null, allow: [], block: [], via: 'hook', onExceed: 'fail', ...p });
const bash = (command: string) => ({ tool: 'Bash', subject: command });

describe('the budget', () => {
  it('defaults to onExceed "fail"; a step may choose "deny"', () => {
    const plan = { tools: { maxCalls: 5 }, steps: { a: { title: 'A', instruction: 'I' }, b: { title: 'B', instruction: 'I', tools: { onExceed: 'deny' as const } } } };
    expect(effectivePolicy(plan, 'a').onExceed).toBe('fail');
    expect(effectivePolicy(plan, 'b').onExceed).toBe('deny');
  });

  it('past maxCalls a call is denied either way; with "fail" the agent is told the attempt failed', () => {
    const fail = decideCall(bash('ls'), policy({ maxCalls: 2 }), 2, false);
    expect(fail).toEqual({
      decision: 'deny',
      reason: expect.stringMatching(/at most 2 tool calls per attempt and 2 were made\. This attempt has failed \(tools\.onExceed: fail\): make no more calls and exit\.$/),
    });
    const deny = decideCall(bash('ls'), policy({ maxCalls: 2, onExceed: 'deny' }), 2, false);
    expect(deny.reason).toMatch(/finish the step with what you have, or exit with a non-zero status/);
  });

  it.each<[string, Partial<EffectivePolicy>, { calls: number; denied: number } | undefined, string | null]>([
    ['no limit', {}, { calls: 99, denied: 0 }, null],
    ['within the limit', { maxCalls: 3 }, { calls: 3, denied: 0 }, null],
    ['past the limit', { maxCalls: 3 }, { calls: 5, denied: 2 }, 'made 5 tool calls, more than the 3 the step allows (tools.maxCalls; tools.onExceed: fail)'],
    ['past the limit, deny chosen', { maxCalls: 3, onExceed: 'deny' }, { calls: 5, denied: 2 }, null],
    ['nothing logged', { maxCalls: 0 }, undefined, null],
    ['one call where none is allowed', { maxCalls: 0 }, { calls: 1, denied: 0 }, 'made 1 tool call, more than the 0 the step allows (tools.maxCalls; tools.onExceed: fail)'],
  ])('toolBudgetProblem: %s', (_name, p, calls, problem) => {
    expect(toolBudgetProblem(policy(p), calls)).toBe(problem);
  });

  const verdict = (over: Partial<AttemptResult>): AttemptResult => ({ outcome: 'succeeded', exitCode: 0, error: null, stdout: '', durationMs: 1, outputs: ['a.md'], ...over });
  it.each<[string, Partial<AttemptResult>, string | null, Partial<AttemptResult>]>([
    ['a success within budget stays one', {}, null, { outcome: 'succeeded', error: null }],
    ['a success past the budget fails', { payload: { k: 1 } }, 'made 5 tool calls, more than 3', { outcome: 'failed', error: 'made 5 tool calls, more than 3', outputs: [] }],
    [
      'a failure past the budget names both',
      { outcome: 'failed', exitCode: 1, error: 'agent exited with code 1' },
      'made 5 tool calls, more than 3',
      { outcome: 'failed', error: 'made 5 tool calls, more than 3; also: agent exited with code 1' },
    ],
    ['a timeout stays a timeout', { outcome: 'timed_out', error: 'timed out' }, 'made 5 tool calls, more than 3', { outcome: 'timed_out', error: 'timed out' }],
  ])('judgeToolBudget: %s', (_name, over, problem, expected) => {
    const judged = judgeToolBudget(verdict(over), problem);
    expect(judged).toMatchObject(expected);
    if (expected.outcome === 'failed' && over.outcome === undefined) expect(judged.payload).toBeUndefined();
  });

  it('round-trips through the policy file', () => {
    const p = policy({ maxCalls: 4, onExceed: 'deny' });
    expect(parsePolicyFile(policyFileText('plan/a/1', p))).toEqual({ ok: true, policy: p });
  });
});

describe('tools.onExceed in a plan', () => {
  const withTools = (tools: unknown) => ({ steps: { a: { title: 'A', instruction: 'I', tools } } });
  it('is validated, naming the field', () => {
    expect(checkPlan(withTools({ maxCalls: 3, onExceed: 'deny' }))).toEqual([]);
    expect(checkPlan(withTools({ maxCalls: 3, onExceed: 'stop' }))).toEqual([
      {
        path: 'plan.steps.a.tools.onExceed',
        message: 'must be "fail" (default: an attempt that makes more than maxCalls tool calls fails) or "deny" (later calls are denied and the step may still finish), got "stop"',
      },
    ]);
    expect(checkPlan(withTools({ onExeed: 'deny' }))).toEqual([{ path: 'plan.steps.a.tools.onExeed', message: 'unknown field; did you mean onExceed?' }]);
  });

  it('is bound by the plan hash and shown in the proposal, with what the default does', () => {
    const base = { steps: { a: { title: 'A', instruction: 'I', tools: { maxCalls: 3 } } } };
    expect(planHash({ steps: { a: { ...base.steps.a, tools: { maxCalls: 3, onExceed: 'deny' } } } })).not.toBe(planHash(base));
    const plan = parsePlan({ tools: { maxCalls: 3, onExceed: 'deny' }, steps: { a: { title: 'A', instruction: 'I' } } });
    const rendered = renderProposal(newState(plan, { planId: 'issue-1', now: T0 }), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in rendered)) throw new Error('too large');
    const body = rendered.parts.join('\n');
    expect(body).toContain(JSON.stringify({ maxCalls: 3, onExceed: 'deny' }, null, 2));
    expect(body).toContain('an attempt that makes more than maxCalls calls fails (onExceed "deny": later calls are denied instead and the step may still finish)');
  });
});
