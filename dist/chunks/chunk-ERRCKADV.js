import {
  ACTIONS_ECHO_CAP
} from "./chunk-XI2UETZT.js";
import {
  createPlanStore
} from "./chunk-BYHQDYH5.js";
import {
  stateFileRel,
  workBranch
} from "./chunk-6ECGHLWA.js";
import {
  withoutRunnerFiles
} from "./chunk-O2X2K62E.js";

// src/action/plan-settings.ts
var REMOTE = "origin";
function planBranch(inputs, planId) {
  return workBranch(inputs.branches, planId);
}
function planLocation(ctx, inputs, planId, defaultBranch) {
  let stateRel = stateFileRel(planId);
  return inputs.stateStore === "cache" ? { planId, workspace: ctx.workspace, store: { kind: "cache", stateRel } } : {
    planId,
    workspace: ctx.workspace,
    store: {
      kind: "git",
      remote: REMOTE,
      branches: inputs.branches,
      stateRel,
      // New work branches start from the commit this workflow checked out, not from another plan.
      ...ctx.sha ? { baseCommit: ctx.sha } : {},
      ...inputs.syncBase === "merge" && defaultBranch ? { syncBase: { base: defaultBranch } } : {}
    }
  };
}
function createPlanStore2(ctx, inputs, planId, log) {
  return createPlanStore(planLocation(ctx, inputs, planId), log.secrets, log);
}
var RUNNER_SECRETS = /^(INPUT_.*|GITHUB_TOKEN|ACTIONS_.*)$/;
function agentEnvironment(env, token, withheld = []) {
  let out = {}, secrets = withheld.filter((s) => s.length > 0);
  for (let [k, v] of Object.entries(withoutRunnerFiles(env))) !RUNNER_SECRETS.test(k) && !secrets.some((s) => v?.includes(s)) && (out[k] = v);
  return token && (out.GITHUB_TOKEN = token, out.GH_TOKEN = token), out;
}
function actionAgentEnv(inputs) {
  return agentEnvironment(process.env, inputs.passTokenToAgent ? inputs.token : null, inputs.passTokenToAgent ? [] : [inputs.token]);
}
function engineSettings(ctx, inputs, planId, log, o) {
  let owner = { kind: "actions", runId: ctx.runId, runAttempt: ctx.runAttempt, repository: `${ctx.owner}/${ctx.repo}` };
  return {
    plan: planLocation(ctx, inputs, planId, o.defaultBranch),
    secrets: log.secrets,
    processEnv: actionAgentEnv(inputs),
    run: {
      ...inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {},
      agentSource: "input 'agent-command'",
      agentSurface: "action",
      limits: {
        maxAttempts: inputs.maxAttempts,
        attemptTimeoutMinutes: inputs.attemptTimeoutMinutes,
        retryBackoffSeconds: inputs.retryBackoffSeconds,
        ...inputs.budget ? { budget: inputs.budget } : {}
      },
      owner,
      leaseMarginMs: 10 * 6e4,
      graceMs: ctx.killGraceSeconds * 1e3,
      // A cancelled agent gets time (a minute by default) to save its work and exit before it is signalled.
      stopGraceMs: ctx.stopGraceSeconds * 1e3,
      deadline: o.deadline,
      inboxPollMs: ctx.inboxPollSeconds * 1e3,
      // On GitHub a person must see it: the plan blocks with a notice instead of failing the job.
      preflight: "block",
      // The work branch accepts pushes from anyone with write access (and from every workflow that
      // holds a token): a state that says IN_PROGRESS is no approval.
      requireApproval: !0,
      // The attempt's log group shows the agent's output live, up to a cap; the artifact has it all.
      echoAgentOutput: !0,
      echoCap: { ...ACTIONS_ECHO_CAP, fullLog: `the artifact ${o.artifactName}` },
      // A runner's path means nothing after the run: the file in the run's attempt-log artifact.
      attemptFileText: (relative) => `${relative} in the artifact ${o.artifactName} of ${runUrl(ctx)}`
    }
  };
}
function runUrl(ctx) {
  return `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/actions/runs/${ctx.runId}`;
}
function issueUrl(ctx, issueNumber) {
  return `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/issues/${issueNumber}`;
}

export {
  REMOTE,
  planBranch,
  planLocation,
  createPlanStore2 as createPlanStore,
  agentEnvironment,
  actionAgentEnv,
  engineSettings,
  runUrl,
  issueUrl
};
