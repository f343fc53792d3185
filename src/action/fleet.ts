// Many plans in one repository: the heartbeat over the plan index, and the `list`, `audit` and
// `maintenance` commands. A heartbeat lists refs once and ticks only active plans; audit and
// maintenance are the only paths that fetch idle plans' branches.
import * as core from '@actions/core';
import { listPlanRefs, markPlanIdle, prunePlanRef, readPlanFacts, type PlanRef } from '../adapters/git/git-plans.js';
import { recordPlanMarkers, tickedPlan } from '../adapters/git/plan-markers.js';
import type { GitHubClient } from '../adapters/github/github-client.js';
import { deleteCacheEntry, listOpenPullRequestHeads, listPlanCaches, listWorkflowStates, type RepoRef } from '../adapters/github/github-fleet.js';
import { writeJobSummary } from '../adapters/toolkit/job-summary.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { auditFindings, findingsMarkdown, formatFinding } from '../core/fleet/audit.js';
import { describeError } from '../core/errors.js';
import { describeAction, maintenancePlan, type MaintenanceAction } from '../core/fleet/maintenance-plan.js';
import type { FleetFacts, PlanFacts } from '../core/fleet/plan-facts.js';
import { isActiveRef, isWaitingRef, planMatrix } from '../core/fleet/plan-index.js';
import { StaticInbox } from '../adapters/static-inbox.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { emptyOutputs, type PlanOutputs } from './outputs.js';
import { pullRequestBranch, tickPlan, type PlanTickResult } from './plan-tick.js';
import { countOf } from '../core/render/plural.js';

const REMOTE = 'origin';
const statePathOf = (planId: string) => `.sequencer/${planId}/state.json`;

/**
 * The scheduled heartbeat's work once the index is read: a tick of each active plan. Plans that
 * are idle or waiting on a step delay were left out by the listing (see main.ts), which needs
 * none of the modules loaded here.
 */
export async function tickActivePlans(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog, deadline: Date, active: PlanRef[]): Promise<PlanTickResult[]> {
  const results: PlanTickResult[] = [];
  for (const ref of active) {
    if (Date.now() >= deadline.getTime()) break;
    results.push(await tickPlan(ctx, inputs, client, log, { planId: ref.planId, deadline }));
  }
  return results;
}

/** Keeps the plan index current after ticks (see adapters/git/plan-markers.ts). */
export async function recordMarkers(ctx: RunContext, inputs: ActionInputs, log: ToolkitLog, results: PlanTickResult[]): Promise<void> {
  if (inputs.stateStore !== 'git') return;
  await recordPlanMarkers(ctx.git, REMOTE, log, results.map(({ result, branch }) => tickedPlan(branch, result)));
}

/** `list`: the active plans as a JSON array of ids for `strategy.matrix`; nothing is fetched. */
export async function listPlans(ctx: RunContext, log: ToolkitLog): Promise<PlanOutputs> {
  const refs = await listPlanRefs(ctx.git, REMOTE);
  const now = new Date();
  const active = refs.filter((r) => isActiveRef(r, now)).map((r) => r.planId);
  for (const r of refs) log.info(`${isActiveRef(r, now) ? 'active ' : isWaitingRef(r, now) ? 'waiting' : 'idle   '}  ${r.planId}  (${r.branch} ${r.sha.slice(0, 12)})`);
  log.info(`${active.length} active of ${countOf(refs.length, 'plan')}.`);
  return { ...emptyOutputs('OK'), plans: planMatrix(active) };
}

/** Every plan's state (one fetch of their branches), its cache entries, and the workflows' states. */
async function gatherFacts(ctx: RunContext, client: GitHubClient, log: ToolkitLog): Promise<{ facts: FleetFacts; refs: PlanRef[]; pullsKnown: boolean }> {
  const refs = await listPlanRefs(ctx.git, REMOTE);
  const plans: PlanFacts[] = await readPlanFacts(ctx.git, REMOTE, refs, statePathOf);
  const repo: RepoRef = { client, owner: ctx.owner, repo: ctx.repo };
  // The API parts are best effort: a token without `actions: read` still gets the git findings.
  const caches = await listPlanCaches(repo).catch((err: unknown) => {
    log.warn(`Could not list cache entries (needs actions: read): ${describeError(err)}`);
    return new Map();
  });
  for (const p of plans) {
    const entries = caches.get(p.planId);
    if (entries?.length) p.caches = entries;
  }
  const pulls = await listOpenPullRequestHeads(repo).catch((err: unknown) => {
    log.warn(`Could not list open pull requests (needs pull-requests: read): ${describeError(err)}`);
    return undefined;
  });
  for (const p of plans) {
    const branch = refs.find((r) => r.planId === p.planId)?.branch;
    const open = [...(branch ? (pulls?.get(branch) ?? []) : []), ...(pulls?.get(pullRequestBranch(p.planId)) ?? [])];
    if (open.length) p.openPullRequests = open;
  }
  const workflows = await listWorkflowStates(repo).catch((err: unknown) => {
    log.warn(`Could not read the workflows' states (needs actions: read): ${describeError(err)}`);
    return undefined;
  });
  return { facts: { plans, ...(workflows ? { workflows } : {}) }, refs, pullsKnown: pulls !== undefined };
}

/** `audit`: findings with a severity and a hint, as annotations, a job summary and the `report` output. */
export async function auditPlans(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog): Promise<PlanOutputs> {
  const { facts } = await gatherFacts(ctx, client, log);
  const findings = auditFindings(facts, { now: new Date(), staleDays: inputs.staleDays });
  for (const f of findings) {
    const text = log.scrub(formatFinding(f));
    if (f.severity === 'error') core.error(text, { title: `sequencer audit: ${f.code}` });
    else if (f.severity === 'warning') core.warning(text, { title: `sequencer audit: ${f.code}` });
    else core.notice(text, { title: `sequencer audit: ${f.code}` });
  }
  log.info(`Audit: ${countOf(facts.plans.length, 'plan')}, ${countOf(findings.length, 'finding')}.`);
  await writeJobSummary(log.scrub(findingsMarkdown(findings, facts.plans.length)), (m) => log.warn(m));
  return { ...emptyOutputs('OK'), report: JSON.stringify(findings) };
}

type Outcome = MaintenanceAction & { result: 'planned' | 'done' | 'skipped' | 'failed'; detail?: string };

/** `maintenance`: prints what it would do; with `apply: true` does it. Never touches an active plan. */
export async function maintainPlans(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog): Promise<PlanOutputs> {
  const { facts, refs, pullsKnown } = await gatherFacts(ctx, client, log);
  const actions = maintenancePlan(facts, { now: new Date(), pruneDays: inputs.pruneDays, mode: inputs.pruneMode });
  log.info(`Maintenance${inputs.apply ? '' : ' (dry run: set apply to true to carry it out)'}: ${countOf(actions.length, 'action')} for ${countOf(facts.plans.length, 'plan')}.`);
  const outcomes: Outcome[] = [];
  for (const a of actions) {
    if (!inputs.apply) {
      log.info(describeAction(a, false));
      outcomes.push({ ...a, result: 'planned' });
      continue;
    }
    // Without the pull request listing a prune could close a pull request nobody reviewed yet.
    const outcome = a.kind === 'prune' && !pullsKnown
      ? { ...a, result: 'skipped' as const, detail: 'open pull requests could not be listed (needs pull-requests: read)' }
      : await carryOut(a, ctx, inputs, client, log, refs).catch((err: unknown): Outcome => ({ ...a, result: 'failed', detail: describeError(err) }));
    if (outcome.result === 'done') log.info(describeAction(a, true));
    else if (outcome.result === 'skipped') log.info(`${a.planId}: left alone: ${outcome.detail}`);
    else log.warn(`${a.planId}: ${a.kind} failed: ${outcome.detail}`);
    outcomes.push(outcome);
  }
  return { ...emptyOutputs('OK'), report: JSON.stringify(outcomes) };
}

async function carryOut(a: MaintenanceAction, ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog, refs: PlanRef[]): Promise<Outcome> {
  const ref = refs.find((r) => r.planId === a.planId);
  switch (a.kind) {
    case 'finalize-cancel': {
      // The engine ends it (recording a dead attempt first). No inbox and a spent budget: whatever
      // the state says, this tick cannot start an agent.
      const r = await tickPlan(ctx, inputs, client, log, { planId: a.planId, deadline: new Date(), inbox: new StaticInbox(0, []) });
      const status = r.result.state?.status;
      return status === 'CANCELLED' ? { ...a, result: 'done' } : { ...a, result: 'skipped', detail: `the tick ended ${r.result.outcome} with the plan ${status ?? 'missing'}` };
    }
    case 'prune': {
      if (!ref) return { ...a, result: 'skipped', detail: 'its branch is gone' };
      if ((await prunePlanRef(ctx.git, REMOTE, ref, a.mode)) === 'moved') return { ...a, result: 'skipped', detail: 'it was written to since it was listed' };
      const repo: RepoRef = { client, owner: ctx.owner, repo: ctx.repo };
      for (const id of a.cacheIds) await deleteCacheEntry(repo, id);
      return { ...a, result: 'done' };
    }
    case 'keep':
      return { ...a, result: 'done' };
    case 'mark-idle':
      return (await markPlanIdle(ctx.git, REMOTE, { planId: a.planId, sha: a.sha, idleSha: a.idleSha }))
        ? { ...a, result: 'done' }
        : { ...a, result: 'skipped', detail: 'its marker moved since it was listed' };
  }
}
