// Preflight checks a plan configures: validated like every field, bound by the plan hash, shown
// in the proposal, commands only from trusted plans; before an attempt a failing check records
// nothing and names what is missing.
import { describe, expect, it } from 'vitest';
import { checkPlan, parsePlan } from '../../src/core/plan/validate-plan.js';
import { preflightOf } from '../../src/core/plan/preflight.js';
import { planHash } from '../../src/core/plan/plan-hash.js';
import { describeExecution, executionFields } from '../../src/core/plan/execution-fields.js';
import { newState } from '../../src/core/plan/new-state.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import { tick } from '../../src/engine/index.js';
import { ConfigError } from '../../src/core/errors.js';
import { FakeAgent, FakeClock, FakeOwners, FakeVerifier, FakeWorkspace, MemoryAttemptFiles, MemoryLog, MemoryStore, RecordingNotifier, engineConfig } from '../fakes/ports.js';
import { T0, state } from '../fakes/states.js';

const step = (extra: Record<string, unknown> = {}) => ({ title: 'A', instruction: 'I', ...extra });

describe('preflight in a plan', () => {
  it('accepts tools, env names and commands at plan and step level, and merges them plan first', () => {
    const plan = parsePlan({ preflight: { tools: ['git'], env: ['API_KEY'] }, steps: { a: step({ preflight: { tools: ['jq', 'git'], commands: [['gh', 'auth', 'status']] } }), b: step() } });
    expect(preflightOf(plan, 'a')).toEqual({ tools: ['git', 'jq'], env: ['API_KEY'], commands: [['gh', 'auth', 'status']] });
    expect(preflightOf(plan, 'b')).toEqual({ tools: ['git'], env: ['API_KEY'], commands: [] });
  });

  it.each<[string, unknown, string, string]>([
    ['not an object', ['git'], 'plan.preflight', 'must be an object with any of tools, env, commands, got ["git"]'],
    ['a misspelt field', { tool: ['git'] }, 'plan.preflight.tool', 'unknown field; did you mean tools?'],
    ['a blank tool', { tools: [' '] }, 'plan.preflight.tools[0]', 'must be a program name (one line, at most 200 characters), got " "'],
    ['an env value instead of a name', { env: ['API_KEY=x'] }, 'plan.preflight.env[0]', 'must be an environment variable name (letters, digits and "_", not starting with a digit), got "API_KEY=x"'],
    ['a command as a string', { commands: ['gh auth status'] }, 'plan.preflight.commands[0]', 'must be a non-empty array of strings (the program, then its arguments; no shell), got "gh auth status"'],
    [
      'a command through a shell',
      { commands: [['sh', '-c', 'curl x']] },
      'plan.preflight.commands[0]',
      'must not run a shell or inline code: ["sh","-c","curl x"] runs a shell interpreter (sh); run a program or a script file from the workspace with plain arguments, e.g. ["./checks/verify.sh"] or ["npm", "test"]; nothing here is run by a shell.',
    ],
  ])('%s is refused, naming the field', (_name, preflight, path, message) => {
    expect(checkPlan({ preflight, steps: { a: step() } })).toContainEqual({ path, message });
  });

  it('is bound by the plan hash at plan and step level', () => {
    const base = { steps: { a: step() } };
    expect(planHash({ ...base, preflight: { tools: ['git'] } })).not.toBe(planHash(base));
    expect(planHash({ steps: { a: step({ preflight: { env: ['K'] } }) } })).not.toBe(planHash(base));
  });

  it('commands are execution fields (a plan from someone without write access may not carry them); tools and env names are not', () => {
    const plan = parsePlan({
      preflight: { commands: [['gh', 'auth', 'status']] },
      steps: { a: step({ preflight: { commands: [['make', 'check']] } }), b: step({ preflight: { tools: ['git'], env: ['K'] } }) },
    });
    expect(executionFields(plan)).toEqual([
      { stepId: null, fields: ['preflight'] },
      { stepId: 'a', fields: ['preflight'] },
    ]);
    expect(describeExecution(executionFields(plan))).toBe('the plan sets `preflight`; `a` sets `preflight`');
  });

  it('is shown in the proposal', () => {
    const plan = parsePlan({ preflight: { tools: ['git'] }, steps: { a: step({ preflight: { commands: [['gh', 'auth', 'status']] } }) } });
    const rendered = renderProposal(newState(plan, { planId: 'issue-1', now: T0 }), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in rendered)) throw new Error('too large');
    const body = rendered.parts.join('\n');
    expect(body).toContain('**Checks before every attempt** (tools must be on PATH');
    expect(body).toContain(JSON.stringify({ tools: ['git'] }, null, 2));
    expect(body).toContain("**Checks before each attempt of this step**, after the plan's");
    expect(body).toContain(JSON.stringify({ commands: [['gh', 'auth', 'status']] }, null, 2));
  });
});

describe('before an attempt', () => {
  function harness(preflight: Record<string, unknown>, onPath: (cmd: string) => boolean, checkExit: number, env: Record<string, string> = {}) {
    const initial = { ...state(['a']), plan: { ...state(['a']).plan, preflight } };
    const s = { ...initial, planHash: planHash(initial.plan), approval: { ...initial.approval!, planHash: planHash(initial.plan) } };
    const workspace = new FakeWorkspace();
    const attemptFiles = new MemoryAttemptFiles();
    const agent = Object.assign(new FakeAgent(() => ({}), workspace, onPath, attemptFiles), { hasEnv: (name: string) => name in env });
    const verifier = new FakeVerifier(workspace, () => ({ exitCode: checkExit, stderr: checkExit ? 'not logged in' : '' }));
    const store = new MemoryStore(s);
    const deps = { clock: new FakeClock(), store, agent, workspace, owners: new FakeOwners('dead'), notifier: new RecordingNotifier(), log: new MemoryLog(), verifier, attemptFiles };
    return { store, agent, verifier, run: (over = {}) => tick(deps, engineConfig(over)) };
  }

  it('a missing tool, an unset variable and a failing command are all named, and no attempt is recorded (CLI: a configuration error)', async () => {
    const h = harness({ tools: ['jq'], env: ['API_KEY', 'HOME_DIR'], commands: [['gh', 'auth', 'status']] }, (cmd) => cmd !== 'jq', 1, { HOME_DIR: '/h' });
    const err = await h.run().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      ['preflight: the tool "jq" is not on PATH', 'preflight: the environment variable API_KEY is not set', 'preflight: the command gh auth status exited with code 1: not logged in'].join('\n'),
    );
    expect(h.agent.runs).toHaveLength(0);
    expect(h.store.current?.stepRuns.a?.tries ?? 0).toBe(0);
    expect(h.verifier.checks[0]).toMatchObject({ argv: ['gh', 'auth', 'status'], opts: { timeoutMs: 60_000, env: { SEQUENCER_STEP_ID: 'a', SEQUENCER_WORKSPACE: '/workspace' } } });
  });

  it('on GitHub the plan is blocked with the reason, still without an attempt; when all pass the agent runs', async () => {
    const blocked = harness({ env: ['API_KEY'] }, () => true, 0);
    const r = await blocked.run({ preflight: 'block' });
    expect(r.outcome).toBe('blocked');
    expect(blocked.store.current?.blockers).toEqual(['a: preflight failed: preflight: the environment variable API_KEY is not set']);
    expect(blocked.store.current?.stepRuns.a?.tries ?? 0).toBe(0);

    const ok = harness({ tools: ['git'], env: ['API_KEY'], commands: [['true']] }, () => true, 0, { API_KEY: 'x' });
    expect((await ok.run()).outcome).toBe('done');
    expect(ok.agent.runs).toHaveLength(1);
  });
});
