// The drafter against real child processes: small node scripts play agents that write a valid
// plan, get it right only on the retry, never get it right, or print the plan instead.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExecAgentRunner } from '../../src/adapters/process/exec-agent.js';
import { MAX_DRAFT_ATTEMPTS, PLAN_SCHEMA_TEXT, draftPlan, jsonFromOutput, planFromRequest, type DraftPlanOptions } from '../../src/adapters/process/plan-drafter.js';
import { ConfigError, PlanError } from '../../src/core/errors.js';
import { planningPrompt } from '../../src/core/plan/planning-prompt.js';
import { createScrubber } from '../../src/core/trust/secrets.js';
import { VALID_PLAN, readPlanningCalls, writePlanningAgent, type PlanningAgent } from '../fixtures/planning-agents.js';

let dir: string;
let ws: string;
let callsFile: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'plan-drafter-')));
  ws = path.join(dir, 'ws');
  callsFile = path.join(dir, 'calls.jsonl');
  await mkdir(ws);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const runner = () => new ExecAgentRunner({ env: process.env, cwd: ws });

async function options(kind: PlanningAgent, extra: Partial<DraftPlanOptions> = {}): Promise<DraftPlanOptions> {
  const agent = await writePlanningAgent(dir, kind);
  return {
    request: 'Research X, then write a paper',
    agent: runner(),
    argv: [process.execPath, agent],
    workspace: ws,
    draftFile: path.join(dir, 'logs', 'plan-draft.json'),
    logFile: path.join(dir, 'logs', 'plan-draft.log'),
    timeoutMs: 20_000,
    schemaText: PLAN_SCHEMA_TEXT,
    graceMs: 200,
    env: { AGENT_CALLS: callsFile },
    ...extra,
  };
}

describe('draftPlan', () => {
  it('takes a valid plan from the file named in SEQUENCER_PLAN_FILE after one run', async () => {
    const o = await options('valid');
    const drafted = await draftPlan(o);
    expect(drafted).toEqual({ plan: VALID_PLAN, attempts: 1, draftFile: o.draftFile });
    const calls = await readPlanningCalls(callsFile);
    expect(calls).toHaveLength(1);
    // The prompt is one argument after the command's own words, and the agent runs in the workspace.
    expect(calls[0]?.args).toEqual([planningPrompt(o.request, PLAN_SCHEMA_TEXT)]);
    expect(calls[0]?.planFile).toBe(o.draftFile);
    expect(calls[0]?.cwd).toBe(ws);
    expect(await readFile(o.logFile, 'utf8')).toContain('plan written');
  });

  it('puts `--` before the prompt of a Claude Code command that ends inside --allowedTools', async () => {
    // The planning agent under Claude Code's name: the name decides what `--` means to it.
    const claude = path.join(dir, 'claude');
    await symlink(await writePlanningAgent(dir, 'valid'), claude);
    const o = await options('valid', { argv: [claude, '-p', '--allowedTools', 'Bash', 'Read'] });
    expect((await draftPlan(o)).plan).toEqual(VALID_PLAN);
    const calls = await readPlanningCalls(callsFile);
    expect(calls[0]?.args).toEqual(['-p', '--allowedTools', 'Bash', 'Read', '--', planningPrompt(o.request, PLAN_SCHEMA_TEXT)]);
  });

  it('retries once with the validator problems when the first draft is invalid', async () => {
    const o = await options('invalid-then-valid');
    const drafted = await draftPlan(o);
    expect(drafted.attempts).toBe(2);
    expect(drafted.plan).toEqual(VALID_PLAN);
    const calls = await readPlanningCalls(callsFile);
    expect(calls).toHaveLength(2);
    const retryPrompt = calls[1]?.args.at(-1) ?? '';
    expect(retryPrompt).toMatch(/^Your previous plan draft was not accepted \(2 problems\):/);
    expect(retryPrompt).toContain('plan.steps.step-1.instruction: must be a non-empty string');
    expect(retryPrompt).toContain('plan.steps.step-1.requiredOutputs[0]');
    expect(retryPrompt).toContain('<<<REQUEST\nResearch X, then write a paper\nREQUEST>>>');
    // Each run has its own log.
    expect(existsSync(o.logFile)).toBe(true);
    expect(existsSync(path.join(dir, 'logs', 'plan-draft-2.log'))).toBe(true);
  });

  it('gives up with a PlanError listing the problems after exactly two invalid drafts', async () => {
    const o = await options('always-invalid');
    const err = await draftPlan(o).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlanError);
    const planError = err as PlanError;
    expect(planError.issues.map((i) => i.path)).toEqual(['plan.steps.step-1.instruction', 'plan.steps.step-1.requiredOutputs[0]']);
    expect(planError.message).toMatch(/^Invalid plan drafted by the agent \(2 attempts; agent output in .*plan-draft\.log, .*plan-draft-2\.log\) \(2 problems\)/);
    expect(await readPlanningCalls(callsFile)).toHaveLength(MAX_DRAFT_ATTEMPTS);
  });

  it('reads the plan from a ```json block in the output when no file was written', async () => {
    const o = await options('stdout-json');
    const drafted = await draftPlan(o);
    expect(drafted).toMatchObject({ plan: VALID_PLAN, attempts: 1 });
    expect(existsSync(o.draftFile)).toBe(false);
  });

  it('reads a printed plan from stdout alone when the runner kept only its head and tail, whatever the agent wrote to stderr meanwhile', async () => {
    const o = await options('stdout-json-noisy', { agent: new ExecAgentRunner({ env: process.env, cwd: ws, headChars: 200, tailChars: 200 }) });
    const drafted = await draftPlan(o);
    expect(drafted).toMatchObject({ plan: VALID_PLAN, attempts: 1 });
    // The log has the warning inside the printed plan.
    expect(await readFile(o.logFile, 'utf8')).toMatch(/\{[^}]*warning: rate limit at 80%/);
  });

  it('takes the plan (and its queue) out of a seed-style state document', async () => {
    const drafted = await draftPlan(await options('state-wrapped'));
    expect(drafted.plan).toEqual({ ...VALID_PLAN, stepQueue: ['step-2', 'step-1'] });
  });

  it('reports a draft that is not JSON with its position, in the retry and in the final error', async () => {
    const err = (await draftPlan(await options('not-json')).catch((e: unknown) => e)) as PlanError;
    expect(err).toBeInstanceOf(PlanError);
    expect(err.issues[0]?.message).toMatch(/^is not valid JSON at line 1, column 1/);
    const calls = await readPlanningCalls(callsFile);
    expect(calls[1]?.args.at(-1)).toContain('is not valid JSON at line 1, column 1');
  });

  it('treats a failed run as a problem for the retry, naming the exit code and the last output', async () => {
    const drafted = await draftPlan(await options('crash-then-valid'));
    expect(drafted.attempts).toBe(2);
    const calls = await readPlanningCalls(callsFile);
    expect(calls[1]?.args.at(-1)).toContain('- agent: exited with code 3 (last output: "rate limited, giving up"); expected exit code 0');
  });

  it('does not let a draft left by an earlier run pass for a run that wrote nothing', async () => {
    const o = await options('valid', { argv: [process.execPath, path.join(dir, 'silent.mjs')] });
    await writeFile(path.join(dir, 'silent.mjs'), 'process.exit(0);\n');
    await mkdir(path.dirname(o.draftFile), { recursive: true });
    await writeFile(o.draftFile, JSON.stringify(VALID_PLAN));
    const err = (await draftPlan(o).catch((e: unknown) => e)) as PlanError;
    expect(err).toBeInstanceOf(PlanError);
    expect(err.issues).toEqual([{ path: 'SEQUENCER_PLAN_FILE', message: expect.stringContaining('no plan was written to') }]);
  });

  it('fails fast with a ConfigError when the agent is not installed, running nothing', async () => {
    const o = await options('valid', { argv: ['no-such-agent-for-tests'], agentSource: '--agent' });
    await expect(draftPlan(o)).rejects.toThrow(/^--agent: "no-such-agent-for-tests" not found on PATH/);
    expect(await readPlanningCalls(callsFile)).toHaveLength(0);
  });
});

describe('PLAN_SCHEMA_TEXT', () => {
  it('is the published schema, bundled', async () => {
    const published: unknown = JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8'));
    expect(JSON.parse(PLAN_SCHEMA_TEXT)).toEqual(published);
  });
});

describe('jsonFromOutput', () => {
  it('prefers the first ```json block, else the outermost braces, else nothing', () => {
    expect(jsonFromOutput('a\n```yaml\nx: 1\n```\n```json\n{"a": 1}\n```\n```json\n{"b": 2}\n```')).toBe('{"a": 1}');
    expect(jsonFromOutput('Sure! {"steps": {"a": {"x": {}}}} Done.')).toBe('{"steps": {"a": {"x": {}}}}');
    expect(jsonFromOutput('no json here } {')).toBeNull();
  });
});

describe('planFromRequest', () => {
  it('turns a single-step request into a one-step plan without running the agent', async () => {
    const agent = await writePlanningAgent(dir, 'valid');
    const result = await planFromRequest({
      request: 'Fix the typo in README.md',
      agentCommand: `'${process.execPath}' '${agent}'`,
      runner: runner(),
      workspace: ws,
      logDir: path.join(dir, 'logs'),
      timeoutMs: 20_000,
    });
    expect(result).toEqual({
      plan: { title: 'Fix the typo in README.md', steps: { 'step-1': { title: 'Fix the typo in README.md', instruction: 'Fix the typo in README.md' } } },
      multiStep: false,
      reasons: [expect.stringContaining('1 action (fix)')],
      attempts: 0,
    });
    expect(await readPlanningCalls(callsFile)).toHaveLength(0);
  });

  it('has the agent draft a multi-step request, with the draft under logDir', async () => {
    const agent = await writePlanningAgent(dir, 'valid');
    const logDir = path.join(dir, 'logs');
    const result = await planFromRequest({
      request: 'Research X, then write a paper',
      agentCommand: `'${process.execPath}' '${agent}'`,
      runner: new ExecAgentRunner({ cwd: ws, env: { ...process.env, AGENT_CALLS: callsFile } }),
      workspace: ws,
      logDir,
      timeoutMs: 20_000,
    });
    expect(result).toEqual({ plan: VALID_PLAN, multiStep: true, reasons: ['sequential language ("then")'], attempts: 1 });
    expect((await readPlanningCalls(callsFile))[0]?.planFile).toBe(path.join(logDir, 'plan-draft.json'));
  });

  it('scrubs known secrets from the drafted plan before it is judged: a secret in a step id makes the draft invalid', async () => {
    const KEY = 'sk-live-0123456789abcdefXYZ';
    const agent = await writePlanningAgent(dir, 'leaks-secret');
    const { scrub } = createScrubber([KEY]);
    const result = await planFromRequest({
      request: 'Research X, then write a paper',
      agentCommand: `'${process.execPath}' '${agent}'`,
      runner: new ExecAgentRunner({ cwd: ws, env: { ...process.env, AGENT_CALLS: callsFile, MY_API_KEY: KEY } }),
      workspace: ws,
      logDir: path.join(dir, 'logs'),
      timeoutMs: 20_000,
      scrub,
    });
    expect(JSON.stringify(result.plan)).not.toContain(KEY);
    expect(JSON.stringify(result.plan)).not.toContain(Buffer.from(KEY).toString('hex'));
    expect(result.plan.steps['step-1']).toMatchObject({ title: 'Research ***', instruction: 'Call the API with *** and summarise' });
    // The first draft named a step after the key: scrubbed to `***`, no valid id, so it was retried.
    expect(result.attempts).toBe(2);
    const retryPrompt = (await readPlanningCalls(callsFile))[1]?.args.at(-1) ?? '';
    expect(retryPrompt).toContain('plan.steps.***');
    expect(retryPrompt).not.toContain(KEY);
  });

  it('needs an agent command only for a multi-step request, and says why', async () => {
    const base = { runner: runner(), workspace: ws, logDir: path.join(dir, 'logs'), timeoutMs: 1000 };
    await expect(planFromRequest({ ...base, request: 'Install node, then run the tests' })).rejects.toThrow(ConfigError);
    await expect(planFromRequest({ ...base, request: 'Install node, then run the tests' })).rejects.toThrow(
      /^STEP_AGENT_CMD: not set; a multi-step request \(sequential language \("then"\); setup \("Install"\)\)/,
    );
    await expect(planFromRequest({ ...base, request: '  ' })).rejects.toThrow(/request: "" is empty/);
  });
});
