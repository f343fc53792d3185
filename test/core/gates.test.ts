// Human gates: decide pauses before a gated step; /approve passes that gate for this plan hash
// only; /skip and /cancel work at a gate; the notice and the proposal show it.
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { parseCommandText } from '../../src/core/tick/commands.js';
import { decide, type DecideContext } from '../../src/core/tick/decide.js';
import { pauseAtGate } from '../../src/core/tick/gates.js';
import { gateNotice } from '../../src/core/render/gate-markdown.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import { checkPlan } from '../../src/core/plan/validate-plan.js';
import { replan } from '../../src/core/plan/replan.js';
import type { State } from '../../src/core/state/types.js';
import { state, T0 } from '../fakes/states.js';

const ctx: DecideContext = { now: T0, limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } };
const by = 'octocat';
const gated = (over: Partial<State> = {}) => state(['a', 'b', 'c'], over, (id) => (id === 'b' ? { gate: { reason: 'deploys to production' } } : {}));
/** The plan with `a` done and the current step `b`. */
const atB = (over: Partial<State> = {}) => gated({ currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } }, artifacts: ['report.md'], ...over });
const paused = () => pauseAtGate(atB(), 'b', atB().plan.steps.b!, T0).state;

describe('decide at a gate', () => {
  it('runs an ungated step and pauses before a gated one', () => {
    expect(decide(gated(), ctx)).toMatchObject({ kind: 'run', stepId: 'a' });
    expect(decide(atB(), ctx)).toEqual({ kind: 'gate', stepId: 'b' });
  });

  it('runs the step once its gate was passed for this plan hash, and pauses again for another hash', () => {
    const s = atB();
    const passed = { ...s.stepRuns, b: { status: 'PENDING' as const, tries: 0, gatePassed: { by, at: T0.toISOString(), planHash: s.planHash! } } };
    expect(decide({ ...s, stepRuns: passed }, ctx)).toMatchObject({ kind: 'run', stepId: 'b', n: 1 });
    expect(decide({ ...s, stepRuns: passed, planHash: 'sha256:changed' }, ctx)).toEqual({ kind: 'gate', stepId: 'b' });
  });

  it('pauses before the step delay runs down, and a paused plan is idle', () => {
    expect(decide(atB({ notBefore: new Date(T0.getTime() + 60_000).toISOString() }), ctx)).toEqual({ kind: 'gate', stepId: 'b' });
    expect(decide(paused(), ctx)).toMatchObject({ kind: 'idle' });
  });

  it('pausing names the step, its reason and the plan hash, and asks for a gate notice', () => {
    const t = pauseAtGate(atB(), 'b', atB().plan.steps.b!, T0);
    expect(t.state.status).toBe('AWAITING_APPROVAL');
    expect(t.state.gate).toEqual({ stepId: 'b', reason: 'deploys to production', planHash: atB().planHash, at: T0.toISOString() });
    expect(t.notices).toEqual([{ kind: 'gate', stepId: 'b' }]);
  });
});

describe('commands at a gate', () => {
  it('/approve passes the gate: the plan runs the gated step next and the approval is recorded on it', () => {
    const s = paused();
    const out = applyCommand(s, { kind: 'approve', by, at: '2026-01-01T00:00:00Z' }, T0);
    expect(out.changed).toBe(true);
    expect(out.state.status).toBe('IN_PROGRESS');
    expect(out.state.gate).toBeNull();
    expect(out.state.stepRuns.b?.gatePassed).toEqual({ by, at: T0.toISOString(), planHash: s.planHash });
    // The plan approval itself is untouched: the gate is one step's.
    expect(out.state.approval).toEqual(s.approval);
    expect(decide(out.state, ctx)).toMatchObject({ kind: 'run', stepId: 'b' });
  });

  it('/approve written before the pause, or for another plan hash, does not pass the gate', () => {
    const s = pauseAtGate(atB(), 'b', atB().plan.steps.b!, new Date('2026-01-01T00:10:00.500Z')).state;
    const early = applyCommand(s, { kind: 'approve', by, at: '2026-01-01T00:09:59Z' }, T0);
    expect(early).toMatchObject({ changed: false, refused: true });
    expect(early.reply).toMatch(/before the plan paused at the gate of b/);
    const other = applyCommand(s, { kind: 'approve', by, planHash: 'sha256:other' }, T0);
    expect(other).toMatchObject({ changed: false, refused: true });
    expect(applyCommand(s, { kind: 'approve', by, at: '2026-01-01T00:10:00Z' }, T0).changed).toBe(true);
  });

  it('/approve naming the plan by a hash prefix passes the gate; a prefix of another hash does not', () => {
    const s = paused();
    const hex = s.planHash!.slice('sha256:'.length);
    for (const text of [`/approve ${hex.slice(0, 12)}`, `/approve sha256:${hex.slice(0, 20).toUpperCase()}`, `/approve ${s.planHash}`]) {
      const parsed = parseCommandText(text, by);
      if (!parsed?.ok || parsed.command.kind !== 'approve') throw new Error(`${text} is no approval: ${JSON.stringify(parsed)}`);
      const out = applyCommand(s, { ...parsed.command, at: '2026-01-01T00:00:00Z' }, T0);
      expect(out, text).toMatchObject({ changed: true, state: { status: 'IN_PROGRESS', gate: null } });
      expect(out.state.stepRuns.b?.gatePassed).toMatchObject({ by, planHash: s.planHash });
    }
    const other = `${hex[0] === '0' ? '1' : '0'}${hex.slice(1, 12)}`;
    const wrong = applyCommand(s, { kind: 'approve', by, planHash: `sha256:${other}`, at: '2026-01-01T00:00:00Z' }, T0);
    expect(wrong).toMatchObject({ changed: false, refused: true });
    expect(wrong.reply).toMatch(new RegExp(`This approval is for plan ${other}, but the gate of b was reached under plan [0-9a-f]{12}\\.`));
  });

  it('/skip at a gate skips the gated step and moves on', () => {
    const out = applyCommand(paused(), { kind: 'skip', by }, T0);
    expect(out.changed).toBe(true);
    expect(out.state).toMatchObject({ status: 'IN_PROGRESS', gate: null, currentStep: 2 });
    expect(out.state.stepRuns.b?.status).toBe('SKIPPED');
    expect(decide(out.state, ctx)).toMatchObject({ kind: 'run', stepId: 'c' });
  });

  it('/cancel at a gate ends the plan and forgets the gate; /resume pauses at it again', () => {
    const out = applyCommand(paused(), { kind: 'cancel', by }, T0);
    expect(out.state.status).toBe('CANCELLED');
    expect(out.state.gate).toBeNull();
    const resumed = applyCommand(out.state, { kind: 'resume', by }, T0);
    expect(decide(resumed.state, ctx)).toEqual({ kind: 'gate', stepId: 'b' });
  });

  it('a plan changed while paused at a gate is approved as a plan, then pauses at the gate again', () => {
    const s = paused();
    const changed = { ...s.plan, steps: { ...s.plan.steps, c: { title: 'Title c', instruction: 'Do c differently' } } };
    const proposed = replan(s, changed, s.stepQueue, T0).state;
    expect(proposed).toMatchObject({ status: 'AWAITING_APPROVAL', gate: null });
    const approved = applyCommand(proposed, { kind: 'approve', by }, T0);
    expect(approved.state).toMatchObject({ status: 'IN_PROGRESS', approval: { by, planHash: proposed.planHash } });
    expect(decide(approved.state, ctx)).toEqual({ kind: 'gate', stepId: 'b' });
  });

  it('/status says where the plan waits', () => {
    expect(applyCommand(paused(), { kind: 'status', by }, T0).reply).toMatch(/paused at the gate of b: \/approve to run it/);
  });
});

describe('gate notice, proposal and validation', () => {
  it('the notice shows what ran, the outputs (linked), the step about to run and the commands', () => {
    const body = gateNotice(paused(), 'b', { file: (p) => `https://example.test/blob/abc/${p}` });
    expect(body).toMatch(/^<!-- agent-step-sequencer:gate:p:b-/);
    expect(body).toContain('Waiting for approval before `b`: Title b');
    expect(body).toContain('deploys to production');
    expect(body).toContain('1 of 3 steps is done:');
    expect(body).toContain('[report\\.md](https://example.test/blob/abc/report.md)');
    expect(body).toContain('Do b');
    expect(body).toMatch(/`\/approve`: run `b`/);
    expect(body).toMatch(/`\/skip`/);
  });

  it('the proposal shows one gate line per gated step', () => {
    const r = renderProposal(gated({ status: 'AWAITING_APPROVAL' }), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in r)) throw new Error('too large');
    const text = r.parts.join('\n');
    expect(text.match(/\*\*Gate:\*\*/g)).toHaveLength(1);
    expect(text).toContain('**Gate:** the plan pauses before this step until a writer replies `/approve` again (deploys to production).');
  });

  it('validation accepts true and { reason } and names the field otherwise', () => {
    const p = (gate: unknown) => ({ steps: { a: { title: 'A', instruction: 'Do a', gate } } });
    expect(checkPlan(p(true))).toEqual([]);
    expect(checkPlan(p({ reason: 'look first' }))).toEqual([]);
    for (const bad of ['yes', { reason: '' }, { reason: 'x', extra: 1 }, { why: 'x' }]) {
      const issues = checkPlan(p(bad));
      expect(issues.map((i) => `${i.path}: ${i.message}`).join('\n')).toMatch(/plan\.steps\.a\.gate: must be true, false or \{ "reason"/);
    }
  });
});
