// The apply job of the isolated layout (`phase: apply`, docs/security.md). No agent and no code
// the agent wrote runs here. It loads the state, and when the attempt prepare handed on is still
// in flight it downloads the agent job's artifact and reads every byte of it as untrusted: the
// result is checked against its schema and the attempt id, the changes must be one commit on the
// checkpoint, and only the paths a step may change are written into the work tree. Then the
// step's contract is judged here by the engine's own judge (required outputs and file rules on
// the applied files; command and db_query rules by the results the agent job recorded, so the
// agent-written database is never opened in this job, which holds the write token) and recorded
// by the engine's own finish: outputs and state in one commit, notices, and a run to continue the
// plan.
// An attempt with no usable result is recorded as failed with the reason, never lost; one that is
// recorded already, or that the plan moved past, is left alone.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fetchAttemptChanges, listAttemptChanges, writeAttemptChanges } from '../adapters/git/attempt-changes.js';
import type { GitHubClient } from '../adapters/github/github-client.js';
import { downloadResultArtifact } from '../adapters/toolkit/result-artifact.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { ZipError, ZipReader } from '../adapters/toolkit/zip-entries.js';
import { ConfigError, describeError } from '../core/errors.js';
import { applyAction, attemptStanding, type ResultFound } from '../core/isolation/apply-decision.js';
import { resultRunId, type AttemptDescriptor } from '../core/isolation/attempt-descriptor.js';
import { parseAttemptResult, RESULT_LIMITS, type AttemptResultRecord } from '../core/isolation/attempt-result.js';
import { confineChanges, DEFAULT_CONFINEMENT, keptRefusals, type ConfinementLimits, type RefusedPath } from '../core/isolation/change-confinement.js';
import { resultArtifactName } from '../core/render/artifact-names.js';
import { countOf } from '../core/render/plural.js';
import { currentStepId } from '../core/state/step-view.js';
import type { State } from '../core/state/types.js';
import type { AttemptResult } from '../core/tick/apply.js';
import { detourChain } from '../core/tick/remediation.js';
import { finish } from '../engine/attempt.js';
import { judge } from '../engine/attempt-judge.js';
import { Ledger } from '../engine/commit.js';
import { attemptPaths } from '../engine/step-contract.js';
import { DEFAULT_PAYLOAD_MAX_BYTES } from '../core/tick/payload.js';
import { ReplayedChecks } from '../wiring/attempt-records.js';
import { STATE_DIR } from '../wiring/plan-layout.js';
import type { RunContext } from './context.js';
import { continuePlan } from './continuation.js';
import type { ActionInputs } from './inputs.js';
import { emptyOutputs, type PlanOutputs } from './outputs.js';
import { outputsFor } from './plan-outputs.js';
import { planEngine, reportPlan, type PlanEngine } from './plan-tick.js';
import { planBranch } from './plan-settings.js';
import { withStore } from '../store-access.js';

/** The largest artifact read: the changes' own limit, with room for logs and packing. */
const MAX_ARTIFACT_BYTES = 2 * 1024 * 1024 * 1024;
/** A command log longer than this is left out (its calls are not counted), as in a single job. */
const COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;

export async function runApplyPhase(ctx: RunContext, inputs: ActionInputs, client: () => Promise<GitHubClient>, log: ToolkitLog): Promise<PlanOutputs> {
  const d = inputs.attempt;
  if (!d) {
    log.info('Nothing to apply: the prepare job handed on no attempt.');
    return emptyOutputs('IDLE');
  }
  const branch = planBranch(inputs, d.planId);
  if (branch !== d.branch) {
    throw new ConfigError(`Input 'attempt' names the work branch ${d.branch}, and this job's inputs give ${branch} for plan ${d.planId}: give every job of the workflow the same state-branch.`);
  }
  const pe = await planEngine(ctx, inputs, await client(), log, { planId: d.planId, deadline: new Date(Date.now() + inputs.timeBudgetMinutes * 60_000) });
  const { store } = pe.deps;
  let state: State | undefined;
  let writes = 0;
  const recorded = await withStore(store, 'write', async () => {
    const loaded = await store.load();
    state = loaded.kind === 'loaded' ? loaded.state : undefined;
    const standing = attemptStanding(state ?? null, d);
    if (standing.kind !== 'in-flight') {
      const action = applyAction(standing, d, inputs.agentResult, { kind: 'missing' });
      log.info(`Nothing to record: ${action.kind === 'already-recorded' ? action.detail : action.kind === 'stale' ? action.reason : action.kind}.`);
      return false;
    }
    const ledger = new Ledger(pe.deps, state!);
    const verdict = await verdictOf(ctx, inputs, pe, d, state!);
    const detourFor = detourOf(state!, d.stepId);
    await finish({ deps: pe.deps, cfg: pe.cfg }, ledger, { stepId: d.stepId, n: d.n, ...(detourFor ? { detourFor } : {}) }, verdict);
    log.info(`Recorded ${d.attemptId}: ${verdict.outcome}${verdict.error ? ` (${verdict.error})` : ''}; the plan is ${ledger.state.status}.`);
    state = ledger.state;
    writes = ledger.writes;
    return true;
  });
  if (!recorded) return state ? outputsFor(state, branch) : emptyOutputs('MISSING');
  await reportPlan(pe, log, state, writes, ctx);
  // One attempt per run in this layout: a plan with work left goes on in a run of its own.
  if (state?.status === 'IN_PROGRESS') await continuePlan(ctx, inputs, client, log, d.planId, `to continue ${d.planId}`);
  return outputsFor(state!, branch);
}

/** The verdict on the attempt: from its result when there is one that passes the checks, else a failure saying why. */
async function verdictOf(ctx: RunContext, inputs: ActionInputs, pe: PlanEngine, d: AttemptDescriptor, state: State): Promise<AttemptResult> {
  const log = pe.deps.log;
  const dir = await mkdtemp(path.join(ctx.runnerTemp, 'sequencer-apply-'));
  let zip: ZipReader | undefined;
  try {
    const found = await readResult(ctx, inputs, d, dir);
    zip = found.zip;
    const action = applyAction({ kind: 'in-flight', attempt: state.stepRuns[d.stepId]!.attempts!.at(-1)! }, d, inputs.agentResult, found.found);
    if (action.kind !== 'record' || !found.record) {
      const reason = action.kind === 'fail' ? action.reason : 'the agent job left no result';
      log.error(`${d.stepId} attempt ${d.n}: ${reason}.`);
      return failed(reason);
    }
    const applied = await applyChanges(ctx, d, found.record, found.bundle, confinementLimits());
    if ('failure' in applied) {
      log.error(`${d.stepId} attempt ${d.n}: ${applied.failure}.`);
      return failed(applied.failure);
    }
    if (applied.refused.length) {
      log.warn(
        `${d.stepId} attempt ${d.n}: ${countOf(applied.refused.length, 'change')} left out: ${applied.refused
          .slice(0, 10)
          .map((r) => `${r.path} (${r.reason})`)
          .join('; ')}${applied.refused.length > 10 ? '; …' : ''}`,
      );
    }
    // The payload and command log the agent job handed over, where the judge reads them.
    const paths = attemptPaths(pe.cfg.logDir, d.stepId, d.n);
    await placeAttemptFile(found.zip!, `logs/${d.stepId}/attempt-${d.n}.payload.json`, paths.payloadFile, pe, (pe.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES) + 1);
    await placeAttemptFile(found.zip!, `logs/${d.stepId}/attempt-${d.n}.commands.jsonl`, paths.commandLog, pe, COMMAND_LOG_MAX_BYTES + 1);
    pe.deps.verifier = new ReplayedChecks(pe.deps.verifier, found.record.checks, found.record.queries);
    const judged = await judge({ deps: pe.deps, cfg: pe.cfg }, state, { stepId: d.stepId, n: d.n, timeoutMs: d.timeoutMs }, found.record.agent);
    const verdict = withUsage(judged, found.record);
    const kept = keptRefusals(applied.refused);
    return applied.refused.length ? { ...verdict, ...kept } : verdict;
  } finally {
    await zip?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What the agent job read of the agent's usage, and a stop for a spent budget (an agent stopped
 * by its budget ends like a cancelled one; the record says which it was).
 */
function withUsage(verdict: AttemptResult, record: AttemptResultRecord): AttemptResult {
  const stopped = record.overBudget !== undefined && verdict.outcome === 'cancelled' ? { outcome: 'over_budget' as const, error: record.overBudget } : {};
  return { ...verdict, ...stopped, ...(record.usage ? { usage: record.usage } : {}), ...(record.wallMs !== undefined ? { wallMs: record.wallMs } : {}) };
}

interface ReadResult {
  found: ResultFound;
  record?: AttemptResultRecord;
  /** The open archive (the caller closes it), when it could be opened. */
  zip?: ZipReader;
  bundle?: string;
}

/** Downloads and reads the artifact; a result that breaks a rule is `refused` with the reason, a missing one `missing`. */
async function readResult(ctx: RunContext, inputs: ActionInputs, d: AttemptDescriptor, dir: string): Promise<ReadResult> {
  const downloadDir = path.join(dir, 'download');
  const name = resultArtifactName(d.attemptId);
  await mkdir(downloadDir);
  const got = await downloadResultArtifact({
    name,
    runId: resultRunId(d),
    currentRunId: ctx.runId,
    token: inputs.token,
    owner: ctx.owner,
    repo: ctx.repo,
    dir: downloadDir,
    maxBytes: MAX_ARTIFACT_BYTES,
  });
  if (got.kind === 'missing') return { found: { kind: 'missing' } };
  if (got.kind === 'too-large') return { found: { kind: 'refused', reason: `the artifact ${name} is ${got.bytes} bytes, more than the ${MAX_ARTIFACT_BYTES} apply reads` } };
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(got.zip);
  } catch (err) {
    if (err instanceof ZipError) return { found: { kind: 'refused', reason: `the artifact ${name}: ${err.message}` } };
    throw err;
  }
  const refused = (reason: string): ReadResult => ({ found: { kind: 'refused', reason }, zip });
  try {
    const json = await zip.read('result.json', RESULT_LIMITS.jsonBytes);
    if (!json) return refused(`the artifact ${name} has no result.json`);
    const parsed = parseAttemptResult(json.toString('utf8'), d.attemptId);
    if (!parsed.ok) return refused(parsed.error);
    let bundle: string | undefined;
    if (parsed.record.changes) {
      bundle = path.join(dir, 'changes.bundle');
      if (!(await zip.extract('changes.bundle', bundle, MAX_ARTIFACT_BYTES))) return refused('result.json says there are changes, and the artifact has no changes.bundle');
    }
    return { found: { kind: 'found' }, record: parsed.record, zip, ...(bundle ? { bundle } : {}) };
  } catch (err) {
    if (err instanceof ZipError) return refused(`the artifact ${name}: ${err.message}`);
    throw err;
  }
}

type Applied = { refused: RefusedPath[] } | { failure: string };

/** Brings the accepted part of the agent's changes into the work tree; the rest is refused with reasons. */
async function applyChanges(ctx: RunContext, d: AttemptDescriptor, record: AttemptResultRecord, bundle: string | undefined, limits: ConfinementLimits): Promise<Applied> {
  if (!record.changes || !bundle) return { refused: [] };
  const fetched = await fetchAttemptChanges(ctx.git, bundle, d.commit);
  if (!fetched.ok) return { failure: `the agent job's result was refused: ${fetched.reason}` };
  const changes = await listAttemptChanges(ctx.git, fetched.base, fetched.tip);
  const { accepted, refused } = confineChanges(changes, limits, [STATE_DIR]);
  try {
    await writeAttemptChanges(ctx.git, fetched.tip, accepted);
  } catch (err) {
    return { failure: `the agent's changes could not be applied: ${describeError(err)}` };
  }
  return { refused };
}

/** Limits from the environment (SEQUENCER_MAX_FILE_BYTES, SEQUENCER_MAX_CHANGE_BYTES), for runners that need less. */
function confinementLimits(): ConfinementLimits {
  const read = (name: string, fallback: number) => {
    const raw = process.env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > fallback) throw new ConfigError(`${name} is "${raw}"; expected a whole number of bytes from 1 to ${fallback}.`);
    return n;
  };
  return { maxFileBytes: read('SEQUENCER_MAX_FILE_BYTES', DEFAULT_CONFINEMENT.maxFileBytes), maxTotalBytes: read('SEQUENCER_MAX_CHANGE_BYTES', DEFAULT_CONFINEMENT.maxTotalBytes) };
}

/** Copies one attempt file out of the artifact to where the judge reads it (a fresh file); a missing one stays missing. */
async function placeAttemptFile(zip: ZipReader, entry: string, target: string, pe: PlanEngine, max: number): Promise<void> {
  await pe.deps.attemptFiles.remove(target);
  let data: Buffer | null;
  try {
    data = await zip.read(entry, max);
  } catch (err) {
    if (!(err instanceof ZipError)) throw err;
    // Too large (or broken): a file just over the judge's limit makes it fail the attempt the
    // way an oversized payload fails it in a single job.
    pe.deps.log.warn(`${entry} in the result was not read: ${err.message}`);
    data = Buffer.alloc(max, 0x20);
  }
  if (data) await pe.deps.attemptFiles.write(target, data.toString('utf8'));
}

/** The step a remediation step repairs, when the attempt is one. */
function detourOf(state: State, stepId: string): string | undefined {
  const current = currentStepId(state);
  if (current === undefined) return undefined;
  const chain = detourChain(state, current);
  return chain.length > 1 && chain[chain.length - 1] === stepId ? chain[chain.length - 2] : undefined;
}

function failed(reason: string): AttemptResult {
  return { outcome: 'failed', exitCode: null, error: reason, stdout: '', durationMs: 0, outputs: [] };
}
