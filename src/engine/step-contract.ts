// The files and checks around one attempt that make up a step's contract: where its log, payload
// and guard files go, the payload it may write, the earlier payloads it may read, the
// environment it and its check commands get, and the validation rules it must pass. Kept apart
// from the attempt's steps so those stay about ordering and durability.
import path from 'node:path';
import { commandLine } from '../core/guard/tool-policy.js';
import type { JudgeContext } from '../core/tick/judge-attempt.js';
import { inheritedPayloads, interpretPayload } from '../core/tick/payload.js';
import { interpretResult, RESULT_MAX_BYTES } from '../core/tick/declared-result.js';
import { evaluateRules } from '../core/tick/rules.js';
import { peopleEnv, peopleOf } from '../core/tick/people.js';
import { attemptId, stepDef } from '../core/state/step-view.js';
import type { State, StepDef } from '../core/state/types.js';
import type { AttemptFiles, Verifier } from '../ports.js';

/** Everything an attempt writes or reads beside its log; fresh per attempt number. */
export interface AttemptPaths {
  logFile: string;
  /**
   * The agent's stdout alone, kept beside the log when its stream is read: what a later tick
   * reads the usage back from, since the log holds stderr wherever it came, inside a line too.
   */
  stdoutFile: string;
  payloadFile: string;
  /** Where the agent may declare its outcome ($SEQUENCER_RESULT_FILE, core/tick/declared-result.ts). */
  resultFile: string;
  inputFile: string;
  /** Absent while the agent may work on; appears when a cancel asks it to stop ($SEQUENCER_STOP_FILE). */
  stopFile: string;
  /** The attempt's tool policy, read by the tool hooks and `exec` ($SEQUENCER_POLICY_FILE). */
  policyFile: string;
  /** One JSON line per tool call and result ($SEQUENCER_COMMAND_LOG). */
  commandLog: string;
  /** Claude Code settings wiring its tool hooks to this CLI ($SEQUENCER_CLAUDE_SETTINGS). */
  claudeSettings: string;
  /** Where an agent whose stream is not read may report its tokens and cost ($SEQUENCER_USAGE_FILE). */
  usageFile: string;
  checkLog: (index: number) => string;
}

const STDOUT_COPY = '.stdout';

/**
 * Whether a file of the log folder is an attempt's stdout copy: the log already holds every byte
 * of it, so what publishes the logs leaves it out rather than carry the stream twice.
 */
export function isStdoutCopy(file: string): boolean {
  return file.endsWith(STDOUT_COPY);
}

export function attemptPaths(logDir: string, stepId: string, n: number): AttemptPaths {
  const base = `${logDir}/${stepId}/attempt-${n}`;
  return {
    logFile: `${base}.log`,
    stdoutFile: `${base}${STDOUT_COPY}`,
    payloadFile: `${base}.payload.json`,
    resultFile: `${base}.result.json`,
    inputFile: `${base}.input.json`,
    stopFile: `${base}.stop`,
    policyFile: `${base}.policy.json`,
    commandLog: `${base}.commands.jsonl`,
    claudeSettings: `${base}.claude-settings.json`,
    usageFile: `${base}.usage.json`,
    checkLog: (index) => `${base}.check-${index + 1}.log`,
  };
}

/**
 * An attempt file as the state and every message name it: relative to the state's folder, since
 * a runner's absolute path means nothing once the run is over (the logs are in the run's artifact).
 */
export function shownPath(logDir: string, file: string): string {
  return path.relative(path.dirname(logDir), file);
}

/**
 * Before the agent starts: a payload file left by an earlier, crashed run of this same attempt
 * must not count as this run's, and with `inheritPayload` the payloads of earlier steps are
 * written for it ($SEQUENCER_INPUT_FILE, see attemptEnv).
 */
export async function prepareAttempt(files: AttemptFiles, state: State, def: StepDef, paths: AttemptPaths, guard?: GuardFiles): Promise<void> {
  await files.remove(paths.payloadFile);
  await files.remove(paths.resultFile);
  await files.remove(paths.stopFile);
  // Calls logged (and usage reported) by an earlier, crashed run of this attempt number are not
  // this run's; nor are its log and stdout, whose usage would be read back should this run die
  // before its agent starts.
  await files.remove(paths.commandLog);
  await files.remove(paths.usageFile);
  await files.remove(paths.logFile);
  await files.remove(paths.stdoutFile);
  if (guard) {
    await files.write(paths.policyFile, guard.policyText);
    if (guard.claudeSettingsText !== undefined) await files.write(paths.claudeSettings, guard.claudeSettingsText);
  }
  if (def.inheritPayload === true) await files.write(paths.inputFile, `${JSON.stringify(inheritedPayloads(state), null, 2)}\n`);
}

/** The tool-guard files of an attempt: its policy, and the Claude Code settings when the CLI's path is known. */
export interface GuardFiles {
  policyText: string;
  claudeSettingsText?: string;
}

/** Where an attempt runs, for its environment. */
export interface AttemptSite {
  workspaceRoot: string;
  /** The argv that starts this CLI, when known (see EngineConfig.cliCommand). */
  cliCommand?: string[];
  /** Extra environment for every attempt (EngineConfig.agentEnv). */
  agentEnv?: Record<string, string>;
  /** Who runs the CLI: the requester and approver a state does not name (EngineConfig.localUser). */
  localUser?: string;
}

/** The forwarder command as the agent types it: this CLI's own path when known. */
export function forwarder(cliCommand: string[] | undefined): string {
  return cliCommand ? commandLine([...cliCommand, 'exec']) : 'agent-step-sequencer exec';
}

/**
 * The environment of attempt `n` of a step: the extra environment of every attempt, the step's
 * own `env`, then the SEQUENCER_ variables. The agent gets it, and so do the check commands of
 * the step's validation rules, whether the attempt just ended or was interrupted.
 */
export function attemptEnv(state: State, { stepId, n }: { stepId: string; n: number }, paths: AttemptPaths, site: AttemptSite): Record<string, string> {
  const def = stepDef(state, stepId);
  return {
    ...site.agentEnv,
    ...def.env,
    SEQUENCER_POLICY_FILE: paths.policyFile,
    SEQUENCER_COMMAND_LOG: paths.commandLog,
    ...(site.cliCommand ? { SEQUENCER_CLAUDE_SETTINGS: paths.claudeSettings, SEQUENCER_EXEC: forwarder(site.cliCommand) } : {}),
    SEQUENCER_PLAN_ID: state.planId ?? 'plan',
    SEQUENCER_STEP_ID: stepId,
    SEQUENCER_ATTEMPT: String(n),
    SEQUENCER_ATTEMPT_ID: attemptId(state, stepId, n),
    SEQUENCER_WORKSPACE: site.workspaceRoot,
    SEQUENCER_PAYLOAD_FILE: paths.payloadFile,
    SEQUENCER_RESULT_FILE: paths.resultFile,
    SEQUENCER_STOP_FILE: paths.stopFile,
    SEQUENCER_USAGE_FILE: paths.usageFile,
    SEQUENCER_STEP_INDEX: String(state.currentStep + 1),
    SEQUENCER_STEP_TOTAL: String(state.stepQueue.length),
    SEQUENCER_REQUIRED_OUTPUTS: JSON.stringify(def.requiredOutputs ?? []),
    ...peopleEnv(peopleOf(state, site.localUser)),
    ...(def.inheritPayload === true ? { SEQUENCER_INPUT_FILE: paths.inputFile } : {}),
  };
}

export interface ContractDeps {
  verifier: Verifier;
  files: AttemptFiles;
  payloadMaxBytes: number;
  /** The engine's clock, for rules that judge age (payload_provenance). */
  now?: () => Date;
}

/** The payload and rule parts of judging an attempt of `def`; aborting `signal` (a /cancel) ends the rule checks. */
export function contractChecks(
  deps: ContractDeps,
  state: State,
  def: StepDef,
  paths: AttemptPaths,
  env: Record<string, string>,
  signal?: AbortSignal,
): Pick<JudgeContext, 'readPayload' | 'readResult' | 'checkRules' | 'signal'> {
  const maxBytes = deps.payloadMaxBytes;
  const rules = def.validate ?? [];
  return {
    readPayload: async () => interpretPayload(await deps.files.read(paths.payloadFile, maxBytes), { maxBytes, expected: def.expectPayload === true }),
    readResult: async () => interpretResult(await deps.files.read(paths.resultFile, RESULT_MAX_BYTES)),
    ...(rules.length
      ? {
          checkRules: (payload) =>
            evaluateRules(rules, {
              verifier: deps.verifier,
              payload,
              payloadOf: (id) => state.stepRuns[id]?.payload,
              env,
              logFileFor: paths.checkLog,
              ...(deps.now ? { now: deps.now() } : {}),
              ...(signal ? { signal } : {}),
            }),
          ...(signal ? { signal } : {}),
        }
      : {}),
  };
}
