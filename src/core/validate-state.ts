// Validates and normalizes a state document (DESIGN §4). A seed `state.json` (no version,
// revision or planId) loads unchanged; missing optional fields get their defaults, and fields we
// do not know are carried through, so a read-modify-write never drops anything.
import { StateError, showValue, type Issue } from './errors.js';
import { ID_PATTERN, add, checkInteger, cloneJson, index, isNonEmptyString, isRecord, key, listSome, timestampProblem } from './field-checks.js';
import { ATTEMPT_OUTCOMES, PLAN_STATUSES, STATE_VERSION, STEP_STATUSES, type State, type StepRun } from './types.js';
import { checkQueue, validatePlan } from './validate-plan.js';

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
    throw new StateError(
      'Invalid state',
      issues,
      newer ? 'Upgrade agent-step-sequencer to a release that knows this state version; the file was left untouched.' : undefined,
    );
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

  const planResult = validatePlan(doc.plan, 'plan', false);
  issues.push(...planResult.issues);
  const steps = isRecord(doc.plan) && isRecord(doc.plan.steps) ? doc.plan.steps : {};
  const stepIds = new Set(Object.keys(steps));

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
    for (const [id, run] of Object.entries(stepRuns)) {
      const normalized = checkStepRun(run, key('stepRuns', id), id, stepIds, issues);
      // Only a run that gained defaults is replaced (defineProperty keeps a "__proto__" id as data);
      // redefining all of them would turn a large stepRuns object into a slow dictionary.
      if (normalized && normalized !== run) Object.defineProperty(stepRuns, id, { value: normalized, enumerable: true, writable: true, configurable: true });
    }
  }

  if (doc.stepDelayMinutes !== undefined) {
    const v = doc.stepDelayMinutes;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) add(issues, 'stepDelayMinutes', `must be a number of minutes >= 0, got ${showValue(v)}`);
  }
  for (const field of ['notBefore', 'lastHeartbeatIso'] as const) checkOptionalTimestamp(issues, field, doc[field]);
  for (const field of ['blockers', 'artifacts'] as const) {
    const v = doc[field];
    if (v === undefined) continue;
    if (!Array.isArray(v)) add(issues, field, `must be an array of strings, got ${showValue(v)}`);
    else v.forEach((item: unknown, i) => typeof item !== 'string' && add(issues, index(field, i), `must be a string, got ${showValue(item)}`));
  }
  checkApproval(issues, doc.approval);
  checkCancel(issues, doc.cancelRequested);
  checkInbox(issues, doc.inbox);
  checkIssueRef(issues, doc.issue);

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

function checkStepRun(run: unknown, path: string, id: string, stepIds: ReadonlySet<string>, issues: Issue[]): StepRun | undefined {
  if (!stepIds.has(id)) add(issues, path, `is a run of unknown step ${showValue(id)}; known steps: ${listSome(stepIds)}`);
  if (!isRecord(run)) {
    add(issues, path, `must be an object with "status" and "tries", got ${showValue(run)}`);
    return undefined;
  }
  if (!(STEP_STATUSES as readonly unknown[]).includes(run.status)) {
    add(issues, key(path, 'status'), `must be one of ${STEP_STATUSES.join(', ')}, got ${showValue(run.status)}`);
  }
  if (run.tries !== undefined) checkInteger(issues, key(path, 'tries'), run.tries, 0);
  checkOptionalTimestamp(issues, key(path, 'lastRunIso'), run.lastRunIso);
  checkOptionalTimestamp(issues, key(path, 'firstStartedAt'), run.firstStartedAt);
  for (const field of ['stdout', 'error'] as const) {
    const v = run[field];
    if (v !== undefined && v !== null && typeof v !== 'string') add(issues, key(path, field), `must be a string or null, got ${showValue(v)}`);
  }
  if (run.attempts !== undefined) {
    const attemptsPath = key(path, 'attempts');
    if (!Array.isArray(run.attempts)) add(issues, attemptsPath, `must be an array of attempt records, got ${showValue(run.attempts)}`);
    else run.attempts.forEach((a: unknown, i) => checkAttempt(issues, index(attemptsPath, i), a));
  }
  return run.tries === undefined ? ({ ...run, tries: 0 } as StepRun) : (run as StepRun);
}

function checkAttempt(issues: Issue[], path: string, attempt: unknown): void {
  if (!isRecord(attempt)) {
    add(issues, path, `must be an attempt record (an object with "n"), got ${showValue(attempt)}`);
    return;
  }
  checkInteger(issues, key(path, 'n'), attempt.n, 1);
  if (attempt.runId !== undefined && typeof attempt.runId !== 'string') add(issues, key(path, 'runId'), `must be a string, got ${showValue(attempt.runId)}`);
  for (const field of ['startedAt', 'endedAt', 'leaseExpiresAt'] as const) checkOptionalTimestamp(issues, key(path, field), attempt[field]);
  const outcome = attempt.outcome;
  if (outcome !== undefined && outcome !== null && !(ATTEMPT_OUTCOMES as readonly unknown[]).includes(outcome)) {
    add(issues, key(path, 'outcome'), `must be one of ${ATTEMPT_OUTCOMES.join(', ')} or null, got ${showValue(outcome)}`);
  }
}

/** Absent and null both mean "not set". */
function checkOptionalTimestamp(issues: Issue[], path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  const problem = timestampProblem(value, false);
  if (problem) add(issues, path, `${problem} or null`);
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
  if (!(typeof approval.planHash === 'string' && HASH_PATTERN.test(approval.planHash))) {
    add(issues, 'approval.planHash', `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(approval.planHash)}`);
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
