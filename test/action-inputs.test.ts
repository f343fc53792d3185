// The `secrets` input: more values to scrub, one per line, never shown back in an error; the
// `sync-base` input; the `state-branch` input: a branch per plan with <plan-id>, a fixed branch
// only for a workflow of one plan.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/core/errors.js';
import { parseInputs } from '../src/action/inputs.js';
import { workBranch } from '../src/wiring/plan-layout.js';

const get = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';

describe('input secrets', () => {
  it('reads one value per line, trimmed, skipping blank lines', () => {
    const inputs = parseInputs(get({ 'github-token': 'tok-123456789', secrets: '  postgres://u:pw@db/x  \n\n  another-secret-value\r\n' }));
    expect(inputs.secrets).toEqual(['postgres://u:pw@db/x', 'another-secret-value']);
    expect(parseInputs(get({ 'github-token': 'tok-123456789' })).secrets).toEqual([]);
  });

  it('refuses a value too short to scrub, naming the line but never the value', () => {
    const run = () => parseInputs(get({ 'github-token': 'tok-123456789', secrets: 'long-enough-value\nhunter2' }));
    expect(run).toThrow(ConfigError);
    expect(run).toThrow("Invalid input 'secrets': line 2 is 7 characters long. Expected one secret value per line, each at least 8 characters");
    try {
      run();
    } catch (err) {
      expect(String(err)).not.toContain('hunter2');
    }
  });
});

describe('input sync-base', () => {
  it('defaults to merge and takes off', () => {
    expect(parseInputs(get({ 'github-token': 'tok-123456789' })).syncBase).toBe('merge');
    expect(parseInputs(get({ 'github-token': 'tok-123456789', 'sync-base': ' off ' })).syncBase).toBe('off');
  });

  it('refuses any other value, naming the input, the value and what is expected', () => {
    const run = () => parseInputs(get({ 'github-token': 'tok-123456789', 'sync-base': 'rebase' }));
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(`Invalid input 'sync-base': "rebase". Expected "merge" or "off".`);
  });
});

describe('input state-branch', () => {
  const branchOf = (raw: Record<string, string>, planId: string) => workBranch(parseInputs(get({ 'github-token': 'tok-123456789', ...raw })).branches, planId);

  it('names each plan its own branch with <plan-id>; the default is sequencer/<plan-id>', () => {
    expect(branchOf({ 'state-branch': 'agents/<plan-id>' }, 'issue-7')).toBe('agents/issue-7');
    expect(branchOf({ 'state-branch': 'agents/<plan-id>' }, 'issue-8')).toBe('agents/issue-8');
    expect(branchOf({ 'state-branch': 'bot/work-<plan-id>' }, 'nightly')).toBe('bot/work-nightly');
    expect(branchOf({}, 'issue-7')).toBe('sequencer/issue-7');
  });

  it('refuses a fixed branch that every plan of the workflow would share, naming the input and the way out', () => {
    const run = () => parseInputs(get({ 'github-token': 'tok-123456789', 'state-branch': 'agent-work' }));
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(
      `Invalid input 'state-branch': "agent-work". Expected a branch name that ends in <plan-id>, e.g. agent-work/<plan-id>, so that each plan gets a branch of its own (a fixed name is for a workflow of one plan, and needs the 'plan-id' input).`,
    );
  });

  it('takes a fixed branch for the one plan the plan-id input names, and refuses it to any other plan', () => {
    const inputs = parseInputs(get({ 'github-token': 'tok-123456789', 'state-branch': 'agent-work', 'plan-id': 'nightly' }));
    expect(workBranch(inputs.branches, 'nightly')).toBe('agent-work');
    expect(() => workBranch(inputs.branches, 'issue-7')).toThrow(ConfigError);
    expect(() => workBranch(inputs.branches, 'issue-7')).toThrow(/^Plan "issue-7" cannot run on the work branch "agent-work": input 'state-branch' names that branch for the plan "nightly" alone/);
  });

  it('refuses a placeholder that is not the end of the name, an empty prefix and names git refuses', () => {
    const bad = (value: string, expected: string) => {
      expect(() => parseInputs(get({ 'github-token': 'tok-123456789', 'state-branch': value }))).toThrow(`Invalid input 'state-branch': "${value}". Expected ${expected}`);
    };
    bad('agents/<plan-id>/work', '<plan-id> once, at the end of the name, e.g. agents/<plan-id>');
    bad('<plan-id>', 'a prefix before <plan-id>, e.g. agents/<plan-id>');
    bad('agents/../<plan-id>', 'a branch name such as agents/<plan-id>');
    bad('-x/<plan-id>', 'a branch name such as agents/<plan-id>');
    bad('sequencer-pr/<plan-id>', 'a prefix other than sequencer-pr/');
  });
});

describe('inputs phase, attempt and agent-result (the isolated layout)', () => {
  const token = { 'github-token': 'tok-123456789' };
  const attempt = JSON.stringify({ v: 1, planId: 'p', stepId: 's', n: 1, attemptId: 'p/s/1', branch: 'sequencer/p', commit: 'a'.repeat(40), runId: '5', runAttempt: 1, retry: false, timeoutMs: 1000 });

  it('defaults to the single-job tick and reads the attempt for agent and apply', () => {
    expect(parseInputs(get(token))).toMatchObject({ phase: 'single', attempt: null, agentResult: '' });
    expect(parseInputs(get({ ...token, phase: 'agent', attempt })).attempt).toMatchObject({ planId: 'p', stepId: 's', n: 1 });
    expect(parseInputs(get({ ...token, phase: 'apply', attempt: '', 'agent-result': 'cancelled' }))).toMatchObject({ attempt: null, agentResult: 'cancelled' });
  });

  it.each<[string, Record<string, string>, string]>([
    ['an unknown phase', { phase: 'run' }, `Invalid input 'phase': "run". Expected "single", "prepare", "agent" or "apply".`],
    ['an agent job without an attempt', { phase: 'agent' }, "Input 'attempt' is empty with phase 'agent'"],
    ['an attempt for a prepare job', { phase: 'prepare', attempt }, "Invalid input 'attempt'"],
    ['a broken attempt', { phase: 'apply', attempt: '{"v":1}' }, `Invalid input 'attempt': field "planId" is undefined`],
    ['an agent result that is not one', { phase: 'apply', 'agent-result': 'passed' }, `Invalid input 'agent-result': "passed". Expected success, failure, cancelled or skipped`],
    [
      'the cache store in the isolated layout',
      { phase: 'prepare', 'state-store': 'cache' },
      `Invalid input 'state-store': "cache". Expected "git" with phase 'prepare': in the isolated layout the agent job can write cache entries`,
    ],
  ])('refuses %s, naming the input and what is expected', (_name, inputs, message) => {
    expect(() => parseInputs(get({ ...token, ...inputs }))).toThrow(message);
  });
});
