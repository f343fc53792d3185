// The agent job of the isolated layout (`phase: agent`, docs/security.md). It holds a read-only
// token and the agent's key, and writes nowhere: no comment, no push, no dispatch. It checks out
// the checkpoint commit prepare pushed, runs the attempt recorded there through the engine's own
// launch and judge (attempt-run.ts: timeouts, cooperative stop, tool policy, command log), and
// uploads what apply needs as one artifact named after the attempt: result.json (how the agent
// ended, what each check command returned and each db_query rule's query gave), the agent's
// changes against the checkpoint as a git bundle, and the scrubbed logs.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkoutCheckpoint, fileAt } from '../adapters/git/checkpoint.js';
import { packAttemptChanges } from '../adapters/git/attempt-changes.js';
import { stageScrubbedLogs } from '../adapters/toolkit/artifacts.js';
import { uploadResultArtifact } from '../adapters/toolkit/result-artifact.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { ConfigError, describeError, StateError } from '../core/errors.js';
import { attemptStanding } from '../core/isolation/apply-decision.js';
import { resultRunId, type AttemptDescriptor } from '../core/isolation/attempt-descriptor.js';
import { formatAttemptResult, RESULT_LIMITS, type AttemptResultRecord, type CheckRecord, type QueryRecord } from '../core/isolation/attempt-result.js';
import { checkpointedAttempt } from '../core/isolation/checkpointed-attempt.js';
import { resultArtifactName } from '../core/render/artifact-names.js';
import { boundText } from '../core/render/bounded-text.js';
import { stepDef } from '../core/state/step-view.js';
import type { State } from '../core/state/types.js';
import { parseState } from '../core/state/validate-state.js';
import type { AttemptResult } from '../core/tick/apply.js';
import type { Scrubber } from '../core/trust/secrets.js';
import { preflight } from '../engine/attempt.js';
import { runAgent } from '../engine/attempt-run.js';
import { isStdoutCopy } from '../engine/step-contract.js';
import type { AgentResult } from '../ports.js';
import { RecordingAgentRunner, RecordingVerifier } from '../wiring/attempt-records.js';
import { createEngine } from '../wiring/engine-factory.js';
import { stateFileRel, workingFiles } from '../wiring/plan-layout.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { emptyOutputs, type PlanOutputs } from './outputs.js';
import { outputsFor } from './plan-outputs.js';
import { engineSettings, planBranch, REMOTE } from './plan-settings.js';

export async function runAgentPhase(ctx: RunContext, inputs: ActionInputs, log: ToolkitLog): Promise<PlanOutputs> {
  const d = inputs.attempt!;
  if (d.apply || !d.commit) {
    log.info(`Attempt ${d.attemptId} is recorded from the result workflow run ${resultRunId(d)} left: nothing runs in this job.`);
    return { ...emptyOutputs('IN_PROGRESS'), 'plan-id': d.planId };
  }
  const branch = planBranch(inputs, d.planId);
  if (branch !== d.branch) {
    throw new ConfigError(`Input 'attempt' names the work branch ${d.branch}, and this job's inputs give ${branch} for plan ${d.planId}: give every job of the workflow the same state-branch.`);
  }
  await checkoutCheckpoint(ctx.git, REMOTE, d.branch, d.commit);
  const state = await checkpointState(ctx, d, d.commit);
  const cp = checkpointedAttempt(state, d.stepId, d.n, d.retry);
  if (!cp) throw new StateError(`At the checkpoint commit ${d.commit}, ${d.stepId} is not the step that runs: nothing runs.`);

  const settings = engineSettings(ctx, inputs, d.planId, log, {
    deadline: new Date(Date.now() + inputs.timeBudgetMinutes * 60_000),
    artifactName: resultArtifactName(d.attemptId),
    defaultBranch: async () => null,
  });
  // Nothing here writes: no notices, no store writes, no judging of other runs' attempts.
  const { deps, cfg } = await createEngine(settings, { log, notifier: { notify: async () => {} }, owners: { liveness: async () => 'unknown' } });
  const agent = new RecordingAgentRunner(deps.agent);
  const verifier = new RecordingVerifier(deps.verifier);
  deps.agent = agent;
  deps.verifier = verifier;
  const engine = { deps, cfg };

  const pre = await preflight(engine, state, stepDef(state, d.stepId), d.stepId);
  let verdict: AttemptResult | null = null;
  let ended: AgentResult;
  if (pre.ok) {
    const start = {
      stepId: d.stepId,
      n: d.n,
      prompt: cp.prompt,
      retry: d.retry,
      ...(cp.detourFor ? { detourFor: cp.detourFor } : {}),
      argv: pre.argv,
      program: pre.program,
      timeoutMs: d.timeoutMs,
      ...(pre.stream ? { stream: pre.stream } : {}),
    };
    // No /cancel is heard here (the job cannot read the issue); a cancelled workflow run stops the agent.
    verdict = await runAgent(engine, state, start, () => () => {});
    // A stream's output is kept as the lines it was shown as (the verdict's), not as raw JSON.
    ended = agent.last ? { ...agent.last, stdout: verdict.stdout } : notStarted('the agent did not start');
  } else {
    log.error(`${d.stepId}: the agent cannot start in this job: ${pre.problems.join('; ')}`);
    ended = notStarted(`preflight failed in the agent job: ${pre.problems.join('; ')}`);
  }

  const staging = await mkdtemp(path.join(ctx.runnerTemp, 'sequencer-result-'));
  try {
    const bundle = path.join(staging, 'changes.bundle');
    // Everything the agent changed goes to apply, which decides (a forged state included), but
    // this attempt's own log folder, inbox and lock: they are the sequencer's working files.
    const working = workingFiles(stateFileRel(d.planId));
    const packed = await packAttemptChanges({ git: ctx.git, base: d.commit, exclude: [working.logDir, working.inboxDir, working.lockFile], out: bundle, message: `${d.stepId} attempt ${d.n}` });
    const record: AttemptResultRecord = {
      v: 1,
      attemptId: d.attemptId,
      agent: scrubbedAgent(ended, log.secrets),
      checks: verifier.checks.map((c) => scrubbedCheck(c, log.secrets)),
      ...(verifier.queries.length ? { queries: verifier.queries.map((q) => scrubbedQuery(q, log.secrets)) } : {}),
      changes: packed !== null,
      // What the agent used, and a budget stop, for apply to record (the agent's word, as in one job).
      ...(verdict?.usage ? { usage: verdict.usage } : {}),
      ...(verdict?.wallMs !== undefined ? { wallMs: Math.min(verdict.wallMs, RESULT_LIMITS.durationMs) } : {}),
      ...(verdict?.outcome === 'over_budget' && verdict.error ? { overBudget: boundText(log.secrets.scrub(verdict.error), RESULT_LIMITS.spawnError - 200) } : {}),
    };
    await writeFile(path.join(staging, 'result.json'), formatAttemptResult(record));
    await mkdir(path.join(staging, 'logs'));
    const logs = await stageScrubbedLogs(cfg.logDir, log.secrets, path.join(staging, 'logs'), isStdoutCopy);
    const files = [path.join(staging, 'result.json'), ...(packed ? [bundle] : []), ...(logs?.files ?? [])];
    const name = resultArtifactName(d.attemptId);
    const uploaded = await uploadResultArtifact(name, staging, files);
    log.info(
      `The result of ${d.attemptId} (${verdict?.outcome ?? 'not started'}${packed ? ', with changes' : ', no changes'}) is in the artifact ${name}${uploaded.size !== undefined ? ` (${uploaded.size} bytes)` : ''}; the apply job checks and records it.`,
    );
  } catch (err) {
    throw new Error(`The result of ${d.attemptId} could not be handed to the apply job: ${describeError(err)}`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return outputsFor(state, branch);
}

/** The state prepare checkpointed, read from the commit itself; it must hold this attempt in flight. */
async function checkpointState(ctx: RunContext, d: AttemptDescriptor, commit: string): Promise<State> {
  const text = await fileAt(ctx.git, commit, stateFileRel(d.planId));
  if (text === null) throw new StateError(`There is no state for plan ${d.planId} at the checkpoint commit ${commit}: nothing runs.`);
  let state: State;
  try {
    state = parseState(JSON.parse(text), { owned: true });
  } catch (err) {
    throw new StateError(`The state at the checkpoint commit ${commit} cannot be read: ${describeError(err)}`);
  }
  const standing = attemptStanding(state, d);
  if (standing.kind !== 'in-flight') {
    throw new StateError(
      `The state at the checkpoint commit ${commit} does not have attempt ${d.n} of ${d.stepId} in flight (${standing.kind === 'stale' ? standing.reason : 'it is recorded already'}): nothing runs.`,
    );
  }
  return state;
}

function notStarted(spawnError: string): AgentResult {
  return { exitCode: null, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 0, spawnError };
}

/** What crosses to the apply job: no known secret (apply does not know the agent's key), and within the limits apply reads. */
function scrubbedAgent(r: AgentResult, secrets: Scrubber): AgentResult {
  const cut = (text: string, max: number) => boundText(secrets.scrub(text), max - 200);
  return {
    ...r,
    stdout: cut(r.stdout, RESULT_LIMITS.agentText),
    stderr: cut(r.stderr, RESULT_LIMITS.agentText),
    ...(r.spawnError !== undefined ? { spawnError: cut(r.spawnError, RESULT_LIMITS.spawnError) } : {}),
  };
}

function scrubbedCheck(c: CheckRecord, secrets: Scrubber): CheckRecord {
  const cut = (text: string) => boundText(secrets.scrub(text), RESULT_LIMITS.checkText - 200);
  const r = c.result;
  return { argv: c.argv, result: { ...r, stdout: cut(r.stdout), stderr: cut(r.stderr), ...(r.spawnError !== undefined ? { spawnError: cut(r.spawnError) } : {}) } };
}

/** A value or problem read from the agent's database crosses like a check's output: with no known secret. */
function scrubbedQuery(q: QueryRecord, secrets: Scrubber): QueryRecord {
  const f = q.fact;
  if (f.kind === 'error') return { ...q, fact: { kind: 'error', problem: boundText(secrets.scrub(f.problem), RESULT_LIMITS.spawnError - 200) } };
  if (f.kind === 'row' && typeof f.value === 'string') return { ...q, fact: { ...f, value: secrets.scrub(f.value) } };
  return q;
}
