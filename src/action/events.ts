// Which tick an event asks for. Pure: from the event name, its payload and the inputs to a
// route value. Cheap rejections happen here, before any API call or git fetch; malformed
// workflow_dispatch inputs throw a ConfigError naming the input.
import { commandLine, isDraftCommand } from '../core/tick/command-line.js';
import { isBot } from '../core/trust/authorize.js';
import { checkCommand, checkPlanFile, checkPlanId, checkStep, type ActionInputs, type DispatchCommand } from './inputs.js';

export type Route =
  | { kind: 'ignore'; reason: string }
  /** schedule: tick every active plan. */
  | { kind: 'tick-active' }
  /** workflow_dispatch: an explicit command on a plan (or on all plans for tick/list/audit). */
  | { kind: 'dispatch'; command: DispatchCommand; planId?: string; planFile?: string; step?: string; actor: string }
  /** issues opened/labeled/edited: propose the plan in the issue (or the plan input). */
  | ({ kind: 'propose'; actor: string; actorType: string } & IssueFacts)
  /**
   * `/draft` on a labelled issue: a writer asks the agent to draft a plan from the request. Handled
   * before any tick, because an issue without a plan has no state whose inbox could read it.
   */
  | ({ kind: 'draft'; comment: DraftComment } & IssueFacts)
  /** issue_comment created on a plan's issue: tick the plan; its inbox reads the comment. */
  | { kind: 'comment'; issueNumber: number; commentId: number };

/** The plan's issue as the payload shows it: its request, and who opened it (the plan's author). */
export interface IssueFacts {
  issueNumber: number;
  title: string;
  body: string;
  author: string;
  /** `User`, `Bot`, … as the payload's `issue.user.type` says. */
  authorType: string;
}

export interface DraftComment {
  id: number;
  /** Who wrote `/draft`. */
  login: string;
  /** `User`, `Bot`, … as the payload's `comment.user.type` says. */
  userType: string;
  /** The comment's `author_association`. */
  association: string;
  body: string;
  createdAt: string;
}

interface Payload {
  action?: string;
  inputs?: Record<string, unknown>;
  issue?: { number?: number; title?: string; body?: string | null; labels?: Array<{ name?: string } | string>; pull_request?: unknown; user?: { login?: string; type?: string } | null };
  label?: { name?: string };
  comment?: { id?: number; body?: string | null; user?: { type?: string; login?: string }; author_association?: string; created_at?: string };
  sender?: { login?: string; type?: string };
  workflow_run?: { conclusion?: string | null; event?: string; id?: number };
}

export function routeEvent(eventName: string, payload: Payload, inputs: ActionInputs): Route {
  switch (eventName) {
    case 'schedule':
      return scheduleRoute(inputs);
    case 'workflow_run':
      return recoveryRoute(payload, inputs);
    case 'workflow_dispatch':
    case 'repository_dispatch':
      return dispatchRoute(payload, inputs);
    case 'issues':
      return issueRoute(payload, inputs);
    case 'issue_comment':
      return commentRoute(payload, inputs);
    default:
      return { kind: 'ignore', reason: `event "${eventName}" is not handled (use schedule, workflow_dispatch, issues, issue_comment or workflow_run)` };
  }
}

function dispatchRoute(payload: Payload, inputs: ActionInputs): Route {
  // Workflow inputs arrive in the payload; the step's `with:` inputs are the fallback.
  const given = (name: string) => {
    const v = payload.inputs?.[name];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  // Payload values get the same checks as inputs: a mistyped command must fail, not run another one.
  const source = 'workflow_dispatch input';
  const fromPayload = <T>(name: string, check: (v: string, source: string) => T): T | undefined => {
    const v = given(name);
    return v === undefined ? undefined : check(v, source);
  };
  const command = fromPayload('command', checkCommand) ?? inputs.command;
  const planId = fromPayload('plan-id', checkPlanId) ?? inputs.planId;
  const planFile = fromPayload('plan', checkPlanFile) ?? inputs.planFile;
  const step = fromPayload('step', checkStep) ?? inputs.step;
  // `tick` for every plan is the heartbeat a schedule runs.
  if (command === 'tick' && !planId) return { kind: 'tick-active' };
  return {
    kind: 'dispatch',
    command,
    actor: payload.sender?.login ?? 'workflow_dispatch',
    ...(planId ? { planId } : {}),
    ...(planFile ? { planFile } : {}),
    ...(step ? { step } : {}),
  };
}

/**
 * A plain heartbeat ticks every active plan; a scheduled step that names a command or a plan in
 * its `with:` inputs does that instead (the list job and the per-plan matrix jobs of a fan-out).
 */
/** The conclusions of a run that may have left an attempt in flight. */
const UNFINISHED_CONCLUSIONS: ReadonlySet<string> = new Set(['failure', 'cancelled', 'timed_out', 'startup_failure']);

/**
 * workflow_run completed: when a tick's run ended failed, cancelled or timed out, this recovery
 * run is a heartbeat at once, instead of waiting for the cron (an attempt its runner left in flight
 * is recovered: GitHub says that run is over). A run that succeeded left nothing, and a recovery
 * run never follows another recovery run, so a run that keeps failing cannot chain them.
 */
function recoveryRoute(payload: Payload, inputs: ActionInputs): Route {
  const run = payload.workflow_run;
  if (payload.action !== 'completed' || !run) return { kind: 'ignore', reason: `workflow_run ${payload.action ?? '(no action)'}: only a completed run can leave work to recover` };
  if (!UNFINISHED_CONCLUSIONS.has(run.conclusion ?? '')) return { kind: 'ignore', reason: `the workflow run ${run.id ?? ''} ended ${run.conclusion ?? 'without a conclusion'}: nothing to recover` };
  if (run.event === 'workflow_run') return { kind: 'ignore', reason: `the workflow run ${run.id ?? ''} was itself a recovery run: the next heartbeat takes over` };
  return scheduleRoute(inputs);
}

function scheduleRoute(inputs: ActionInputs): Route {
  if (inputs.command === 'tick' && !inputs.planId) return { kind: 'tick-active' };
  return {
    kind: 'dispatch',
    command: inputs.command,
    actor: 'schedule',
    ...(inputs.planId ? { planId: inputs.planId } : {}),
    ...(inputs.planFile ? { planFile: inputs.planFile } : {}),
    ...(inputs.step ? { step: inputs.step } : {}),
  };
}

function labelName(label: { name?: string } | string): string {
  return typeof label === 'string' ? label : (label.name ?? '');
}

function issueRoute(payload: Payload, inputs: ActionInputs): Route {
  const issue = payload.issue;
  if (!issue?.number) return { kind: 'ignore', reason: 'issues event without an issue' };
  if (issue.pull_request) return { kind: 'ignore', reason: 'pull requests do not carry plans' };
  const labelled = (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel);
  const action = payload.action ?? '';
  const relevant = (action === 'labeled' && payload.label?.name === inputs.triggerLabel) || ((action === 'opened' || action === 'edited' || action === 'reopened') && labelled);
  if (!relevant) return { kind: 'ignore', reason: `issue #${issue.number} ${action} without the "${inputs.triggerLabel}" label` };
  return { kind: 'propose', ...issueFacts(issue, issue.number), actor: payload.sender?.login ?? '', actorType: payload.sender?.type ?? '' };
}

function issueFacts(issue: NonNullable<Payload['issue']>, issueNumber: number): IssueFacts {
  return { issueNumber, title: issue.title ?? '', body: issue.body ?? '', author: issue.user?.login ?? '', authorType: issue.user?.type ?? '' };
}

/** A comment: a `/draft` on a labelled issue, or a command for its plan's tick. */
function commentRoute(payload: Payload, inputs: ActionInputs): Route {
  const issue = payload.issue;
  const comment = payload.comment;
  if (!issue?.number || !comment?.id) return { kind: 'ignore', reason: 'issue_comment event without an issue or comment' };
  if (payload.action !== 'created') return { kind: 'ignore', reason: `comment ${payload.action ?? 'changed'}: only new comments are commands` };
  if (issue.pull_request) return { kind: 'ignore', reason: 'comment on a pull request' };
  if (isBot({ login: comment.user?.login ?? '', userType: comment.user?.type ?? '' })) return { kind: 'ignore', reason: 'comment by a bot' };
  // The inbox's own rule, so a comment it would not count (indented, quoted, in code) starts nothing.
  if (commandLine(comment.body ?? '') === null) return { kind: 'ignore', reason: 'comment is not a command' };
  if (isDraftCommand(comment.body ?? '')) {
    const labelled = (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel);
    if (!labelled) return { kind: 'ignore', reason: `/draft on issue #${issue.number} without the "${inputs.triggerLabel}" label` };
    return {
      kind: 'draft',
      ...issueFacts(issue, issue.number),
      comment: {
        id: comment.id,
        login: comment.user?.login ?? '',
        userType: comment.user?.type ?? '',
        association: comment.author_association ?? '',
        body: comment.body ?? '',
        createdAt: comment.created_at ?? '',
      },
    };
  }
  return { kind: 'comment', issueNumber: issue.number, commentId: comment.id };
}
