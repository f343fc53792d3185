import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  RESULT_LIMITS,
  formatAttemptResult,
  packAttemptChanges,
  uploadResultArtifact
} from "./chunk-2SAZEKE7.js";
import {
  RecordingAgentRunner,
  RecordingVerifier,
  checkoutCheckpoint,
  fileAt,
  resultArtifactName,
  stageScrubbedLogs
} from "./chunk-6OKJL4ZB.js";
import {
  preflight,
  runAgent
} from "./chunk-YW3HU3VR.js";
import "./chunk-6EU3EP4D.js";
import {
  createEngine
} from "./chunk-5X5WQJM4.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import {
  REMOTE,
  engineSettings,
  planBranch
} from "./chunk-P7EZKMFO.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-PK4HEZIW.js";
import "./chunk-ETDKUUCO.js";
import {
  attemptStanding
} from "./chunk-GA2EUEUK.js";
import {
  emptyOutputs,
  outputsFor
} from "./chunk-AI4JX6IF.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-GEX65OPK.js";
import "./chunk-PFKSG7GN.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-CX6YGWYV.js";
import "./chunk-LSXW7KTX.js";
import {
  detourChain,
  remediationPrompt,
  stepPrompt
} from "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import {
  stateFileRel,
  workingFiles
} from "./chunk-YX2CLHBO.js";
import {
  boundText,
  parseState
} from "./chunk-MVW3MIZ5.js";
import "./chunk-LA6AF6NZ.js";
import "./chunk-IVICMJAE.js";
import "./chunk-KPYQ6AV6.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-3RW55J7L.js";
import "./chunk-7LBMPVVG.js";
import {
  currentStepId,
  stepDef
} from "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import {
  ConfigError,
  StateError,
  describeError
} from "./chunk-XDUK4LLW.js";
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
  const pre = await preflight(engine, state, stepDef(state, d.stepId), d.stepId);
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
