// `list`, `audit` and `maintenance` over every plan: the workspace's `.sequencer/*/state.json`
// (file store) or the remote's plan branches (--store git). The decisions are the same pure
// functions the Action uses; only where the facts come from differs.
import { scanFilePlans, pruneFilePlan, type FilePlan } from '../../adapters/fs/file-plans.js';
import { ConsoleLog } from '../../adapters/console-log.js';
import { recordPlanMarkers, tickedPlan, type TickedPlan } from '../../adapters/git/plan-markers.js';
import { report } from './heartbeat.js';
import { listPlanRefs, markPlanIdle, readPlanFacts, type PlanRef } from '../../adapters/git/git-plans.js';
import { attemptInFlight, auditFindings, formatFinding } from '../../core/fleet/audit.js';
import { ConfigError } from '../../core/errors.js';
import { describeAction, maintenancePlan } from '../../core/fleet/maintenance-plan.js';
import { terminalJson } from '../../core/render/terminal-text.js';
import type { FleetFacts } from '../../core/fleet/plan-facts.js';
import type { State } from '../../core/state/types.js';
import { isActiveRef, isWaitingRef, planMatrix } from '../../core/fleet/plan-index.js';
import { stepsDone } from '../../core/state/step-view.js';
import { tick } from '../../engine/index.js';
import type { CliSettings } from '../options.js';
import { workspaceGit } from '../../wiring/workspace-git.js';
import { branchOf, createEngine, fleetBranches, forPlan } from '../plan-settings.js';
import { countOf } from '../../core/render/plural.js';
import { stateFileRel } from '../../wiring/plan-layout.js';
import { maintain, pruneGitPlan, type MaintenanceWork } from '../../wiring/maintenance.js';

type Print = (line: string) => void;

function checkStore(s: CliSettings): void {
  if (s.store === 'cache') throw new ConfigError(`--store cache: ${s.command} works on the file store (the workspace) or the git store (the remote); cache entries cannot be listed from here.`);
}

/** A plan waits on a step delay: nothing to do before `notBefore`. */
function isWaitingState(st: State, now: number): boolean {
  return st.status === 'IN_PROGRESS' && !!st.notBefore && Date.parse(st.notBefore) > now && !attemptInFlight(st);
}

/** A plan needs a tick while it runs (unless it waits on a step delay) or while commands wait in its inbox. */
function activeFilePlans(plans: FilePlan[], now: number): FilePlan[] {
  return plans.filter((p) => p.doc.kind === 'ok' && ((p.doc.state.status === 'IN_PROGRESS' && !isWaitingState(p.doc.state, now)) || p.pendingCommands > 0));
}

/**
 * `check --all`: the scheduled Action's heartbeat for any cron host or CI system. With the git
 * store, ONE listing of the remote's refs decides which plans need a tick (idle and waiting
 * plans are skipped without a fetch); with the file store, the workspace's plans in progress.
 */
export async function checkAllCommand(s: CliSettings): Promise<number> {
  if (s.store === 'cache') throw new ConfigError('--all: works with --store git or file; the cache store has no listing of plans');
  const log = new ConsoleLog({ quiet: s.quiet });
  const now = new Date();
  const planIds =
    s.store === 'git'
      ? (await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix)).filter((r) => isActiveRef(r, now)).map((r) => r.planId)
      : activeFilePlans(await scanFilePlans(s.workspace), now.getTime()).map((p) => p.planId);
  log.info(planIds.length ? `${countOf(planIds.length, 'active plan')}: ${planIds.join(', ')}.` : 'No plans to tick.');
  const ticked: TickedPlan[] = [];
  for (const planId of planIds) {
    const one = forPlan(s, planId);
    const { deps, cfg } = await createEngine(one, 'check');
    const result = await tick(deps, cfg);
    report(result, (m) => deps.log.info(m));
    ticked.push(tickedPlan(branchOf(one), result));
  }
  if (s.store === 'git') await recordPlanMarkers(workspaceGit(s.workspace), s.remote, log, ticked, fleetBranches(s).prefix);
  return 0;
}

export async function listCommand(s: CliSettings, print: Print): Promise<number> {
  checkStore(s);
  if (s.store === 'git') {
    const refs = await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix);
    const now = new Date();
    const active = refs.filter((r) => isActiveRef(r, now)).map((r) => r.planId);
    if (s.json) print(planMatrix(active));
    else for (const r of refs) print(`${r.planId}\t${isActiveRef(r, now) ? 'active' : isWaitingRef(r, now) ? 'waiting' : 'idle'}\t${r.branch}\t${r.sha.slice(0, 12)}`);
    return 0;
  }
  const plans = await scanFilePlans(s.workspace);
  const now = Date.now();
  const waiting = (st: State) => isWaitingState(st, now);
  const active = activeFilePlans(plans, now);
  if (s.json) {
    print(planMatrix(active.map((p) => p.planId)));
    return 0;
  }
  for (const p of plans) {
    if (p.doc.kind !== 'ok') {
      print(`${p.planId}\tINVALID\t${p.stateFile}`);
      continue;
    }
    const st = p.doc.state;
    print(`${p.planId}\t${st.status}\t${stepsDone(st)}/${st.stepQueue.length}\t${st.lastHeartbeatIso ?? p.updatedAt ?? '-'}\t${active.includes(p) ? 'active' : waiting(st) ? 'waiting' : 'idle'}`);
  }
  return 0;
}

async function gather(s: CliSettings): Promise<FleetFacts & { refs: PlanRef[] }> {
  if (s.store === 'git') {
    const refs = await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix);
    return { plans: await readPlanFacts(workspaceGit(s.workspace), s.remote, refs, stateFileRel), refs };
  }
  return { plans: await scanFilePlans(s.workspace), refs: [] };
}

export async function auditCommand(s: CliSettings, print: Print): Promise<number> {
  checkStore(s);
  const facts = await gather(s);
  const findings = auditFindings(facts, { now: new Date(), staleDays: s.staleDays });
  if (s.json) {
    print(terminalJson(findings, 2));
    return 0;
  }
  for (const f of findings) print(formatFinding(f));
  print(`${countOf(facts.plans.length, 'plan')}, ${countOf(findings.length, 'finding')}.`);
  return 0;
}

export async function maintenanceCommand(s: CliSettings, print: Print): Promise<number> {
  checkStore(s);
  const facts = await gather(s);
  const actions = maintenancePlan(facts, { now: new Date(), pruneDays: s.pruneDays, mode: s.pruneMode });
  const work: MaintenanceWork = {
    finalizeCancel: async (planId) => {
      const { deps, cfg } = await createEngine({ ...forPlan(s, planId), quiet: true }, 'maintenance');
      // No inbox and a spent budget: this tick can end the plan but never start an agent.
      const { inbox: _unused, ...noInbox } = deps;
      const r = await tick(noInbox, { ...cfg, deadline: new Date() });
      return { outcome: r.outcome, status: r.state?.status };
    },
    prune: async (a) => {
      if (s.store === 'git') return pruneGitPlan(workspaceGit(s.workspace), s.remote, facts.refs, a);
      const plan = facts.plans.find((p) => p.planId === a.planId);
      const revision = plan?.doc.kind === 'ok' ? plan.doc.state.revision : undefined;
      const outcome = await pruneFilePlan(s.workspace, a.planId, a.mode, revision);
      return outcome === 'pruned' ? null : outcome === 'busy' ? 'a tick holds it' : 'it changed since it was read';
    },
    markIdle: (a) => markPlanIdle(workspaceGit(s.workspace), s.remote, { planId: a.planId, sha: a.sha, idleSha: a.idleSha }),
  };
  const outcomes = await maintain(actions, s.apply, work, (o) => {
    if (s.json) return;
    if (o.result === 'planned') print(describeAction(o, false));
    else print(o.result === 'done' ? describeAction(o, true) : `${o.planId}: ${o.result}: ${o.detail ?? ''}`);
  });
  if (s.json) print(terminalJson(outcomes, 2));
  else print(`${countOf(actions.length, 'action')}${s.apply ? '' : ' (dry run: --apply carries them out)'}.`);
  if (!s.json && s.store === 'git' && actions.some((a) => a.kind === 'prune')) {
    // Only the Action asks GitHub which branches have open pull requests.
    print("Note: the CLI cannot see pull requests; a pull request opened from a pruned work branch closes. The Action's maintenance keeps such plans.");
  }
  return outcomes.some((r) => r.result === 'failed') ? 1 : 0;
}
