// Validates and normalizes a state document (README, "State format"). A `state.json` of the
// original step-sequencer (no version, revision or planId) loads unchanged; missing optional fields
// get their defaults, and fields we do not know are carried through, so a read-modify-write never
// drops anything.
import { StateError, showValue, type Issue } from '../errors.js';
import { ID_PATTERN, add, checkInteger, cloneJson, index, isIntegerIn, isNonEmptyString, isRecord, key, listSome, timestampProblem } from '../plan/field-checks.js';
import { ATTEMPT_OUTCOMES, PLAN_STATUSES, STATE_VERSION, STEP_STATUSES, type State, type StepRun } from './types.js';
import { checkQueue, validatePlan } from '../plan/validate-plan.js';
import { checkBudget } from '../plan/validate-budget.js';
import { checkBudgetBlock, checkBudgetRaises, checkUsageRecord } from './validate-usage.js';

const HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;

export interface StateValidation {
  /** The normalized state; present only when there are no issues. */
  state?: State;
  issues: Issue[];
}

export function checkState(input: unknown): Issue[] {
  return validateState(input).issues;
}

/**
 * The normalized state, or a StateError listing every problem. Never mutates `input`, unless
 * `owned` says the caller just parsed it and hands it over (saves a deep copy of a large plan).
 */
export function parseState(input: unknown, opts: { owned?: boolean } = {}): State {
  const { state, issues } = validateState(input, !opts.owned);
  if (!state || issues.length > 0) {
    const newer = issues.some((i) => i.path === 'version' && i.message.includes('newer'));
    throw new StateError('Invalid state', issues, newer ? 'Upgrade agent-step-sequencer to a release that knows this state version; the file was left untouched.' : undefined);
  }
  return state;
}

export function validateState(input: unknown, copy = true): StateValidation {
  const issues: Issue[] = [];
  if (!isRecord(input)) {
    add(issues, 'state', `must be an object with "plan", "stepQueue", "currentStep", "stepRuns" and "status", got ${showValue(input)}`);
    return { issues };
  }
  const doc = copy ? cloneJson(input) : input;

  if (doc.version !== undefined && checkInteger(issues, 'version', doc.version, 1) && (doc.version as number) > STATE_VERSION) {
    add(issues, 'version', `is ${doc.version as number}, newer than this sequencer understands (${STATE_VERSION}); upgrade agent-step-sequencer to read it`);
  }
  if (doc.planId !== undefined && !(typeof doc.planId === 'string' && ID_PATTERN.test(doc.planId))) {
    add(issues, 'planId', `must be 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit, got ${showValue(doc.planId)}`);
  }
  if (doc.revision !== undefined) checkInteger(issues, 'revision', doc.revision, 0);
  if (!(PLAN_STATUSES as readonly unknown[]).includes(doc.status)) {
    add(issues, 'status', `must be one of ${PLAN_STATUSES.join(', ')}, got ${showValue(doc.status)}`);
  }

  const planResult = validatePlan(doc.plan, 'plan', false, { finished: doc.status === 'DONE' || doc.status === 'CANCELLED' });
  issues.push(...planResult.issues);
  const stepIds = planResult.stepIds;

  if (doc.planHash !== undefined && !(typeof doc.planHash === 'string' && HASH_PATTERN.test(doc.planHash))) {
    add(issues, 'planHash', `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(doc.planHash)}`);
  }
  const queueOk = checkQueue(issues, 'stepQueue', doc.stepQueue, stepIds, true);
  if (queueOk) checkInteger(issues, 'currentStep', doc.currentStep, 0, (doc.stepQueue as string[]).length);
  else if (!(typeof doc.currentStep === 'number' && Number.isInteger(doc.currentStep) && doc.currentStep >= 0)) {
    add(issues, 'currentStep', `must be an integer index into stepQueue, got ${showValue(doc.currentStep)}`);
  }

  const stepRuns = doc.stepRuns === undefined ? {} : doc.stepRuns;
  if (!isRecord(stepRuns)) add(issues, 'stepRuns', `must be an object mapping step ids to their runs, got ${showValue(stepRuns)}`);
  else {
    for (const id of Object.keys(stepRuns)) {
      const run = stepRuns[id];
      const normalized = checkStepRun(run, id, stepIds, issues);
      // Only a run that gained defaults is replaced (defineProperty keeps a "__proto__" id as data);
      // redefining all of them would turn a large stepRuns object into a slow dictionary.
      if (normalized && normalized !== run) Object.defineProperty(stepRuns, id, { value: normalized, enumerable: true, writable: true, configurable: true });
    }
  }

  if (doc.stepDelayMinutes !== undefined) {
    const v = doc.stepDelayMinutes;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) add(issues, 'stepDelayMinutes', `must be a number of minutes >= 0, got ${showValue(v)}`);
  }
  for (const field of ['notBefore', 'lastHeartbeatIso'] as const) {
    const problem = optionalTimestampProblem(doc[field]);
    if (problem) add(issues, field, problem);
  }
  for (const field of ['blockers', 'artifacts'] as const) {
    const v = doc[field];
    if (v === undefined) continue;
    if (!Array.isArray(v)) add(issues, field, `must be an array of strings, got ${showValue(v)}`);
    else v.forEach((item: unknown, i) => typeof item !== 'string' && add(issues, index(field, i), `must be a string, got ${showValue(item)}`));
  }
  checkRecentCommands(issues, doc.recentCommands);
  checkApproval(issues, doc.approval);
  checkGate(issues, doc.gate, stepIds);
  checkCancel(issues, doc.cancelRequested);
  // Handed to the agent as SEQUENCER_REQUESTER: a name on one line, never a document.
  if (doc.requestedBy !== undefined && doc.requestedBy !== null && !(typeof doc.requestedBy === 'string' && /^[^\u0000-\u001f\u007f]{1,100}$/.test(doc.requestedBy))) {
    add(issues, 'requestedBy', `must be the login or user name of whoever asked for the plan (one line, at most 100 characters) or null, got ${showValue(doc.requestedBy)}`);
  }
  checkInbox(issues, doc.inbox);
  checkIssueRef(issues, doc.issue);
  if (doc.budgetRaises !== undefined) checkBudgetRaises(issues, 'budgetRaises', doc.budgetRaises, stepIds);
  if (doc.budgetBlock !== undefined && doc.budgetBlock !== null) checkBudgetBlock(issues, 'budgetBlock', doc.budgetBlock, stepIds);
  if (doc.defaultBudget !== undefined && doc.defaultBudget !== null) checkBudget(issues, 'defaultBudget', doc.defaultBudget, true);

  if (issues.length > 0 || !planResult.plan) return { issues };
  const state: State = {
    ...(doc as State),
    revision: (doc.revision as number | undefined) ?? 0,
    plan: planResult.plan,
    stepRuns: stepRuns as Record<string, StepRun>,
    blockers: (doc.blockers as string[] | undefined) ?? [],
    artifacts: (doc.artifacts as string[] | undefined) ?? [],
  };
  return { state, issues };
}

const RUN_TIME_FIELDS = ['lastRunIso', 'firstStartedAt'] as const;
const ATTEMPT_TIME_FIELDS = ['startedAt', 'endedAt', 'leaseExpiresAt'] as const;
const STEP_STATUS_SET: ReadonlySet<unknown> = new Set(STEP_STATUSES);

function runPath(id: string, field?: string): string {
  return field === undefined ? key('stepRuns', id) : key(key('stepRuns', id), field);
}

// Called once per run of plans with up to 10,000 steps on every load, so paths for messages are
// built only when there is something to report.
function checkStepRun(run: unknown, id: string, stepIds: ReadonlySet<string>, issues: Issue[]): StepRun | undefined {
  if (!stepIds.has(id)) add(issues, runPath(id), `is a run of unknown step ${showValue(id)}; known steps: ${listSome(stepIds)}`);
  if (!isRecord(run)) {
    add(issues, runPath(id), `must be an object with "status" and "tries", got ${showValue(run)}`);
    return undefined;
  }
  if (!STEP_STATUS_SET.has(run.status)) add(issues, runPath(id, 'status'), `must be one of ${STEP_STATUSES.join(', ')}, got ${showValue(run.status)}`);
  if (run.tries !== undefined && !isIntegerIn(run.tries, 0)) checkInteger(issues, runPath(id, 'tries'), run.tries, 0);
  if (run.round !== undefined && !isIntegerIn(run.round, 1)) checkInteger(issues, runPath(id, 'round'), run.round, 1);
  for (const field of RUN_TIME_FIELDS) {
    const problem = optionalTimestampProblem(run[field]);
    if (problem) add(issues, runPath(id, field), problem);
  }
  if (!isOptionalText(run.stdout)) add(issues, runPath(id, 'stdout'), `must be a string or null, got ${showValue(run.stdout)}`);
  if (!isOptionalText(run.stderr)) add(issues, runPath(id, 'stderr'), `must be a string or null, got ${showValue(run.stderr)}`);
  if (!isOptionalText(run.error)) add(issues, runPath(id, 'error'), `must be a string or null, got ${showValue(run.error)}`);
  if (run.gatePassed !== undefined && run.gatePassed !== null) checkGatePassed(issues, runPath(id, 'gatePassed'), run.gatePassed);
  if (run.maintainerNote !== undefined && run.maintainerNote !== null) checkNote(issues, runPath(id, 'maintainerNote'), run.maintainerNote);
  if (run.attempts !== undefined) {
    if (!Array.isArray(run.attempts)) add(issues, runPath(id, 'attempts'), `must be an array of attempt records, got ${showValue(run.attempts)}`);
    else for (let i = 0; i < run.attempts.length; i++) checkAttempt(issues, id, i, run.attempts[i]);
  }
  return run.tries === undefined ? ({ ...run, tries: 0 } as StepRun) : (run as StepRun);
}

/** A /retry or /resume note: who, what, and the attempt whose prompt gets it. */
function checkNote(issues: Issue[], path: string, note: unknown): void {
  if (!isRecord(note) || typeof note.by !== 'string' || typeof note.text !== 'string' || !isIntegerIn(note.forAttempt, 1)) {
    add(issues, path, `must be null or an object with "by" and "text" (strings) and "forAttempt" (an attempt number), got ${showValue(note)}`);
  }
}

function isOptionalText(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

function attemptPath(id: string, i: number, field?: string): string {
  const at = index(runPath(id, 'attempts'), i);
  return field === undefined ? at : key(at, field);
}

function checkAttempt(issues: Issue[], id: string, i: number, attempt: unknown): void {
  if (!isRecord(attempt)) {
    add(issues, attemptPath(id, i), `must be an attempt record (an object with "n"), got ${showValue(attempt)}`);
    return;
  }
  if (!isIntegerIn(attempt.n, 1)) checkInteger(issues, attemptPath(id, i, 'n'), attempt.n, 1);
  if (attempt.round !== undefined && !isIntegerIn(attempt.round, 1)) checkInteger(issues, attemptPath(id, i, 'round'), attempt.round, 1);
  if (attempt.runId !== undefined && typeof attempt.runId !== 'string') add(issues, attemptPath(id, i, 'runId'), `must be a string, got ${showValue(attempt.runId)}`);
  for (const field of ATTEMPT_TIME_FIELDS) {
    const problem = optionalTimestampProblem(attempt[field]);
    if (problem) add(issues, attemptPath(id, i, field), problem);
  }
  const outcome = attempt.outcome;
  if (outcome !== undefined && outcome !== null && !(ATTEMPT_OUTCOMES as readonly unknown[]).includes(outcome)) {
    add(issues, attemptPath(id, i, 'outcome'), `must be one of ${ATTEMPT_OUTCOMES.join(', ')} or null, got ${showValue(outcome)}`);
  }
  if (attempt.toolCalls !== undefined) checkToolCalls(issues, attemptPath(id, i, 'toolCalls'), attempt.toolCalls);
  if (attempt.usage !== undefined) checkUsageRecord(issues, attemptPath(id, i, 'usage'), attempt.usage);
  if (attempt.wallMs !== undefined && !isIntegerIn(attempt.wallMs, 0)) add(issues, attemptPath(id, i, 'wallMs'), `must be a whole number of milliseconds >= 0, got ${showValue(attempt.wallMs)}`);
}

/** `{ calls, denied }` from the attempt's command log: whole numbers, denied never more than calls. */
function checkToolCalls(issues: Issue[], path: string, value: unknown): void {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with "calls" and "denied" (whole numbers), got ${showValue(value)}`);
    return;
  }
  const callsOk = checkInteger(issues, key(path, 'calls'), value.calls, 0);
  const deniedOk = checkInteger(issues, key(path, 'denied'), value.denied, 0);
  if (callsOk && deniedOk && (value.denied as number) > (value.calls as number)) {
    add(issues, key(path, 'denied'), `must not exceed calls (${showValue(value.calls)}), got ${showValue(value.denied)}`);
  }
}

/** Why `value` is not a state timestamp; absent and null both mean "not set", so they pass. */
function optionalTimestampProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const problem = timestampProblem(value, false);
  return problem && `${problem} or null`;
}

/** What the status comment lists: an array of { at, by, command, outcome } strings. */
function checkRecentCommands(issues: Issue[], value: unknown): void {
  if (value === undefined || value === null) return;
  const ok = Array.isArray(value) && value.every((e) => isRecord(e) && ['at', 'by', 'command', 'outcome'].every((k) => typeof e[k] === 'string'));
  if (!ok) add(issues, 'recentCommands', `must be an array of { at, by, command, outcome } strings, got ${showValue(value)}`);
}

function checkApproval(issues: Issue[], approval: unknown): void {
  if (approval === undefined || approval === null) return;
  if (!isRecord(approval)) {
    add(issues, 'approval', `must be null or an object with "by", "at" and "planHash", got ${showValue(approval)}`);
    return;
  }
  if (!isNonEmptyString(approval.by)) add(issues, 'approval.by', `must be the approver's login, got ${showValue(approval.by)}`);
  const atProblem = timestampProblem(approval.at, false);
  if (atProblem) add(issues, 'approval.at', atProblem);
  checkHash(issues, 'approval.planHash', approval.planHash);
}

// A gate record decides whether a step may start, so a malformed one is refused rather than
// read as "no gate" or "gate passed".
function checkGate(issues: Issue[], gate: unknown, stepIds: ReadonlySet<string>): void {
  if (gate === undefined || gate === null) return;
  if (!isRecord(gate)) {
    add(issues, 'gate', `must be null or an object with "stepId", "planHash" and "at", got ${showValue(gate)}`);
    return;
  }
  if (!(typeof gate.stepId === 'string' && stepIds.has(gate.stepId))) {
    add(issues, 'gate.stepId', `must name a step of the plan, got unknown step ${showValue(gate.stepId)}; known steps: ${listSome(stepIds)}`);
  }
  checkHash(issues, 'gate.planHash', gate.planHash);
  const atProblem = timestampProblem(gate.at, false);
  if (atProblem) add(issues, 'gate.at', atProblem);
  if (gate.reason !== undefined && typeof gate.reason !== 'string') add(issues, 'gate.reason', `must be a string, got ${showValue(gate.reason)}`);
}

function checkGatePassed(issues: Issue[], path: string, passed: unknown): void {
  if (!isRecord(passed)) {
    add(issues, path, `must be null or an object with "by", "at" and "planHash", got ${showValue(passed)}`);
    return;
  }
  if (!isNonEmptyString(passed.by)) add(issues, key(path, 'by'), `must be the approver's login, got ${showValue(passed.by)}`);
  const atProblem = timestampProblem(passed.at, false);
  if (atProblem) add(issues, key(path, 'at'), atProblem);
  checkHash(issues, key(path, 'planHash'), passed.planHash);
}

function checkHash(issues: Issue[], path: string, value: unknown): void {
  if (!(typeof value === 'string' && HASH_PATTERN.test(value))) {
    add(issues, path, `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(value)}`);
  }
}

function checkCancel(issues: Issue[], cancel: unknown): void {
  if (cancel === undefined || cancel === null) return;
  if (!isRecord(cancel)) {
    add(issues, 'cancelRequested', `must be null or an object with "by" and "at", got ${showValue(cancel)}`);
    return;
  }
  if (!isNonEmptyString(cancel.by)) add(issues, 'cancelRequested.by', `must be who asked to cancel, got ${showValue(cancel.by)}`);
  const atProblem = timestampProblem(cancel.at, false);
  if (atProblem) add(issues, 'cancelRequested.at', atProblem);
}

function checkInbox(issues: Issue[], inbox: unknown): void {
  if (inbox === undefined) return;
  if (!isRecord(inbox)) add(issues, 'inbox', `must be an object with "lastCommentId", got ${showValue(inbox)}`);
  else if (inbox.lastCommentId !== undefined) checkInteger(issues, 'inbox.lastCommentId', inbox.lastCommentId, 0);
}

function checkIssueRef(issues: Issue[], issue: unknown): void {
  if (issue === undefined || issue === null) return;
  if (!isRecord(issue)) add(issues, 'issue', `must be null or an object with "number", got ${showValue(issue)}`);
  else {
    checkInteger(issues, 'issue.number', issue.number, 1);
    const id = issue.statusCommentId;
    if (id !== undefined && id !== null) checkInteger(issues, 'issue.statusCommentId', id, 1);
  }
}
