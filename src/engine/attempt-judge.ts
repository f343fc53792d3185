// Judging what an attempt left: the step's contract (exit code, required outputs, payload,
// validation rules), the calls its command log recorded, and every attempt file it names shown
// relative to the state's folder.
import path from 'node:path';
import type { AttemptResult } from '../core/tick/apply.js';
import { summarizeCommandLog } from '../core/guard/command-log.js';
import { judgeAttempt, judgeToolBudget } from '../core/tick/judge-attempt.js';
import { effectivePolicy, toolBudgetProblem } from '../core/guard/tool-policy.js';
import { DEFAULT_PAYLOAD_MAX_BYTES } from '../core/tick/payload.js';
import { countOf } from '../core/render/plural.js';
import { stepDef, stepRun } from '../core/state/step-view.js';
import { CHANGED_FILES_PER_ATTEMPT } from '../core/render/changed-files.js';
import type { State } from '../core/state/types.js';
import type { AgentResult } from '../ports.js';
import { attemptEnv, attemptPaths, contractChecks, shownPath, type AttemptPaths, type AttemptSite } from './step-contract.js';
import type { Engine, EngineConfig } from './types.js';

/** Command logs longer than this are not counted (a runaway agent); the log itself is kept. */
const COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;

/** The attempt being judged: which one, and the time it was given. */
export interface JudgeSubject {
  stepId: string;
  n: number;
  timeoutMs: number;
}

/**
 * The verdict on attempt `subject` of a step, from how its agent ended and what it left: the
 * same for an attempt that just ended and for one whose tick died (see recovery.ts), so both
 * check the contract with the same environment and show the same paths. Aborting `signal` (a
 * /cancel seen while the rules are checked) ends the checks and makes the attempt cancelled.
 */
export async function judge(engine: Engine, state: State, subject: JudgeSubject, result: AgentResult, signal?: AbortSignal): Promise<AttemptResult> {
  const { deps, cfg } = engine;
  const def = stepDef(state, subject.stepId);
  const paths = attemptPaths(cfg.logDir, subject.stepId, subject.n);
  const env = attemptEnv(state, subject, paths, attemptSite(engine));
  const contract = { verifier: deps.verifier, files: deps.attemptFiles, payloadMaxBytes: cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES, now: () => deps.clock.now() };
  const verdict = withShownPaths(
    await judgeAttempt(result, {
      requiredOutputs: def.requiredOutputs ?? [],
      ...(def.outputTolerance ? { outputTolerance: def.outputTolerance } : {}),
      ...(def.maxOutputBytes !== undefined ? { maxOutputBytes: def.maxOutputBytes } : {}),
      missingOutputs: (outputs) => deps.workspace.missingOutputs(outputs),
      timeoutMs: subject.timeoutMs,
      logFile: shownAttemptFile(cfg, paths.logFile),
      ...contractChecks(contract, state, def, paths, env, signal),
    }),
    cfg,
  );
  const toolCalls = await countToolCalls(engine, paths);
  if (toolCalls) {
    verdict.toolCalls = toolCalls;
    deps.log.info(`${subject.stepId} attempt ${subject.n}: ${countOf(toolCalls.calls, 'tool call')}, ${toolCalls.denied} denied (${shownAttemptFile(cfg, paths.commandLog)}).`);
  }
  if (verdict.missingOutputs?.length) {
    deps.log.warn(
      `${subject.stepId} attempt ${subject.n} is done without ${verdict.missingOutputs.length} of its ${def.requiredOutputs?.length ?? 0} required outputs (outputTolerance ${def.outputTolerance}): ${verdict.missingOutputs.join(', ')}.`,
    );
  }
  // Past maxCalls the attempt fails, unless the plan chose to only deny (tools.onExceed).
  const judged = judgeToolBudget(verdict, toolBudgetProblem(effectivePolicy(state.plan, subject.stepId), toolCalls));
  if (judged.outcome === 'succeeded' || judged.outcome === 'recovered') Object.assign(judged, await changedFiles(engine, state, subject));
  return judged;
}

/**
 * What the attempt created or changed in the workspace, for the final summary: files modified
 * since it started, leaving out the sequencer's own (the state folder, or an original state.json and
 * its logs, lock and inbox beside it).
 */
async function changedFiles({ deps, cfg }: Engine, state: State, subject: JudgeSubject): Promise<{ changedFiles?: string[]; changedFilesMore?: number }> {
  const started = stepRun(state, subject.stepId).attempts?.find((a) => a.n === subject.n)?.startedAt;
  if (!deps.workspace.changedFiles || !started) return {};
  const stateFile = cfg.logDir.replace(/\.logs$/, '');
  const rel = path.relative(deps.workspace.root, stateFile).split(path.sep).join('/');
  const exclude = ['.sequencer/', ...(rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? [rel] : [])];
  try {
    const found = await deps.workspace.changedFiles(new Date(started), { exclude, limit: CHANGED_FILES_PER_ATTEMPT });
    return { ...(found.files.length ? { changedFiles: found.files } : {}), ...(found.more ? { changedFilesMore: found.more } : {}) };
  } catch (err) {
    deps.log.warn(`The files ${subject.stepId} attempt ${subject.n} changed could not be listed: ${err instanceof Error ? err.message : String(err)}.`);
    return {};
  }
}

/** Where this engine's attempts run, for their environment. */
export function attemptSite({ deps, cfg }: Engine): AttemptSite {
  return {
    workspaceRoot: deps.workspace.root,
    ...(cfg.cliCommand ? { cliCommand: cfg.cliCommand } : {}),
    ...(cfg.agentEnv ? { agentEnv: cfg.agentEnv } : {}),
    ...(cfg.localUser ? { localUser: cfg.localUser } : {}),
  };
}

/** Calls and denied calls in the attempt's command log; undefined when the agent logged none (no hook, no forwarder). */
async function countToolCalls({ deps }: Engine, paths: AttemptPaths): Promise<{ calls: number; denied: number } | undefined> {
  const read = await deps.attemptFiles.read(paths.commandLog, COMMAND_LOG_MAX_BYTES);
  if (read.kind === 'text') return summarizeCommandLog(read.text);
  if (read.kind !== 'missing')
    deps.log.warn(`The command log ${paths.commandLog} was not counted: ${read.kind === 'too-large' ? `${read.bytes} bytes, more than ${COMMAND_LOG_MAX_BYTES}` : read.reason}.`);
  return undefined;
}

/** An attempt file (`<logDir>/…`) as messages name it (EngineConfig.attemptFileText). */
export function shownAttemptFile(cfg: Pick<EngineConfig, 'logDir' | 'attemptFileText'>, file: string): string {
  return cfg.attemptFileText ? cfg.attemptFileText(path.relative(cfg.logDir, file)) : shownPath(cfg.logDir, file);
}

/**
 * `value` with every attempt file it names (in truncated output, errors, failed rules) written as
 * `shownAttemptFile` writes it, and any other mention of the state's folder made relative to it.
 */
function withShownPaths<T>(value: T, cfg: Pick<EngineConfig, 'logDir' | 'attemptFileText'>): T {
  const escape = (text: string) => JSON.stringify(text).slice(1, -1);
  let json = JSON.stringify(value);
  if (cfg.attemptFileText) {
    const [first = '', ...rest] = json.split(escape(`${cfg.logDir}${path.sep}`));
    json =
      first +
      rest
        .map((piece) => {
          const relative = /^[^"\s)\]\\]+/.exec(piece)?.[0] ?? '';
          return escape(cfg.attemptFileText!(relative)) + piece.slice(relative.length);
        })
        .join('');
  }
  const prefix = `${path.dirname(cfg.logDir)}${path.sep}`;
  if (prefix.length > 1) json = json.split(escape(prefix)).join('');
  return JSON.parse(json) as T;
}
