import {
  RESULT_LIMITS,
  attemptStanding,
  formatAttemptResult,
  packAttemptChanges,
  uploadResultArtifact
} from "./chunk-62S4UGO2.js";
import {
  outputsFor
} from "./chunk-WRXM5EB3.js";
import {
  RecordingAgentRunner,
  RecordingVerifier,
  checkoutCheckpoint,
  fileAt,
  resultArtifactName,
  stageScrubbedLogs
} from "./chunk-XUBHMXRQ.js";
import {
  isStdoutCopy,
  preflight,
  runAgent
} from "./chunk-4JLDVQZR.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-ANOSUW4P.js";
import {
  createEngine
} from "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import {
  detourChain,
  remediationPrompt,
  stepPrompt
} from "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import {
  REMOTE,
  engineSettings,
  planBranch
} from "./chunk-ERRCKADV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BYHQDYH5.js";
import {
  emptyOutputs
} from "./chunk-45U3NNUK.js";
import "./chunk-PSDTEU6M.js";
import {
  resultRunId
} from "./chunk-WSTE2BUZ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-FOVAUIMP.js";
import {
  stateFileRel,
  workingFiles
} from "./chunk-6ECGHLWA.js";
import {
  boundText,
  parseState
} from "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import {
  currentStepId,
  stepDef
} from "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError,
  StateError,
  describeError
} from "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/action/agent-phase.ts
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";

// src/core/isolation/checkpointed-attempt.ts
function checkpointedAttempt(state, stepId, n, retry) {
  let current = currentStepId(state);
  if (current === void 0) return null;
  let chain = detourChain(state, current);
  if (chain[chain.length - 1] !== stepId) return null;
  let detourFor = chain.length > 1 ? chain[chain.length - 2] : void 0, lastError = retry ? state.stepRuns[stepId]?.error ?? "unknown error" : null;
  return detourFor ? { prompt: remediationPrompt(state, stepId, detourFor, n - 1, lastError), detourFor } : { prompt: stepPrompt(state, stepId, n - 1, lastError) };
}

// src/action/agent-phase.ts
async function runAgentPhase(ctx, inputs, log) {
  let d = inputs.attempt;
  if (d.apply || !d.commit)
    return log.info(`Attempt ${d.attemptId} is recorded from the result workflow run ${resultRunId(d)} left: nothing runs in this job.`), { ...emptyOutputs("IN_PROGRESS"), "plan-id": d.planId };
  let branch = planBranch(inputs, d.planId);
  if (branch !== d.branch)
    throw new ConfigError(`Input 'attempt' names the work branch ${d.branch}, and this job's inputs give ${branch} for plan ${d.planId}: give every job of the workflow the same state-branch.`);
  await checkoutCheckpoint(ctx.git, REMOTE, d.branch, d.commit);
  let state = await checkpointState(ctx, d, d.commit), cp = checkpointedAttempt(state, d.stepId, d.n, d.retry);
  if (!cp) throw new StateError(`At the checkpoint commit ${d.commit}, ${d.stepId} is not the step that runs: nothing runs.`);
  let settings = engineSettings(ctx, inputs, d.planId, log, {
    deadline: new Date(Date.now() + inputs.timeBudgetMinutes * 6e4),
    artifactName: resultArtifactName(d.attemptId),
    defaultBranch: async () => null
  }), { deps, cfg } = await createEngine(settings, { log, notifier: { notify: async () => {
  } }, owners: { liveness: async () => "unknown" } }), agent = new RecordingAgentRunner(deps.agent), verifier = new RecordingVerifier(deps.verifier);
  deps.agent = agent, deps.verifier = verifier;
  let engine = { deps, cfg }, pre = await preflight(engine, state, stepDef(state, d.stepId), d.stepId), verdict = null, ended;
  if (pre.ok) {
    let start = {
      stepId: d.stepId,
      n: d.n,
      prompt: cp.prompt,
      retry: d.retry,
      ...cp.detourFor ? { detourFor: cp.detourFor } : {},
      argv: pre.argv,
      program: pre.program,
      timeoutMs: d.timeoutMs,
      ...pre.stream ? { stream: pre.stream } : {}
    };
    verdict = await runAgent(engine, state, start, () => () => {
    }), ended = agent.last ? { ...agent.last, stdout: verdict.stdout } : notStarted("the agent did not start");
  } else
    log.error(`${d.stepId}: the agent cannot start in this job: ${pre.problems.join("; ")}`), ended = notStarted(`preflight failed in the agent job: ${pre.problems.join("; ")}`);
  let staging = await mkdtemp(path.join(ctx.runnerTemp, "sequencer-result-"));
  try {
    let bundle = path.join(staging, "changes.bundle"), working = workingFiles(stateFileRel(d.planId)), packed = await packAttemptChanges({ git: ctx.git, base: d.commit, exclude: [working.logDir, working.inboxDir, working.lockFile], out: bundle, message: `${d.stepId} attempt ${d.n}` }), record = {
      v: 1,
      attemptId: d.attemptId,
      agent: scrubbedAgent(ended, log.secrets),
      checks: verifier.checks.map((c) => scrubbedCheck(c, log.secrets)),
      ...verifier.queries.length ? { queries: verifier.queries.map((q) => scrubbedQuery(q, log.secrets)) } : {},
      changes: packed !== null,
      // What the agent used, and a budget stop, for apply to record (the agent's word, as in one job).
      ...verdict?.usage ? { usage: verdict.usage } : {},
      ...verdict?.wallMs !== void 0 ? { wallMs: Math.min(verdict.wallMs, RESULT_LIMITS.durationMs) } : {},
      ...verdict?.outcome === "over_budget" && verdict.error ? { overBudget: boundText(log.secrets.scrub(verdict.error), RESULT_LIMITS.spawnError - 200) } : {}
    };
    await writeFile(path.join(staging, "result.json"), formatAttemptResult(record)), await mkdir(path.join(staging, "logs"));
    let logs = await stageScrubbedLogs(cfg.logDir, log.secrets, path.join(staging, "logs"), isStdoutCopy), files = [path.join(staging, "result.json"), ...packed ? [bundle] : [], ...logs?.files ?? []], name = resultArtifactName(d.attemptId), uploaded = await uploadResultArtifact(name, staging, files);
    log.info(
      `The result of ${d.attemptId} (${verdict?.outcome ?? "not started"}${packed ? ", with changes" : ", no changes"}) is in the artifact ${name}${uploaded.size !== void 0 ? ` (${uploaded.size} bytes)` : ""}; the apply job checks and records it.`
    );
  } catch (err) {
    throw new Error(`The result of ${d.attemptId} could not be handed to the apply job: ${describeError(err)}`);
  } finally {
    await rm(staging, { recursive: !0, force: !0 });
  }
  return outputsFor(state, branch);
}
async function checkpointState(ctx, d, commit) {
  let text = await fileAt(ctx.git, commit, stateFileRel(d.planId));
  if (text === null) throw new StateError(`There is no state for plan ${d.planId} at the checkpoint commit ${commit}: nothing runs.`);
  let state;
  try {
    state = parseState(JSON.parse(text), { owned: !0 });
  } catch (err) {
    throw new StateError(`The state at the checkpoint commit ${commit} cannot be read: ${describeError(err)}`);
  }
  let standing = attemptStanding(state, d);
  if (standing.kind !== "in-flight")
    throw new StateError(
      `The state at the checkpoint commit ${commit} does not have attempt ${d.n} of ${d.stepId} in flight (${standing.kind === "stale" ? standing.reason : "it is recorded already"}): nothing runs.`
    );
  return state;
}
function notStarted(spawnError) {
  return { exitCode: null, signal: null, timedOut: !1, cancelled: !1, stdout: "", stderr: "", outputBytes: 0, durationMs: 0, spawnError };
}
function scrubbedAgent(r, secrets) {
  let cut = (text, max) => boundText(secrets.scrub(text), max - 200);
  return {
    ...r,
    stdout: cut(r.stdout, RESULT_LIMITS.agentText),
    stderr: cut(r.stderr, RESULT_LIMITS.agentText),
    ...r.spawnError !== void 0 ? { spawnError: cut(r.spawnError, RESULT_LIMITS.spawnError) } : {}
  };
}
function scrubbedCheck(c, secrets) {
  let cut = (text) => boundText(secrets.scrub(text), RESULT_LIMITS.checkText - 200), r = c.result;
  return { argv: c.argv, result: { ...r, stdout: cut(r.stdout), stderr: cut(r.stderr), ...r.spawnError !== void 0 ? { spawnError: cut(r.spawnError) } : {} } };
}
function scrubbedQuery(q, secrets) {
  let f = q.fact;
  return f.kind === "error" ? { ...q, fact: { kind: "error", problem: boundText(secrets.scrub(f.problem), RESULT_LIMITS.spawnError - 200) } } : f.kind === "row" && typeof f.value == "string" ? { ...q, fact: { ...f, value: secrets.scrub(f.value) } } : q;
}
export {
  runAgentPhase
};
