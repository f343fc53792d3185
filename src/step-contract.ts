// The files and checks around one attempt that make up a step's contract: the payload it may
// write, the earlier payloads it may read, and the validation rules it must pass. Kept apart
// from the tick so engine.ts stays about ordering and durability.
import type { JudgeContext } from './core/tick/judge-attempt.js';
import { inheritedPayloads, interpretPayload } from './core/tick/payload.js';
import { evaluateRules } from './core/tick/rules.js';
import type { State, StepDef } from './core/state/types.js';
import type { AttemptFiles, Verifier } from './ports.js';

/** Everything an attempt writes or reads beside its log; fresh per attempt number. */
export interface AttemptPaths {
  logFile: string;
  payloadFile: string;
  inputFile: string;
  /** Absent while the agent may work on; appears when a cancel asks it to stop ($SEQUENCER_STOP_FILE). */
  stopFile: string;
  /** The attempt's tool policy, read by the tool hooks and `exec` ($SEQUENCER_POLICY_FILE). */
  policyFile: string;
  /** One JSON line per tool call and result ($SEQUENCER_COMMAND_LOG). */
  commandLog: string;
  /** Claude Code settings wiring its tool hooks to this CLI ($SEQUENCER_CLAUDE_SETTINGS). */
  claudeSettings: string;
  checkLog(index: number): string;
}

export function attemptPaths(logDir: string, stepId: string, n: number): AttemptPaths {
  const base = `${logDir}/${stepId}/attempt-${n}`;
  return {
    logFile: `${base}.log`,
    payloadFile: `${base}.payload.json`,
    inputFile: `${base}.input.json`,
    stopFile: `${base}.stop`,
    policyFile: `${base}.policy.json`,
    commandLog: `${base}.commands.jsonl`,
    claudeSettings: `${base}.claude-settings.json`,
    checkLog: (index) => `${base}.check-${index + 1}.log`,
  };
}

/**
 * Before the agent starts: a payload file left by an earlier, crashed run of this same attempt
 * must not count as this run's, and with `inheritPayload` the payloads of earlier steps are
 * written for it. Returns the extra environment for the attempt.
 */
export async function prepareAttempt(files: AttemptFiles, state: State, def: StepDef, paths: AttemptPaths, guard?: GuardFiles): Promise<Record<string, string>> {
  await files.remove(paths.payloadFile);
  await files.remove(paths.stopFile);
  // Calls logged by an earlier, crashed run of this attempt number are not this run's.
  await files.remove(paths.commandLog);
  if (guard) {
    await files.write(paths.policyFile, guard.policyText);
    if (guard.claudeSettingsText !== undefined) await files.write(paths.claudeSettings, guard.claudeSettingsText);
  }
  if (def.inheritPayload !== true) return {};
  await files.write(paths.inputFile, `${JSON.stringify(inheritedPayloads(state), null, 2)}\n`);
  return { SEQUENCER_INPUT_FILE: paths.inputFile };
}

/** The tool-guard files of an attempt: its policy, and the Claude Code settings when the CLI's path is known. */
export interface GuardFiles {
  policyText: string;
  claudeSettingsText?: string;
}

export interface ContractDeps {
  verifier: Verifier;
  files: AttemptFiles;
  payloadMaxBytes: number;
}

/** The payload and rule parts of judging an attempt of `def`. */
export function contractChecks(deps: ContractDeps, state: State, def: StepDef, paths: AttemptPaths, env: Record<string, string>): Pick<JudgeContext, 'readPayload' | 'checkRules'> {
  const maxBytes = deps.payloadMaxBytes;
  const rules = def.validate ?? [];
  return {
    readPayload: async () => interpretPayload(await deps.files.read(paths.payloadFile, maxBytes), { maxBytes, expected: def.expectPayload === true }),
    ...(rules.length
      ? {
          checkRules: (payload) =>
            evaluateRules(rules, { verifier: deps.verifier, payload, payloadOf: (id) => state.stepRuns[id]?.payload, env, logFileFor: paths.checkLog }),
        }
      : {}),
  };
}
