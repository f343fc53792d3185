// Many plans in one repository: the heartbeat over the plan index, and the `list`, `audit` and
// `maintenance` commands. A heartbeat lists refs once and ticks only active plans; audit and
// maintenance are the only paths that fetch idle plans' branches.
import * as core from '@actions/core';
import { listPlanRefs, markPlanIdle, readPlanFacts, type PlanRef } from '../adapters/git/git-plans.js';
import { recordPlanMarkers, tickedPlan } from '../adapters/git/plan-markers.js';
import type { GitHubClient } from '../adapters/github/github-client.js';
import { deleteCacheEntry, listOpenPullRequestHeads, listPlanCaches, listWorkflowStates, type RepoRef } from '../adapters/github/github-fleet.js';
import { writeJobSummary } from '../adapters/toolkit/job-summary.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { auditFindings, findingsMarkdown, formatFinding } from '../core/fleet/audit.js';
import { describeError } from '../core/errors.js';
import { describeAction, maintenancePlan } from '../core/fleet/maintenance-plan.js';
import type { FleetFacts, PlanFacts } from '../core/fleet/plan-facts.js';
import { isActiveRef, isWaitingRef, planMatrix } from '../core/fleet/plan-index.js';
import { StaticInbox } from '../adapters/static-inbox.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { emptyOutputs, type PlanOutputs } from './outputs.js';
import { tickPlan, type PlanTickResult } from './plan-tick.js';
import { REMOTE } from './plan-settings.js';
import { countOf } from '../core/render/plural.js';
import { fleetPrefix, listingPrefix, pullRequestBranch, stateFileRel } from '../wiring/plan-layout.js';
import { maintain, pruneGitPlan, type MaintenanceWork } from '../wiring/maintenance.js';

/**
 * The scheduled heartbeat's work once the index is read: a tick of each active plan. Plans that
 * are idle or waiting on a step delay were left out by the listing (see active-plans.ts), which needs
 * none of the modules loaded here.
 */
export async function tickActivePlans(
  ctx: RunContext,
  inputs: ActionInputs,
  client: GitHubClient,
  log: ToolkitLog,
  deadline: Date,
  active: PlanRef[],
): Promise<{ results: PlanTickResult[]; deferred: string[] }> {
  const results: PlanTickResult[] = [];
  const deferred: string[] = [];
  for (const ref of active) {
    if (Date.now() >= deadline.getTime()) break;
    // A prepare job hands on one attempt: the plans after it are left to runs of their own.
    if (results.some((r) => r.handOff)) {
      deferred.push(ref.planId);
      continue;
    }
    results.push(await tickPlan(ctx, inputs, client, log, { planId: ref.planId, deadline }));
  }
  return { results, deferred };
}

/** Keeps the plan index current after ticks (see adapters/git/plan-markers.ts). */
export async function recordMarkers(ctx: RunContext, inputs: ActionInputs, log: ToolkitLog, results: PlanTickResult[]): Promise<void> {
  // A fixed work branch holds one plan, outside the index.
  const prefix = listingPrefix(inputs.branches);
  if (inputs.stateStore !== 'git' || prefix === null) return;
  await recordPlanMarkers(
    ctx.git,
    REMOTE,
    log,
    results.map(({ result, branch }) => tickedPlan(branch, result)),
    prefix,
  );
}

/** `list`: the active plans as a JSON array of ids for `strategy.matrix`; nothing is fetched. */
export async function listPlans(ctx: RunContext, inputs: ActionInputs, log: ToolkitLog): Promise<PlanOutputs> {
  const refs = await listPlanRefs(ctx.git, REMOTE, fleetPrefix(inputs.branches, 'list'));
  const now = new Date();
  const active = refs.filter((r) => isActiveRef(r, now)).map((r) => r.planId);
  for (const r of refs) log.info(`${isActiveRef(r, now) ? 'active ' : isWaitingRef(r, now) ? 'waiting' : 'idle   '}  ${r.planId}  (${r.branch} ${r.sha.slice(0, 12)})`);
  log.info(`${active.length} active of ${countOf(refs.length, 'plan')}.`);
  return { ...emptyOutputs('OK'), plans: planMatrix(active) };
}

/** Every plan's state (one fetch of their branches), its cache entries, and the workflows' states. */
async function gatherFacts(
  command: 'audit' | 'maintenance',
  ctx: RunContext,
  inputs: ActionInputs,
  client: GitHubClient,
  log: ToolkitLog,
): Promise<{ facts: FleetFacts; refs: PlanRef[]; pullsKnown: boolean }> {
  const refs = await listPlanRefs(ctx.git, REMOTE, fleetPrefix(inputs.branches, command));
  const plans: PlanFacts[] = await readPlanFacts(ctx.git, REMOTE, refs, stateFileRel);
  const repo: RepoRef = { client, owner: ctx.owner, repo: ctx.repo };
  // The API parts are best effort: a token without `actions: read` still gets the git findings.
  const caches = await listPlanCaches(repo).catch((err: unknown) => {
    log.warn(`Could not list cache entries (needs actions: read): ${describeError(err)}`);
    return new Map<string, never[]>();
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
  const { facts } = await gatherFacts('audit', ctx, inputs, client, log);
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

/** `maintenance`: prints what it would do; with `apply: true` does it. Never touches an active plan. */
export async function maintainPlans(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog): Promise<PlanOutputs> {
  const { facts, refs, pullsKnown } = await gatherFacts('maintenance', ctx, inputs, client, log);
  const actions = maintenancePlan(facts, { now: new Date(), pruneDays: inputs.pruneDays, mode: inputs.pruneMode });
  log.info(`Maintenance${inputs.apply ? '' : ' (dry run: set apply to true to carry it out)'}: ${countOf(actions.length, 'action')} for ${countOf(facts.plans.length, 'plan')}.`);
  const repo: RepoRef = { client, owner: ctx.owner, repo: ctx.repo };
  const work: MaintenanceWork = {
    finalizeCancel: async (planId) => {
      // The engine ends it (recording a dead attempt first). No dispatched commands (the plan's
      // issue is still heard) and a spent budget: whatever the state says, this tick cannot start
      // an agent.
      const { result } = await tickPlan(ctx, inputs, client, log, { planId, deadline: new Date(), inbox: new StaticInbox(0, []) });
      return { outcome: result.outcome, status: result.state?.status };
    },
    prune: async (a) => {
      // Without the pull request listing a prune could close a pull request nobody reviewed yet.
      if (!pullsKnown) return 'open pull requests could not be listed (needs pull-requests: read)';
      const leftAlone = await pruneGitPlan(ctx.git, REMOTE, refs, a);
      if (leftAlone === null) for (const id of a.cacheIds) await deleteCacheEntry(repo, id);
      return leftAlone;
    },
    markIdle: (a) => markPlanIdle(ctx.git, REMOTE, { planId: a.planId, sha: a.sha, idleSha: a.idleSha }),
  };
  const outcomes = await maintain(actions, inputs.apply, work, (o) => {
    if (o.result === 'planned') log.info(describeAction(o, false));
    else if (o.result === 'done') log.info(describeAction(o, true));
    else if (o.result === 'skipped') log.info(`${o.planId}: left alone: ${o.detail}`);
    else log.warn(`${o.planId}: ${o.kind} failed: ${o.detail}`);
  });
  return { ...emptyOutputs('OK'), report: JSON.stringify(outcomes) };
}
