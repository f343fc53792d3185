// An issue asks for work: take the plan (the `plan` input, or a fenced JSON/YAML block in the
// issue body), store it as AWAITING_APPROVAL on the plan's work branch and post the proposal.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitHubClient } from '../adapters/github/github-client.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { ConfigError, PlanError, describeError } from '../core/errors.js';
import { newState } from '../core/plan/new-state.js';
import { planFromIssueBody } from '../core/plan/plan-from-issue.js';
import { extractPlan, loadPlanText, type ExtractedPlan } from '../core/plan/plan-text.js';
import { replan, type StepChange } from '../core/plan/replan.js';
import type { State } from '../core/state/types.js';
import { issuePlanId } from './events.js';
import type { ActionInputs } from './inputs.js';
import { createNotifier, createPlanStore, planBranch } from './plan-tick.js';
import { outputLinks } from '../adapters/git/git-links.js';
import { ExecAgentRunner } from '../adapters/process/exec-agent.js';
import { planFromRequest } from '../adapters/process/plan-drafter.js';
import { agentEnvironment, type RunContext } from './context.js';
import { effectiveQueue } from '../core/plan/plan-queue.js';

export interface ProposeResult {
  state: State | null;
  branch: string;
  /** Why nothing was proposed (no plan found, plan invalid). */
  problem?: string;
}

export async function readPlanInput(workspace: string, file: string): Promise<ExtractedPlan> {
  const full = path.resolve(workspace, file);
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (err) {
    throw new ConfigError(`Input 'plan': cannot read "${file}" in the repository (${describeError(err)}).`);
  }
  return loadPlanText(text, file);
}

async function planForIssue(ctx: RunContext, inputs: ActionInputs, body: string): Promise<ExtractedPlan | { problem: string }> {
  const fromBody = planFromIssueBody(body);
  if (fromBody.found && 'error' in fromBody) return { problem: fromBody.error };
  if (fromBody.found && 'doc' in fromBody) {
    try {
      return extractPlan(fromBody.doc, 'the plan block in the issue');
    } catch (err) {
      return { problem: err instanceof PlanError ? err.message : describeError(err) };
    }
  }
  if (inputs.planFile) return readPlanInput(ctx.workspace, inputs.planFile);
  return planFromIssueRequest(ctx, inputs, body);
}

/**
 * No plan given: the issue text is the request. A single-step request becomes a one-step plan;
 * a multi-step one is drafted by the agent (validated, with one troubleshooting retry) and
 * proposed like any other plan, so nothing runs before a person approves it.
 */
async function planFromIssueRequest(ctx: RunContext, inputs: ActionInputs, body: string): Promise<ExtractedPlan | { problem: string }> {
  const request = body.trim();
  if (!request) return { problem: 'No plan found: the issue is empty. Describe the work, or add a fenced ```json or ```yaml block with "steps".' };
  try {
    const drafted = await planFromRequest({
      request,
      ...(inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {}),
      agentSource: "input 'agent-command'",
      runner: new ExecAgentRunner({ cwd: ctx.workspace, env: agentEnvironment(process.env, inputs.passTokenToAgent ? inputs.token : null, inputs.passTokenToAgent ? [] : [inputs.token]) }),
      workspace: ctx.workspace,
      logDir: path.join(ctx.runnerTemp, 'sequencer-planning'),
      timeoutMs: inputs.attemptTimeoutMinutes * 60_000,
    });
    return { plan: drafted.plan };
  } catch (err) {
    if (err instanceof PlanError || err instanceof ConfigError) return { problem: `Could not draft a plan from this issue: ${err.message}` };
    throw err;
  }
}

export async function proposeFromIssue(
  ctx: RunContext,
  inputs: ActionInputs,
  client: GitHubClient,
  log: ToolkitLog,
  issue: { issueNumber: number; title: string; body: string },
): Promise<ProposeResult> {
  const planId = issuePlanId(issue.issueNumber);
  const store = createPlanStore(ctx, inputs, planId, log);
  const notifier = createNotifier(ctx, inputs, client, planId, log, (paths) => outputLinks(ctx.workspace, `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`, paths));
  const found = await planForIssue(ctx, inputs, issue.body);
  if ('problem' in found) {
    log.warn(found.problem);
    await notifier?.postProblem(found.problem);
    return { state: null, branch: planBranch(inputs, planId), problem: found.problem };
  }
  if (!found.plan.title && issue.title) found.plan.title = issue.title;

  await store.acquire();
  const loaded = await store.load();
  const now = new Date();
  let next: State;
  let changes: StepChange[] = [];
  if (loaded.kind === 'missing') {
    next = {
      ...newState(found.plan, { planId, now, stepDelayMinutes: found.stepDelayMinutes ?? inputs.stepDelayMinutes, ...(found.stepQueue ? { stepQueue: found.stepQueue } : {}) }),
      issue: { number: issue.issueNumber, statusCommentId: null },
      proposal: { at: now.toISOString() },
    };
  } else {
    const queue = effectiveQueue(found.plan, found.stepQueue);
    const candidate = replan(loaded.state, found.plan, queue, now);
    if (candidate.state.planHash === loaded.state.planHash) {
      log.info(`Plan ${planId} is unchanged (${loaded.state.planHash}); nothing to propose.`);
      // A run that stored the proposal but failed before posting it must not leave it unposted
      // forever; the comment is found by its marker, so this never posts it twice.
      if (loaded.state.status === 'AWAITING_APPROVAL') await notifier?.proposePlan(loaded.state);
      return { state: loaded.state, branch: planBranch(inputs, planId) };
    }
    next = candidate.state;
    changes = candidate.changes;
    log.info(`Plan ${planId} changed: ${candidate.changes.filter((c) => c.change !== 'unchanged').map((c) => `${c.stepId} ${c.change}`).join(', ')}`);
  }
  const written = await store.write(next, { kind: 'update', message: `plan proposed (${next.planHash})` });
  await notifier?.proposePlan(written, changes);
  return { state: written, branch: planBranch(inputs, planId) };
}
