import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { PLAN_FILE_ENV, TITLE_MAX_CHARS, planningPrompt, planningRetryPrompt, shortTitle, singleStepPlan } from '../../src/core/plan/planning-prompt.js';
import { checkPlan } from '../../src/core/plan/validate-plan.js';

const SCHEMA = '{"$id": "plan.schema.json", "required": ["steps"]}';

describe('planningPrompt', () => {
  const prompt = planningPrompt('  Research X, then write a report  ', SCHEMA);

  it('asks for only JSON in the file named by SEQUENCER_PLAN_FILE, matching the schema', () => {
    expect(PLAN_FILE_ENV).toBe('SEQUENCER_PLAN_FILE');
    expect(prompt).toContain('write ONLY that JSON (no prose, no Markdown fences) to the file named in the environment variable SEQUENCER_PLAN_FILE');
    expect(prompt).toContain('JSON Schema');
    expect(prompt.endsWith(SCHEMA)).toBe(true);
  });

  it('asks for concise steps, relative requiredOutputs for deliverables, and no questions', () => {
    expect(prompt).toMatch(/concise/);
    expect(prompt).toMatch(/"requiredOutputs", relative to the workspace/);
    expect(prompt).toMatch(/do not ask questions/);
    expect(prompt).toMatch(/do not carry out any of the work/);
  });

  it('quotes the request, trimmed, between markers', () => {
    expect(prompt).toContain('<<<REQUEST\nResearch X, then write a report\nREQUEST>>>');
  });
});

describe('planningRetryPrompt', () => {
  it('lists every problem first, then repeats the full planning prompt', () => {
    const problems = [
      { path: 'plan.steps.step-1.instruction', message: 'must be a non-empty string' },
      { path: 'agent', message: 'exited with code 3' },
    ];
    const retry = planningRetryPrompt('Do X then Y', SCHEMA, problems);
    expect(retry.startsWith('Your previous plan draft was not accepted (2 problems):\n- plan.steps.step-1.instruction: must be a non-empty string\n- agent: exited with code 3\n')).toBe(true);
    expect(retry).toContain('troubleshoot');
    expect(retry.endsWith(planningPrompt('Do X then Y', SCHEMA))).toBe(true);
  });

  it('still reads well with no details', () => {
    expect(planningRetryPrompt('r', SCHEMA, [])).toContain('(0 problems):\n- (no details were reported)');
  });
});

describe('singleStepPlan', () => {
  it('makes a valid one-step plan whose instruction is the request', () => {
    const plan = singleStepPlan('  Fix the typo in README.md\n');
    expect(plan).toEqual({ title: 'Fix the typo in README.md', steps: { 'step-1': { title: 'Fix the typo in README.md', instruction: 'Fix the typo in README.md' } } });
    expect(checkPlan(plan)).toEqual([]);
  });

  it('titles a long request with its first ~60 characters, cut at a word', () => {
    const request = 'Summarize the quarterly report for the board and highlight every risk the auditors raised\nDetails follow.';
    const plan = singleStepPlan(request);
    expect(plan.title).toBe('Summarize the quarterly report for the board and...');
    expect(plan.steps['step-1']?.instruction).toBe(request);
  });

  it('refuses an empty request', () => {
    expect(() => singleStepPlan(' \n ')).toThrow(ConfigError);
  });
});

describe('shortTitle', () => {
  it('keeps short first lines, cuts long ones within the limit, and cuts text without spaces mid-word', () => {
    expect(shortTitle('Write a haiku\nabout autumn')).toBe('Write a haiku');
    const long = shortTitle('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(long.endsWith('word...')).toBe(true);
    const zh = shortTitle('研'.repeat(100));
    expect(Array.from(zh)).toHaveLength(TITLE_MAX_CHARS);
  });
});
