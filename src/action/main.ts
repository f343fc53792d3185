// The Action: inputs → event route → one idempotent tick per plan → outputs. Every path sets the
// outputs and ends in one place, so a failure is reported once with the right status.
import * as core from '@actions/core';
import type { GitHubClient } from '../adapters/github/github-client.js';
import { listPlanRefs } from '../adapters/git/git-plans.js';
import { guardRepository } from '../adapters/git/git-guard.js';
import { StaticInbox } from '../adapters/static-inbox.js';
import { withStore } from '../store-access.js';
import { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { withoutRunnerPaths } from '../core/render/runner-paths.js';
import type { Command } from '../core/tick/commands.js';
import { fleetPrefix, issuePlanId, planIdOfFile } from '../wiring/plan-layout.js';
import { ConfigError, describeError, SequencerError } from '../core/errors.js';
import { isActiveRef } from '../core/fleet/plan-index.js';
import { createScrubber, knownSecrets } from '../core/trust/secrets.js';
import { attemptTimeoutMsFor, currentStepId } from '../core/state/step-view.js';
import type { State } from '../core/state/types.js';
import { readRunContext, type RunContext } from './context.js';
import { routeEvent, type Route } from './events.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { emptyOutputs, outputsFor, setOutputs, type PlanOutputs } from './outputs.js';
import type { PlanTickResult } from './plan-tick.js';
import { steeringCommand } from './steering.js';
import { countOf } from '../core/render/plural.js';
import { formatAttemptDescriptor } from '../core/isolation/attempt-descriptor.js';
import { BUILD_ID } from '../build-id.js';
import { VERSION } from '../version.js';
import { actionSource, versionLine } from '../core/render/version-line.js';
import { readReleaseStamp } from '../adapters/fs/release-stamp.js';

// Only what every run needs is loaded at start-up. A heartbeat whose plans are all idle or
// waiting reads the index and ends without loading the GitHub client, the engine or the
// proposal code (YAML, plan drafting); each route loads what it uses.
const load = {
  tick: () => import('./plan-tick.js'),
  settings: () => import('./plan-settings.js'),
  fleet: () => import('./fleet.js'),
  propose: () => import('./propose.js'),
  continuation: () => import('./continuation.js'),
  agentPhase: () => import('./agent-phase.js'),
  applyPhase: () => import('./apply-phase.js'),
  client: () => import('../adapters/github/github-client.js'),
  newState: () => import('../core/plan/new-state.js'),
};

/** The GitHub client, built on first use. */
type Client = () => Promise<GitHubClient>;

export async function run(): Promise<number> {
  // First in the log: which release runs, and the commit it was built from where that is known.
  core.info(versionLine({ version: VERSION, buildId: BUILD_ID, stamp: readReleaseStamp(process.argv[1]), action: actionSource(process.env) }));
  let outputs: PlanOutputs = emptyOutputs();
  // Until the inputs are read, the environment alone (INPUT_GITHUB-TOKEN, INPUT_SECRETS, API keys)
  // says what must not be published.
  let secrets = createScrubber(knownSecrets({ env: process.env }));
  // What a failure annotation may say: no secret, and no runner folder (the event file is one).
  const runnerPaths = { workspace: process.env.GITHUB_WORKSPACE ?? '', runnerTemp: process.env.RUNNER_TEMP ?? '' };
  let publish = (text: string) => withoutRunnerPaths(secrets.scrub(text), runnerPaths);
  try {
    const inputs = parseInputs((name) => core.getInput(name));
    for (const value of [inputs.token, ...inputs.secrets]) core.setSecret(value);
    secrets = createScrubber(knownSecrets({ token: inputs.token, listed: inputs.secrets, env: process.env }));
    const ctx = await readRunContext(process.env);
    const log = new ToolkitLog(secrets, { workspace: ctx.workspace, runnerTemp: ctx.runnerTemp });
    publish = log.scrub;
    // The agent and apply jobs act on the attempt prepare handed on, whatever the event.
    const route: Route = inputs.phase === 'agent' || inputs.phase === 'apply' ? { kind: 'tick-active' } : routeEvent(ctx.eventName, ctx.payload, inputs);
    if (route.kind === 'ignore') {
      log.info(`Nothing to do: ${route.reason}.`);
      setOutputs({ ...outputs, status: 'IGNORED' }, secrets.scrub);
      return 0;
    }
    // Before anything else runs: the persisted credential leaves the workspace, the repository's
    // config is kept as checked out, and every later git command uses the token from here.
    await guardRepository(ctx.git, { credential: { serverUrl: ctx.serverUrl, token: inputs.token }, runnerTemp: ctx.runnerTemp });
    let made: Promise<GitHubClient> | undefined;
    const client: Client = () =>
      (made ??= load.client().then(({ createGitHubClient }) => createGitHubClient({ token: inputs.token, baseUrl: ctx.apiUrl, log, pacing: ctx.apiPacing, scrub: log.scrub })));
    if (inputs.phase === 'agent') outputs = await (await load.agentPhase()).runAgentPhase(ctx, inputs, log);
    else if (inputs.phase === 'apply') outputs = await (await load.applyPhase()).runApplyPhase(ctx, inputs, client, log);
    else outputs = await handle(route, ctx, inputs, client, log);
    setOutputs(outputs, secrets.scrub);
    return 0;
  } catch (err) {
    if (err instanceof RunFailure) {
      // The plans' outputs are true; the run still could not do what was asked.
      setOutputs(err.outputs, secrets.scrub);
      core.setFailed(publish(err.message));
      return 1;
    }
    setOutputs({ ...outputs, status: 'ERROR' }, secrets.scrub);
    core.setFailed(
      publish(
        err instanceof SequencerError
          ? `${err.message}${
              err.hint
                ? `
${err.hint}`
                : ''
            }`
          : describeError(err),
      ),
    );
    return 1;
  }
}

async function handle(route: Exclude<Route, { kind: 'ignore' }>, ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog): Promise<PlanOutputs> {
  const deadline = new Date(Date.now() + inputs.timeBudgetMinutes * 60_000);
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
    case 'tick-active':
      return tickAll(ctx, inputs, client, log, deadline);
    case 'dispatch':
      return dispatch(route, ctx, inputs, client, log, deadline);
  }
}

async function dispatch(route: Extract<Route, { kind: 'dispatch' }>, ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog, deadline: Date): Promise<PlanOutputs> {
  const { command } = route;
  if (command === 'list') return (await load.fleet()).listPlans(ctx, inputs, log);
  if (command === 'audit') return (await load.fleet()).auditPlans(ctx, inputs, await client(), log);
  if (command === 'maintenance') return (await load.fleet()).maintainPlans(ctx, inputs, await client(), log);
  if (command === 'tick' && !route.planId) return tickAll(ctx, inputs, client, log, deadline);
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
  const extracted = await (await load.propose()).readPlanInput(ctx.workspace, planFile);
  const { newState } = await load.newState();
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

/**
 * The heartbeat: ONE `git ls-remote` lists every plan with its index markers; only plans that
 * are neither idle nor waiting at their branch tip are fetched and ticked (see core/fleet/plan-index.ts).
 */
async function tickAll(ctx: RunContext, inputs: ActionInputs, client: Client, log: ToolkitLog, deadline: Date): Promise<PlanOutputs> {
  const refs = await listPlanRefs(ctx.git, 'origin', fleetPrefix(inputs.branches, 'tick'));
  const now = new Date();
  const active = refs.filter((r) => isActiveRef(r, now));
  log.info(`${countOf(refs.length, 'plan')} on origin, ${active.length} active${active.length ? `: ${active.map((r) => r.planId).join(', ')}` : ''}.`);
  if (!active.length) {
    log.info('No plans to tick.');
    return emptyOutputs('IDLE');
  }
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

/** Ends the run red with these outputs: the plans are as reported, but the run failed its purpose. */
class RunFailure extends Error {
  constructor(
    message: string,
    readonly outputs: PlanOutputs,
  ) {
    super(message);
    this.name = 'RunFailure';
  }
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
