// `tools` as a plan field: validated strictly at plan and step level (misspelt fields named with
// the nearest known one, wrong types named with the value and what is expected), published in
// the JSON schema, bound by the plan hash and shown in the proposal.
import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { newState } from '../../src/core/plan/new-state.js';
import { planHash } from '../../src/core/plan/plan-hash.js';
import { checkPlan, parsePlan } from '../../src/core/plan/validate-plan.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import type { Plan } from '../../src/core/state/types.js';
import { T0 } from '../fakes/states.js';

const step = (extra: Record<string, unknown> = {}) => ({ title: 'A step', instruction: 'Do the thing', ...extra });
const withTools = (tools: unknown, planTools?: unknown) => ({ ...(planTools !== undefined ? { tools: planTools } : {}), steps: { a: step({ tools }), b: step() } });

const schema = JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')) as object;
const validateSchema = new Ajv2020({ strict: true, allErrors: true, validateFormats: false }).compile(schema);

describe('tools in a plan', () => {
  it('accepts a full policy at plan and step level, in the validator and the schema', () => {
    const plan = withTools({ maxCalls: 5, allow: ['git *', 'Read', '/npm (test|run lint)/'], block: ['git push*'], via: 'exec' }, { maxCalls: 50, block: ['WebFetch'], via: 'hook' });
    expect(checkPlan(plan)).toEqual([]);
    expect(validateSchema(plan)).toBe(true);
    expect(parsePlan(plan).steps.a?.tools).toEqual({ maxCalls: 5, allow: ['git *', 'Read', '/npm (test|run lint)/'], block: ['git push*'], via: 'exec' });
  });

  it('refuses a misspelt field with the nearest known name, at step and plan level', () => {
    expect(checkPlan(withTools({ maxCals: 5 }))).toEqual([{ path: 'plan.steps.a.tools.maxCals', message: 'unknown field; did you mean maxCalls?' }]);
    expect(checkPlan(withTools({}, { alow: ['x'] }))).toEqual([{ path: 'plan.tools.alow', message: 'unknown field; did you mean allow?' }]);
    expect(validateSchema(withTools({ maxCals: 5 }))).toBe(false);
    // A misspelt `tools` itself is found too.
    expect(checkPlan({ steps: { a: step({ tols: {} }) } })).toEqual([{ path: 'plan.steps.a.tols', message: 'unknown field; did you mean tools?' }]);
  });

  it.each([
    [{ maxCalls: '5' }, 'plan.steps.a.tools.maxCalls', 'must be an integer from 0 to 1000000, got "5"'],
    [{ maxCalls: -1 }, 'plan.steps.a.tools.maxCalls', 'must be an integer from 0 to 1000000, got -1'],
    [{ maxCalls: 2.5 }, 'plan.steps.a.tools.maxCalls', 'got 2.5'],
    [{ allow: 'git *' }, 'plan.steps.a.tools.allow', 'must be an array of patterns (globs such as "git *" or "Bash(npm test)", tool names such as "WebFetch", or "/regex/"), got "git *"'],
    [{ block: [7] }, 'plan.steps.a.tools.block[0]', 'must be a non-empty string (a pattern), got 7'],
    [{ block: [''] }, 'plan.steps.a.tools.block[0]', 'got ""'],
    [{ allow: ['/(unclosed/'] }, 'plan.steps.a.tools.allow[0]', 'is not a valid pattern "/(unclosed/": RE2 cannot parse it: missing closing )'],
    [{ allow: ['/x/g'] }, 'plan.steps.a.tools.allow[0]', 'a /regex/ pattern takes no flag but i, got "g"'],
    [
      { via: 'shell' },
      'plan.steps.a.tools.via',
      'must be "hook" (the agent CLI\'s tool hook enforces the policy) or "exec" (the agent runs every command through agent-step-sequencer exec), got "shell"',
    ],
    ['all', 'plan.steps.a.tools', 'must be an object with any of maxCalls, allow, block, via, onExceed, got "all"'],
  ])('refuses %j, naming the field and the value', (tools, path, message) => {
    const issues = checkPlan(withTools(tools));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(path);
    expect(issues[0]?.message).toContain(message);
  });

  it('the schema refuses the same wrong types', () => {
    for (const tools of [{ maxCalls: '5' }, { allow: 'git *' }, { block: [7] }, { via: 'shell' }]) expect(validateSchema(withTools(tools)), JSON.stringify(tools)).toBe(false);
  });

  it('is bound by the plan hash at both levels; a plan without it keeps its hash', () => {
    const base: Plan = { steps: { a: step() } };
    const before = planHash(base);
    expect(planHash({ steps: { a: step() } })).toBe(before);
    expect(planHash({ ...base, tools: { maxCalls: 5 } })).not.toBe(before);
    expect(planHash({ ...base, tools: { maxCalls: 5 } })).not.toBe(planHash({ ...base, tools: { maxCalls: 6 } }));
    expect(planHash({ steps: { a: step({ tools: { block: ['git push*'] } }) } })).not.toBe(before);
  });

  it('is shown in the proposal: the plan default and the step override, exactly', () => {
    const plan = parsePlan(withTools({ maxCalls: 3, via: 'exec' }, { block: ['git push*', 'WebFetch'] }));
    const rendered = renderProposal(newState(plan, { planId: 'issue-1', now: T0 }), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in rendered)) throw new Error('too large');
    const body = rendered.parts.join('\n');
    expect(body).toContain('**Tool policy for every step**');
    expect(body).toContain(JSON.stringify({ block: ['git push*', 'WebFetch'] }, null, 2));
    expect(body).toContain("**Tool policy for this step** (replaces the plan's fields it sets;");
    expect(body).toContain(JSON.stringify({ maxCalls: 3, via: 'exec' }, null, 2));
  });
});
