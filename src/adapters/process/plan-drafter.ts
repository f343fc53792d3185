// Turns a request into a plan. A request that needs no plan becomes a one-step plan; otherwise the
// agent drafts one (planning prompt, plan written to SEQUENCER_PLAN_FILE) and the validator
// judges it. An invalid draft gets exactly one troubleshooting retry that lists what was wrong;
// a second invalid draft is a PlanError for the caller to report, never a half-valid plan.
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import planSchema from '../../../schema/plan.schema.json' with { type: 'json' };
import { promptCommand } from '../../core/agent-stream/stream-command.js';
import { agentCommandHelp, parseAgentCommand, type AgentSurface } from '../../core/trust/agent-command.js';
import { classifyRequest } from '../../core/plan/classify-request.js';
import { ConfigError, PlanError, showValue, type Issue } from '../../core/errors.js';
import { isRecord } from '../../core/plan/field-checks.js';
import { fencedBlocks } from '../../core/plan/plan-from-issue.js';
import { parsePlanText } from '../../core/plan/plan-text.js';
import { PLAN_FILE_ENV, planningPrompt, planningRetryPrompt, singleStepPlan } from '../../core/plan/planning-prompt.js';
import type { Plan } from '../../core/state/types.js';
import { parsePlan } from '../../core/plan/validate-plan.js';
import { scrubJson } from '../../core/trust/secrets.js';
import type { AgentResult, AgentRunner } from '../../ports.js';

/** The published schema, bundled so the Action and the CLI need no file beside them. */
export const PLAN_SCHEMA_TEXT = JSON.stringify(planSchema, null, 2);
/** The first draft and one troubleshooting retry. */
export const MAX_DRAFT_ATTEMPTS = 2;
const DEFAULT_GRACE_MS = 5_000;

export interface DraftPlanOptions {
  request: string;
  agent: AgentRunner;
  /** The parsed agent command (parseAgentCommand); the prompt is appended as one argument (after `--` when an option would take it, promptCommand). */
  argv: string[];
  workspace: string;
  /** Where the agent is told (SEQUENCER_PLAN_FILE) to write the plan; replaced on every run. */
  draftFile: string;
  /** Log of the first run; the retry logs beside it (`plan-draft-2.log`). */
  logFile: string;
  timeoutMs: number;
  schemaText: string;
  graceMs?: number;
  /** Names the agent command in messages (`--agent`, `STEP_AGENT_CMD`). */
  agentSource?: string;
  env?: Record<string, string>;
  /** Where a person reads the agent's output, named when no draft is usable (default: the log files). */
  outputShownIn?: string;
  /**
   * Takes known secrets out of every string of a draft (keys too) before it is judged: the plan is
   * stored on the work branch and proposed, and approvals bind to its hash, so the plan that is
   * validated, stored, shown and hashed is the one without them (default: nothing is scrubbed).
   */
  scrub?: (text: string) => string;
}

export interface DraftedPlan {
  plan: Plan;
  /** Agent runs it took: 1, or 2 when the retry was needed. */
  attempts: number;
  draftFile: string;
}

export async function draftPlan(o: DraftPlanOptions): Promise<DraftedPlan> {
  const source = o.agentSource ?? 'agent command';
  const [command, ...args] = promptCommand(o.argv);
  if (!command) throw new ConfigError(`${source}: empty; expected an agent command such as "claude -p"`);
  // Resolved before anything runs, so a missing binary is a configuration error, not a bad draft.
  const program = await o.agent.resolve(command);
  if (!program) throw new ConfigError(`${source}: ${showValue(command)} not found on PATH; expected an installed agent command such as "claude -p"`);
  await mkdir(path.dirname(o.draftFile), { recursive: true });

  let problems: Issue[] = [];
  const logs: string[] = [];
  for (let attempt = 1; attempt <= MAX_DRAFT_ATTEMPTS; attempt++) {
    const prompt = attempt === 1 ? planningPrompt(o.request, o.schemaText) : planningRetryPrompt(o.request, o.schemaText, problems);
    const logFile = attemptLogFile(o.logFile, attempt);
    logs.push(logFile);
    // A draft left by an earlier run must not pass for this run's.
    await rm(o.draftFile, { force: true });
    const result = await o.agent.run({
      argv: [program, ...args, prompt],
      cwd: o.workspace,
      env: { ...o.env, [PLAN_FILE_ENV]: o.draftFile, SEQUENCER_WORKSPACE: o.workspace },
      timeoutMs: o.timeoutMs,
      graceMs: o.graceMs ?? DEFAULT_GRACE_MS,
      logFile,
      stdoutFile: { file: stdoutCopyOf(logFile), maxBytes: DRAFT_STDOUT_MAX_BYTES },
      role: 'draft',
    });
    if (result.spawnError) throw new ConfigError(`${source}: ${result.spawnError}`);
    const judged = await judgeDraft(result, o.draftFile, logFile, o.timeoutMs, o.scrub);
    if ('plan' in judged) return { plan: judged.plan, attempts: attempt, draftFile: o.draftFile };
    problems = judged.problems;
  }
  throw new PlanError(problems, `plan drafted by the agent (${MAX_DRAFT_ATTEMPTS} attempts; agent output in ${o.outputShownIn ?? logs.join(', ')})`);
}

export interface PlanFromRequestOptions {
  request: string;
  /** Needed only when the request is multi-step. */
  agentCommand?: string;
  /** Where the agent command came from, for messages (default STEP_AGENT_CMD). */
  agentSource?: string;
  /** Where a person sets it, so a missing one is explained in those words (default `cli`). */
  agentSurface?: AgentSurface;
  runner: AgentRunner;
  workspace: string;
  /** Holds the draft (`plan-draft.json`) and the agent's logs (`plan-draft.log`, `plan-draft-2.log`). */
  logDir: string;
  timeoutMs: number;
  graceMs?: number;
  /** See DraftPlanOptions. */
  outputShownIn?: string;
  /** See DraftPlanOptions; a one-step plan made from the request is scrubbed too. */
  scrub?: (text: string) => string;
}

export interface PlanFromRequest {
  plan: Plan;
  multiStep: boolean;
  reasons: string[];
  /** Agent runs spent drafting: 0 for a single-step request. */
  attempts: number;
}

/** The whole decision for a request: classify, then a one-step plan or an agent-drafted one. */
export async function planFromRequest(o: PlanFromRequestOptions): Promise<PlanFromRequest> {
  if (o.request.trim() === '') throw new ConfigError('request: "" is empty; expected the work to do, e.g. "Summarize README.md into notes/summary.md"');
  const { multiStep, reasons } = classifyRequest(o.request);
  if (!multiStep) {
    const plan = singleStepPlan(o.request);
    return { plan: parsePlan(o.scrub ? scrubJson(plan, o.scrub) : plan, 'single-step plan'), multiStep, reasons, attempts: 0 };
  }

  const source = o.agentSource ?? 'STEP_AGENT_CMD';
  if (o.agentCommand === undefined || o.agentCommand.trim() === '') {
    throw new ConfigError(
      `${source}: not set; a multi-step request (${reasons.join('; ')}) needs an agent to draft the plan: ${agentCommandHelp(o.agentSurface ?? 'cli')}, or write the plan yourself.`,
    );
  }
  const drafted = await draftPlan({
    request: o.request,
    agent: o.runner,
    argv: parseAgentCommand(o.agentCommand, source),
    agentSource: source,
    workspace: o.workspace,
    draftFile: path.join(o.logDir, 'plan-draft.json'),
    logFile: draftLogFile(o.logDir, 1),
    timeoutMs: o.timeoutMs,
    schemaText: PLAN_SCHEMA_TEXT,
    ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}),
    ...(o.outputShownIn !== undefined ? { outputShownIn: o.outputShownIn } : {}),
    ...(o.scrub ? { scrub: o.scrub } : {}),
  });
  return { plan: drafted.plan, multiStep, reasons, attempts: drafted.attempts };
}

/**
 * The JSON in an agent's output, for agents that print the plan instead of writing the file:
 * the first ```json block, else the text from the first "{" to the last "}".
 */
export function jsonFromOutput(output: string): string | null {
  const block = fencedBlocks(output).find((b) => b.info === 'json');
  if (block) return block.content;
  const start = output.indexOf('{');
  const end = output.lastIndexOf('}');
  return start >= 0 && end > start ? output.slice(start, end + 1) : null;
}

type Judged = { plan: Plan } | { problems: Issue[] };

async function judgeDraft(result: AgentResult, draftFile: string, logFile: string, timeoutMs: number, scrub?: (text: string) => string): Promise<Judged> {
  if (result.timedOut) return { problems: [{ path: 'agent', message: `did not finish within ${Math.round(timeoutMs / 1000)} s; expected it to write the plan and exit` }] };
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was ended by ${result.signal ?? 'a signal'}` : `exited with code ${result.exitCode}`;
    const last = lastLine(result.stderr) ?? lastLine(result.stdout);
    return { problems: [{ path: 'agent', message: `${how}${last ? ` (last output: ${showValue(last)})` : ''}; expected exit code 0 after writing the plan` }] };
  }
  let text: string;
  let source: string;
  try {
    text = await readFile(draftFile, 'utf8');
    source = draftFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const found = jsonFromOutput(await fullStdout(result, logFile));
    if (found === null) {
      return { problems: [{ path: PLAN_FILE_ENV, message: `no plan was written to ${draftFile} and the agent printed no JSON object; expected the plan as JSON in that file` }] };
    }
    text = found;
    source = 'the JSON in the agent output';
  }
  try {
    const doc = unwrapState(parsePlanText(text, source));
    return { plan: parsePlan(scrub ? scrubJson(doc, scrub) : doc, source) };
  } catch (err) {
    if (err instanceof PlanError) return { problems: err.issues };
    throw err;
  }
}

/** Agents that know the original step-sequencer's state.json may wrap the plan in one: take it out. */
function unwrapState(doc: unknown): unknown {
  if (!isRecord(doc) || Object.hasOwn(doc, 'steps') || !isRecord(doc.plan)) return doc;
  const plan = doc.plan;
  return Array.isArray(doc.stepQueue) && plan.stepQueue === undefined ? { ...plan, stepQueue: doc.stepQueue } : plan;
}

/**
 * stdout as the runner kept it, or all of it from its copy when the runner kept only its head and
 * tail. Not the log: it holds stderr wherever it came, inside the printed plan too.
 */
async function fullStdout(result: AgentResult, logFile: string): Promise<string> {
  const kept = Buffer.byteLength(result.stdout) + Buffer.byteLength(result.stderr);
  if (kept >= result.outputBytes) return result.stdout;
  return readFile(stdoutCopyOf(logFile), 'utf8').catch(() => result.stdout);
}

/** More than any plan an agent prints: a plan is read from stdout only up to this. */
const DRAFT_STDOUT_MAX_BYTES = 16 * 1024 * 1024;

/** `plan-draft.stdout` beside `plan-draft.log`: the drafting agent's stdout alone. */
function stdoutCopyOf(logFile: string): string {
  return `${logFile.slice(0, logFile.length - path.extname(logFile).length)}.stdout`;
}

function lastLine(text: string): string | undefined {
  return text.trim().split('\n').pop()?.trim() || undefined;
}

/** The log of drafting run `run` (1-based) that planFromRequest keeps in `logDir`. */
export function draftLogFile(logDir: string, run: number): string {
  return attemptLogFile(path.join(logDir, 'plan-draft.log'), run);
}

/** `plan-draft.log` for the first run, `plan-draft-2.log` for the retry. */
function attemptLogFile(logFile: string, attempt: number): string {
  if (attempt === 1) return logFile;
  const ext = path.extname(logFile);
  return `${logFile.slice(0, logFile.length - ext.length)}-${attempt}${ext}`;
}
