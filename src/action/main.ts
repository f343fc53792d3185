// The Action: inputs → event route → one idempotent tick per plan → outputs. Every path sets the
// outputs and ends in one place, so a failure is reported once with the right status.
import * as core from '@actions/core';
import { guardRepository } from '../adapters/git/git-guard.js';
import { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { withoutRunnerPaths } from '../core/render/runner-paths.js';
import { describeError, SequencerError } from '../core/errors.js';
import { createScrubber, knownSecrets } from '../core/trust/secrets.js';
import { activePlans } from './active-plans.js';
import { readRunContext } from './context.js';
import { routeEvent, type Route } from './events.js';
import type { Client } from './routes.js';
import type { GitHubClient } from '../adapters/github/github-client.js';
import { parseInputs } from './inputs.js';
import { emptyOutputs, RunFailure, setOutputs, type PlanOutputs } from './outputs.js';
import { BUILD_ID } from '../build-id.js';
import { VERSION } from '../version.js';
import { actionSource, versionLine } from '../core/render/version-line.js';
import { readReleaseStamp } from '../adapters/fs/release-stamp.js';

// Only what every run needs is loaded at start-up. A heartbeat whose plans are all idle or
// waiting reads the index and ends without loading the routes, the GitHub client, the engine or
// the proposal code (YAML, plan drafting); each route loads what it uses.
const load = {
  routes: () => import('./routes.js'),
  agentPhase: () => import('./agent-phase.js'),
  applyPhase: () => import('./apply-phase.js'),
  client: () => import('../adapters/github/github-client.js'),
};

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
    else {
      const deadline = new Date(Date.now() + inputs.timeBudgetMinutes * 60_000);
      if (route.kind === 'tick-active') {
        const active = await activePlans(ctx, inputs, log);
        outputs = active.length ? await (await load.routes()).tickActive(ctx, inputs, client, log, deadline, active) : emptyOutputs('IDLE');
      } else outputs = await (await load.routes()).handle(route, ctx, inputs, client, log, deadline);
    }
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
