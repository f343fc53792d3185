import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  RESULT_LIMITS,
  formatAttemptResult,
  packAttemptChanges,
  uploadResultArtifact
} from "./chunk-4FLSEWCV.js";
import {
  RecordingAgentRunner,
  RecordingVerifier,
  checkoutCheckpoint,
  fileAt,
  resultArtifactName,
  stageScrubbedLogs
} from "./chunk-RZJZUEY4.js";
import {
  preflight,
  runAgent
} from "./chunk-QVGO6IMF.js";
import "./chunk-6UXFIPVP.js";
import {
  createEngine
} from "./chunk-MWUEARJM.js";
import {
  REMOTE,
  engineSettings,
  planBranch
} from "./chunk-G7VIFOLI.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-JGF7LIEF.js";
import "./chunk-6LLHKTRJ.js";
import {
  attemptStanding
} from "./chunk-J5FMCBZI.js";
import {
  emptyOutputs,
  outputsFor
} from "./chunk-ERCXHFQY.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-EMPYZBK3.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-QQHVGTS6.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-AMOTPMUF.js";
import {
  stateFileRel,
  workingFiles
} from "./chunk-4SLJJGMC.js";
import "./chunk-52STWBM3.js";
import "./chunk-V4DTJCJ2.js";
import {
  boundText,
  parseState
} from "./chunk-MXJPYL5E.js";
import "./chunk-66L5JVEV.js";
import "./chunk-5IR355RY.js";
import "./chunk-C7YZD35N.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-S44VL6GB.js";
import "./chunk-6BBDAKON.js";
import "./chunk-A2R6FQ4D.js";
import "./chunk-SY3ESOGT.js";
import {
  currentStepId,
  detourChain,
  remediationPrompt,
  stepDef,
  stepPrompt
} from "./chunk-MZSN4U4R.js";
import "./chunk-HNSKN3UY.js";
import "./chunk-3RW55J7L.js";
import {
  ConfigError,
  StateError,
  describeError
} from "./chunk-TEYULPYE.js";
import "./chunk-GEX65OPK.js";
import "./chunk-PANJYNO7.js";

// src/action/agent-phase.ts
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";

// src/core/isolation/checkpointed-attempt.ts
function checkpointedAttempt(state, stepId, n, retry) {
  const current = currentStepId(state);
  if (current === void 0) return null;
  const chain = detourChain(state, current);
  if (chain[chain.length - 1] !== stepId) return null;
  const detourFor = chain.length > 1 ? chain[chain.length - 2] : void 0;
  const lastError = retry ? state.stepRuns[stepId]?.error ?? "unknown error" : null;
  if (detourFor) return { prompt: remediationPrompt(state, stepId, detourFor, n - 1, lastError), detourFor };
  return { prompt: stepPrompt(state, stepId, n - 1, lastError) };
}

// src/action/agent-phase.ts
async function runAgentPhase(ctx, inputs, log) {
  const d = inputs.attempt;
  if (d.apply || !d.commit) {
    log.info(`Attempt ${d.attemptId} is recorded from the result workflow run ${d.apply?.runId ?? d.runId} left: nothing runs in this job.`);
    return { ...emptyOutputs("IN_PROGRESS"), "plan-id": d.planId };
  }
  const branch = planBranch(inputs, d.planId);
  if (branch !== d.branch) {
    throw new ConfigError(`Input 'attempt' names the work branch ${d.branch}, and this job's inputs give ${branch} for plan ${d.planId}: give every job of the workflow the same state-branch.`);
  }
  await checkoutCheckpoint(ctx.git, REMOTE, d.branch, d.commit);
  const state = await checkpointState(ctx, d, d.commit);
  const cp = checkpointedAttempt(state, d.stepId, d.n, d.retry);
  if (!cp) throw new StateError(`At the checkpoint commit ${d.commit}, ${d.stepId} is not the step that runs: nothing runs.`);
  const settings = engineSettings(ctx, inputs, d.planId, log, { deadline: new Date(Date.now() + inputs.timeBudgetMinutes * 6e4), artifactName: resultArtifactName(d.attemptId), defaultBranch: async () => null });
  const { deps, cfg } = await createEngine(settings, { log, notifier: { notify: async () => {
  } }, owners: { liveness: async () => "unknown" } });
  const agent = new RecordingAgentRunner(deps.agent);
  const verifier = new RecordingVerifier(deps.verifier);
  deps.agent = agent;
  deps.verifier = verifier;
  const engine = { deps, cfg };
  const pre = await preflight(engine, stepDef(state, d.stepId), d.stepId);
  let verdict = null;
  let ended;
  if (pre.ok) {
    const start = { stepId: d.stepId, n: d.n, prompt: cp.prompt, retry: d.retry, ...cp.detourFor ? { detourFor: cp.detourFor } : {}, argv: pre.argv, program: pre.program, timeoutMs: d.timeoutMs, ...pre.stream ? { stream: pre.stream } : {} };
    verdict = await runAgent(engine, state, start, () => () => {
    });
    ended = agent.last ? { ...agent.last, stdout: verdict.stdout } : notStarted("the agent did not start");
  } else {
    log.error(`${d.stepId}: the agent cannot start in this job: ${pre.problems.join("; ")}`);
    ended = notStarted(`preflight failed in the agent job: ${pre.problems.join("; ")}`);
  }
  const staging = await mkdtemp(path.join(ctx.runnerTemp, "sequencer-result-"));
  try {
    const bundle = path.join(staging, "changes.bundle");
    const working = workingFiles(stateFileRel(d.planId));
    const packed = await packAttemptChanges({ git: ctx.git, base: d.commit, exclude: [working.logDir, working.inboxDir, working.lockFile], out: bundle, message: `${d.stepId} attempt ${d.n}` });
    const record = {
      v: 1,
      attemptId: d.attemptId,
      agent: scrubbedAgent(ended, log.secrets),
      checks: verifier.checks.map((c) => scrubbedCheck(c, log.secrets)),
      changes: packed !== null,
      // What the agent used, and a budget stop, for apply to record (the agent's word, as in one job).
      ...verdict?.usage ? { usage: verdict.usage } : {},
      ...verdict?.wallMs !== void 0 ? { wallMs: Math.min(verdict.wallMs, RESULT_LIMITS.durationMs) } : {},
      ...verdict?.outcome === "over_budget" && verdict.error ? { overBudget: boundText(log.secrets.scrub(verdict.error), RESULT_LIMITS.spawnError - 200) } : {}
    };
    await writeFile(path.join(staging, "result.json"), formatAttemptResult(record));
    await mkdir(path.join(staging, "logs"));
    const logs = await stageScrubbedLogs(cfg.logDir, log.secrets, path.join(staging, "logs"));
    const files = [path.join(staging, "result.json"), ...packed ? [bundle] : [], ...logs?.files ?? []];
    const name = resultArtifactName(d.attemptId);
    const uploaded = await uploadResultArtifact(name, staging, files);
    log.info(`The result of ${d.attemptId} (${verdict?.outcome ?? "not started"}${packed ? ", with changes" : ", no changes"}) is in the artifact ${name}${uploaded.size !== void 0 ? ` (${uploaded.size} bytes)` : ""}; the apply job checks and records it.`);
  } catch (err) {
    throw new Error(`The result of ${d.attemptId} could not be handed to the apply job: ${describeError(err)}`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return outputsFor(state, branch);
}
async function checkpointState(ctx, d, commit) {
  const text = await fileAt(ctx.git, commit, stateFileRel(d.planId));
  if (text === null) throw new StateError(`There is no state for plan ${d.planId} at the checkpoint commit ${commit}: nothing runs.`);
  let state;
  try {
    state = parseState(JSON.parse(text), { owned: true });
  } catch (err) {
    throw new StateError(`The state at the checkpoint commit ${commit} cannot be read: ${describeError(err)}`);
  }
  const standing = attemptStanding(state, d);
  if (standing.kind !== "in-flight") {
    throw new StateError(`The state at the checkpoint commit ${commit} does not have attempt ${d.n} of ${d.stepId} in flight (${standing.kind === "stale" ? standing.reason : "it is recorded already"}): nothing runs.`);
  }
  return state;
}
function notStarted(spawnError) {
  return { exitCode: null, signal: null, timedOut: false, cancelled: false, stdout: "", stderr: "", outputBytes: 0, durationMs: 0, spawnError };
}
function scrubbedAgent(r, secrets) {
  const cut = (text, max) => boundText(secrets.scrub(text), max - 200);
  return { ...r, stdout: cut(r.stdout, RESULT_LIMITS.agentText), stderr: cut(r.stderr, RESULT_LIMITS.agentText), ...r.spawnError !== void 0 ? { spawnError: cut(r.spawnError, RESULT_LIMITS.spawnError) } : {} };
}
function scrubbedCheck(c, secrets) {
  const cut = (text) => boundText(secrets.scrub(text), RESULT_LIMITS.checkText - 200);
  const r = c.result;
  return { argv: c.argv, result: { ...r, stdout: cut(r.stdout), stderr: cut(r.stderr), ...r.spawnError !== void 0 ? { spawnError: cut(r.spawnError) } : {} } };
}
export {
  runAgentPhase
};
