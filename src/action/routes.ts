// Everything a run does beyond the heartbeat's look at the fleet: proposals, comments, dispatched
// commands, ticking active plans and what follows a tick (markers, continuations, a red run for a
// blocked or stalled plan). Loaded only by a run that has one of these to do (see main.ts).
import type { GitHubClient } from '../adapters/github/github-client.js';
import { StaticInbox } from '../adapters/static-inbox.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { describeError, ConfigError } from '../core/errors.js';
import type { PlanRef } from '../core/fleet/plan-index.js';
import { formatAttemptDescriptor } from '../core/isolation/attempt-descriptor.js';
import { newState } from '../core/plan/new-state.js';
import { attemptTimeoutMsFor, currentStepId } from '../core/state/step-view.js';
import type { State } from '../core/state/types.js';
import type { Command } from '../core/tick/commands.js';
import { withStore } from '../store-access.js';
import { issuePlanId, planIdOfFile } from '../wiring/plan-layout.js';
import type { RunContext } from './context.js';
import type { Route } from './events.js';
import type { ActionInputs } from './inputs.js';
import { emptyOutputs, RunFailure, type PlanOutputs } from './outputs.js';
import { outputsFor } from './plan-outputs.js';
import type { PlanTickResult } from './plan-tick.js';
import { steeringCommand } from './steering.js';

// Each route loads what it uses.
const load = {
  tick: () => import('./plan-tick.js'),
  settings: () => import('./plan-settings.js'),
  fleet: () => import('./fleet.js'),
  propose: () => import('./propose.js'),
  continuation: () => import('./continuation.js'),
};

/** The GitHub client, built on first use. */
export type Client = () => Promise<GitHubClient>;

export async function handle(route: Exclude<Route, { kind: 'ignore' | 'tick-active' }>, ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog, deadline: Date): Promise<PlanOutputs> {
  switch (route.kind) {
    case 'propose': {
      const propose = await load.propose();
      const proposed = await propose.proposeFromIssue(ctx, inputs, await client(), log, route);
      await propose.writeProposalSummary(ctx, log, route.issueNumber, proposed);
      return proposed.state ? outputsFor(proposed.state, proposed.branch) : emptyOutputs('MISSING');
    }
    case 'draft': {
      const propose = await load.propose();
      const drafted = await propose.draftFromComment(ctx, inputs, await client(), log, route);
      if (drafted !== 'tick') await propose.writeProposalSummary(ctx, log, route.issueNumber, drafted);
      if (drafted !== 'tick') return drafted.state ? outputsFor(drafted.state, drafted.branch) : emptyOutputs('MISSING');
      // The issue has a plan already: its inbox answers the comment like any other.
      const { tickPlan } = await load.tick();
      return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId: issuePlanId(route.issueNumber), deadline })]);
    }
    case 'comment': {
      const { tickPlan } = await load.tick();
      return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId: issuePlanId(route.issueNumber), deadline })]);
    }
    case 'dispatch':
      return dispatch(route, ctx, inputs, client, log, deadline);
  }
}

async function dispatch(route: Extract<Route, { kind: 'dispatch' }>, ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog, deadline: Date): Promise<PlanOutputs> {
  const { command } = route;
  if (command === 'list') return (await load.fleet()).listPlans(ctx, inputs, log);
  if (command === 'audit') return (await load.fleet()).auditPlans(ctx, inputs, await client(), log);
  if (command === 'maintenance') return (await load.fleet()).maintainPlans(ctx, inputs, await client(), log);
  const { tickPlan } = await load.tick();
  if (command === 'start') {
    if (!route.planFile) throw new ConfigError("Input 'plan': required with command 'start', e.g. plans/research.yml");
    const planId = route.planId ?? planIdOfFile(route.planFile);
    const created = await startPlan(ctx, inputs, log, planId, route.planFile, route.actor);
    const ticked = await tickPlan(ctx, inputs, await client(), log, { planId, deadline });
    // Creating the plan is this run's progress too: its continuation starts the first step.
    return finish(ctx, inputs, client, log, [created ? { ...ticked, result: { ...ticked.result, writes: ticked.result.writes + 1 } } : ticked]);
  }
  if (!route.planId) throw new ConfigError(`Input 'plan-id': required with command '${command}'.`);
  const commands: Command[] = command === 'tick' ? [] : [steeringCommand(command, route.actor, route.step)];
  const refusals: string[] = [];
  const inbox = new StaticInbox(Number(ctx.runId) * 100 + ctx.runAttempt, commands, (text, refused) => {
    log.info(text);
    if (refused) refusals.push(text);
  });
  const ticked = await tickPlan(ctx, inputs, await client(), log, { planId: route.planId, deadline, inbox });
  // A person asked for something that could not be done: the run says so in red.
  if (ticked.result.outcome === 'missing' && command !== 'tick') {
    throw new ConfigError(`Input 'plan-id': there is no plan "${route.planId}" (no state on branch ${ticked.branch}), so '${command}' did nothing.`);
  }
  const outputs = await finish(ctx, inputs, client, log, [ticked]);
  if (refusals.length) throw new RunFailure(`'${command}' for ${route.planId} was refused: ${refusals.join(' ')}`, outputs);
  return outputs;
}

/** `start`: a person with the right to dispatch the workflow approves by dispatching. */
async function startPlan(ctx: RunContext, inputs: ActionInputs, log: ToolkitLog, planId: string, planFile: string, actor: string): Promise<boolean> {
  const extracted = await (await load.propose()).readPlanInput(ctx.workspace, planFile, log.secrets.scrub);
  const store = (await load.settings()).createPlanStore(ctx, inputs, planId, log);
  return withStore(store, 'write', async () => {
    const loaded = await store.load();
    if (loaded.kind === 'loaded') {
      log.info(`Plan ${planId} exists already (${loaded.state.status}); ticking it instead of starting it again.`);
      return false;
    }
    const state = newState(extracted.plan, {
      planId,
      now: new Date(),
      stepDelayMinutes: extracted.stepDelayMinutes ?? inputs.stepDelayMinutes,
      // The run that approved: a later run confirms on GitHub that a writer dispatched it.
      approved: { by: actor, ...(/^\d{1,15}$/.test(ctx.runId) ? { runId: Number(ctx.runId) } : {}) },
      requestedBy: actor,
      ...(extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {}),
    });
    await store.write(state, { kind: 'update', message: `plan started by ${actor}` });
    return true;
  });
}

/** Ticks the plans the heartbeat found active. */
export async function tickActive(ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog, deadline: Date, active: PlanRef[]): Promise<PlanOutputs> {
  const { results, deferred } = await (await load.fleet()).tickActivePlans(ctx, inputs, await client(), log, deadline, active);
  // One run hands on one attempt (phase: prepare): every other active plan gets a run of its own.
  for (const planId of deferred) await (await load.continuation()).continuePlan(ctx, inputs, client, log, planId, `for ${planId} (this run hands on another plan's attempt)`);
  return finish(ctx, inputs, client, log, results);
}

/** Outputs of the last plan ticked; a plan left with work and no budget is continued at once. */
async function finish(ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog, results: PlanTickResult[]): Promise<PlanOutputs> {
  if (results.length) await (await load.fleet()).recordMarkers(ctx, inputs, log, results);
  const stalled: string[] = [];
  for (const r of results) {
    if (r.result.outcome !== 'budget' || !r.result.state?.planId) continue;
    // A run that spent its budget without any write or attempt would be followed by one that
    // does the same, forever: it stops the chain and says why instead.
    if (r.result.writes === 0 && r.result.attempts === 0) {
      stalled.push(await reportStall(ctx, inputs, client, log, r.result.state));
      continue;
    }
    await (await load.continuation()).continuePlan(ctx, inputs, client, log, r.result.state.planId, `to continue ${r.result.state.planId} (time budget spent)`);
  }
  const last = results[results.length - 1];
  const outputs = last?.result.state ? outputsFor(last.result.state, last.branch) : emptyOutputs();
  const active = results.filter((r) => r.result.state && ['IN_PROGRESS', 'AWAITING_APPROVAL', 'BLOCKED'].includes(r.result.state.status));
  const handedOn = results.find((r) => r.handOff)?.handOff;
  const all = {
    ...outputs,
    plans: JSON.stringify(active.map((r) => r.result.state!.planId)),
    ...(handedOn ? { attempt: formatAttemptDescriptor(handedOn), 'run-agent': handedOn.apply ? '' : 'true' } : {}),
  };
  const broken = results.flatMap((r) => (r.result.configProblem ? [`${r.result.state?.planId ?? 'plan'}: ${r.result.configProblem}`] : []));
  // A run that blocked a plan is red, so the Actions tab and GitHub's failed-run email say so.
  const blocked = inputs.failOnBlocked ? results.flatMap((r) => (blockedHere(r) ? [blockedText(r.result.state!)] : [])) : [];
  if (stalled.length || broken.length || blocked.length) throw new RunFailure([...broken, ...blocked, ...stalled].join('\n'), all);
  return all;
}

/** This run left the plan BLOCKED (it wrote; a plan blocked before and only looked at is not news); a broken set-up says so itself. */
function blockedHere(r: PlanTickResult): boolean {
  return r.result.state?.status === 'BLOCKED' && r.result.writes > 0 && !r.result.configProblem;
}

function blockedText(state: State): string {
  const why = state.blockers?.[state.blockers.length - 1];
  return `${state.planId ?? 'plan'} is blocked${why ? ` at ${why}` : ''}: the blocker notice on its issue says what was tried and how to go on (fail-on-blocked: false keeps such a run green).`;
}

/** Why a plan made no progress in a whole run, in the log and on its issue. */
async function reportStall(ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog, state: State): Promise<string> {
  const planId = state.planId ?? 'plan';
  const stepId = currentStepId(state);
  const def = stepId ? state.plan.steps[stepId] : undefined;
  const needs = def ? Math.ceil(attemptTimeoutMsFor(def, { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes }) / 60_000) : inputs.attemptTimeoutMinutes;
  const problem = `${planId} made no progress in this run: its time budget (time-budget-minutes: ${inputs.timeBudgetMinutes}) cannot fit an attempt of ${stepId ?? 'the next step'}, which may take up to ${needs} min. No further run was dispatched, because it would do the same.`;
  const hint = `Raise \`time-budget-minutes\` above ${needs}, or lower the step's \`attemptTimeoutMinutes\` (or the \`attempt-timeout-minutes\` input), then reply \`/resume\` or dispatch \`tick\` for ${planId}.`;
  log.error(problem);
  const { createNotifier, runLinks } = await load.tick();
  const run = runLinks(ctx, (await load.settings()).planBranch(inputs, planId), { branch: inputs.stateStore === 'git' });
  const notifier = createNotifier(ctx, inputs, await client(), planId, log, async () => ({ run }));
  await notifier?.postRunProblem('Not continuing: the time budget fits no attempt', problem, hint).catch((err: unknown) => log.warn(`Could not post the notice: ${describeError(err)}`));
  return problem;
}
