// Step groups (retry: group) and routes on values, in the plan and in the tick.
import { describe, expect, it } from 'vitest';
import { checkPlan, parsePlan } from '../../src/core/plan/validate-plan.js';
import { planHash } from '../../src/core/plan/plan-hash.js';
import { newState } from '../../src/core/plan/new-state.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import { tick } from '../../src/engine/index.js';
import type { Plan, State } from '../../src/core/state/types.js';
import type { AgentSpec } from '../../src/ports.js';
import { FakeAgent, FakeClock, FakeOwners, FakeVerifier, FakeWorkspace, MemoryAttemptFiles, MemoryLog, MemoryStore, RecordingNotifier, engineConfig, type ScriptedRun } from '../fakes/ports.js';
import { finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { takeRoute } from '../../src/core/tick/flow.js';
import { T0, state } from '../fakes/states.js';

const step = (extra: Record<string, unknown> = {}) => ({ title: 'T', instruction: 'I', ...extra });

describe('groups and routes in a plan', () => {
  it('accepts consecutive groups, retry: group and routes of each kind', () => {
    expect(
      checkPlan({
        groups: { research: { steps: ['a', 'b'], maxAttempts: 3 } },
        steps: {
          a: step(),
          b: step({ retry: 'group', validate: [{ file_exists: { path: 'x' } }], routes: [{ when: { rule: 0, fails: true }, goto: 'c' }] }),
          c: step({
            routes: [
              { when: { key: 'verdict', equals: 'revise' }, goto: 'a', max: 2 },
              { when: { rule: 0, passes: true }, goto: 'c' },
            ],
            validate: [{ file_exists: { path: 'y' } }],
          }),
        },
      }),
    ).toEqual([]);
  });

  it.each<[string, unknown, string, string]>([
    [
      'a group of steps not in a row',
      { groups: { g: { steps: ['a', 'c'] } }, steps: { a: step(), b: step(), c: step() } },
      'plan.groups.g.steps[1]',
      "must follow the group's previous step in the queue: a group is consecutive queued steps, in order (c is at 3, expected 2)",
    ],
    [
      'a step in two groups',
      { groups: { g: { steps: ['a'] }, h: { steps: ['a'] } }, steps: { a: step() } },
      'plan.groups.h.steps[0]',
      'names step a, which is in group g already; a step is in one group at most',
    ],
    ['a group naming an unknown step', { groups: { g: { steps: ['zz'] } }, steps: { a: step() } }, 'plan.groups.g.steps[0]', 'must name a step of the plan\'s queue, got "zz"; queued steps: a'],
    ['a misspelt group field', { groups: { g: { step: ['a'] } }, steps: { a: step() } }, 'plan.groups.g.step', 'unknown field; did you mean steps?'],
    ['retry: group outside a group', { steps: { a: step({ retry: 'group' }) } }, 'plan.steps.a.retry', 'is "group", but step a is in no group of plan.groups'],
    [
      'retry: other',
      { steps: { a: step({ retry: 'again' }) } },
      'plan.steps.a.retry',
      'must be "step" (a failure retries this step) or "group" (its group runs again from its first step), got "again"',
    ],
    [
      'a route to an unknown step',
      { steps: { a: step({ routes: [{ when: { key: 'k', equals: 1 }, goto: 'zz' }] }) } },
      'plan.steps.a.routes[0].goto',
      'must name a step of the plan\'s queue, got "zz"; queued steps: a',
    ],
    [
      'a route on a rule the step does not have',
      { steps: { a: step({ routes: [{ when: { rule: 0, fails: true }, goto: 'a' }] }) } },
      'plan.steps.a.routes[0].when.rule',
      'names a validation rule, but the step has none, got 0',
    ],
    ['an unbounded route', { steps: { a: step({ routes: [{ when: { key: 'k', equals: 1 }, goto: 'a', max: 1000 }] }) } }, 'plan.steps.a.routes[0].max', 'must be an integer from 1 to 100, got 1000'],
    [
      'a condition of no known form',
      { steps: { a: step({ routes: [{ when: { key: 'k' }, goto: 'a' }] }) } },
      'plan.steps.a.routes[0].when',
      'must be { "key": "<payload key>", "equals": <value> }, { "rule": <index>, "passes": true } or { "rule": <index>, "fails": true }, got {"key":"k"}',
    ],
  ])('%s is refused, naming the field', (_name, plan, path, message) => {
    expect(checkPlan(plan)).toContainEqual({ path, message });
  });

  it('groups are bound by the plan hash, and both are shown in the proposal', () => {
    const plan = parsePlan({ groups: { research: { steps: ['a', 'b'] } }, steps: { a: step(), b: step({ retry: 'group', routes: [{ when: { key: 'verdict', equals: 'revise' }, goto: 'a' }] }) } });
    expect(planHash(plan)).not.toBe(planHash({ ...plan, groups: { research: { steps: ['a', 'b'], maxAttempts: 3 } } }));
    const rendered = renderProposal(newState(plan, { planId: 'issue-1', now: T0 }), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in rendered)) throw new Error('too large');
    const body = rendered.parts.join('\n');
    expect(body).toContain('- `research`: `a`, `b` · 2 attempts');
    expect(body).toContain('if it fails: its group `research` runs again from its first step');
    expect(body).toContain('[\n  {"when":{"key":"verdict","equals":"revise"},"goto":"a"}\n]');
  });
});

function harness(plan: Plan, script: (spec: AgentSpec, call: number) => ScriptedRun) {
  const s: State = newState(parsePlan(plan), { planId: 'p', now: T0, approved: { by: 'tester' } });
  const workspace = new FakeWorkspace();
  const attemptFiles = new MemoryAttemptFiles();
  const agent = new FakeAgent(script, workspace, undefined, attemptFiles);
  const store = new MemoryStore(s);
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
  return { agent, store, run: () => tick(deps, engineConfig({ limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } })) };
}
const order = (h: { agent: FakeAgent }) => h.agent.runs.map((r) => `${r.env.SEQUENCER_STEP_ID}#${r.env.SEQUENCER_ATTEMPT}`);

describe('a group in the tick', () => {
  it("a failure of a retry: group step runs the group again from its first step, with the failure in that step's prompt; a spent budget blocks", async () => {
    const plan = { groups: { g: { steps: ['a', 'b'], maxAttempts: 2 } }, steps: { a: step({ instruction: 'Fetch' }), b: step({ retry: 'group', requiredOutputs: ['b.md'] }), c: step() } };
    const h = harness(plan, () => ({}));
    expect((await h.run()).outcome).toBe('blocked');
    expect(order(h)).toEqual(['a#1', 'b#1', 'a#2', 'b#2']);
    const prompt = h.agent.runs[2]!.argv.at(-1)!;
    expect(prompt).toContain(
      'Previous run ended with: step b of group g failed; the group runs again from a (group attempt 2 of 2): Missing required outputs: b.md. Please troubleshoot and retry: Fetch',
    );
    expect(h.store.current?.groupRuns).toEqual({ g: { tries: 2, lastFailure: { step: 'b', error: 'Missing required outputs: b.md' } } });
    expect(h.store.current?.blockers).toEqual(['b: group g ran 2 times and b failed again (retry: group)']);
  });
});

describe('routes in the tick', () => {
  it('a payload value sends the plan back (the steps from there run again), at most max times; then it goes on', async () => {
    const plan = { steps: { draft: step(), review: step({ routes: [{ when: { key: 'verdict', equals: 'revise' }, goto: 'draft', max: 2 }] }), publish: step() } };
    const h = harness(plan, (spec) => (spec.env.SEQUENCER_STEP_ID === 'review' ? { payload: { verdict: 'revise' } } : {}));
    expect((await h.run()).outcome).toBe('done');
    expect(order(h)).toEqual(['draft#1', 'review#1', 'draft#2', 'review#2', 'draft#3', 'review#3', 'publish#1']);
    expect(h.store.current?.routeCounts).toEqual({ 'review#0': 2 });
  });

  it('a route back: the steps from its goto run again, their outputs count as not made, and only the routing step keeps its payload', () => {
    let s = state(['draft', 'review', 'publish'], {}, (id) => ({ requiredOutputs: [`${id}.md`] }));
    for (const stepId of ['draft', 'review']) {
      s = startAttempt(s, { stepId, n: 1, owner: { kind: 'local', host: 'h', pid: 1 }, now: T0, leaseMs: 1 }).state;
      s = finishAttempt(s, stepId, { outcome: 'succeeded', exitCode: 0, error: null, stdout: 'ok', durationMs: 1, outputs: [`${stepId}.md`], payload: { verdict: stepId } }, T0).state;
    }
    expect(s.artifacts).toEqual(['draft.md', 'review.md']);
    const moved = takeRoute(s, 'review', 0, { when: { key: 'verdict', equals: 'review' }, goto: 'draft' }).state;
    expect(moved).toMatchObject({ currentStep: 0, artifacts: [], routeCounts: { 'review#0': 1 } });
    expect(moved.stepRuns.draft).toMatchObject({ status: 'PENDING', tries: 0, error: null, firstStartedAt: null });
    expect(moved.stepRuns.draft?.payload).toBeUndefined();
    expect(moved.stepRuns.review).toMatchObject({ status: 'PENDING', tries: 0, payload: { verdict: 'review' } });
    expect(moved.stepRuns.review?.attempts).toHaveLength(1);
  });

  it('a failed rule sends the plan forward, past the steps between (skipped, saying why)', async () => {
    const plan = { steps: { check: step({ validate: [{ file_exists: { path: 'ok.txt' } }], routes: [{ when: { rule: 0, fails: true }, goto: 'report' }] }), fix: step(), report: step() } };
    const h = harness(plan, () => ({}));
    expect((await h.run()).outcome).toBe('done');
    expect(order(h)).toEqual(['check#1', 'report#1']);
    expect(h.store.current?.stepRuns.fix).toMatchObject({ status: 'SKIPPED', error: 'routed past by check' });
    expect(h.store.current?.stepRuns.check?.status).toBe('SKIPPED');
  });
});
