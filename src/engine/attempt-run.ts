// The agent part of an attempt, after its checkpoint: the attempt's files are prepared, the
// agent runs under its timeout and the cancel watch, and what it left is judged. Nothing here
// writes the state: the verdict is a plain value that `finish` records.
import { claudeSettingsText } from '../core/guard/hook-protocols.js';
import { policyFileText } from '../core/guard/command-log.js';
import { effectivePolicy } from '../core/guard/tool-policy.js';
import { lineEcho } from '../core/render/output-echo.js';
import type { AttemptResult } from '../core/tick/apply.js';
import { OVERFLOW_STOP_MESSAGE, STOP_MESSAGE, TIMEOUT_STOP_MESSAGE } from '../core/tick/cooperative-stop.js';
import { withExecForwarder } from '../core/tick/prompts.js';
import { fillPeople } from '../core/tick/people.js';
import { expandAgentVariables } from '../core/trust/agent-command.js';
import { attemptId, maxAttemptsFor, stepDef } from '../core/state/step-view.js';
import type { State } from '../core/state/types.js';
import type { AgentResult } from '../ports.js';
import type { AttemptStart } from './attempt.js';
import { attemptSite, judge } from './attempt-judge.js';
import type { CancelWatch } from './inbox-session.js';
import { attemptEnv, attemptPaths, forwarder, prepareAttempt, type AttemptPaths } from './step-contract.js';
import type { Engine } from './types.js';

/** Launches the checkpointed attempt `start` of `state` and judges it, in one log group. */
export async function runAgent(engine: Engine, state: State, start: AttemptStart, watch: CancelWatch): Promise<AttemptResult> {
  const { deps, cfg } = engine;
  const def = stepDef(state, start.stepId);
  const paths = attemptPaths(cfg.logDir, start.stepId, start.n);
  const policy = effectivePolicy(state.plan, start.stepId);
  const guard = {
    policyText: policyFileText(attemptId(state, start.stepId, start.n), policy),
    ...(cfg.cliCommand ? { claudeSettingsText: claudeSettingsText(cfg.cliCommand) } : {}),
  };
  await prepareAttempt(deps.attemptFiles, state, def, paths, guard);
  const env = attemptEnv(state, start, paths, attemptSite(engine));
  // `tools.via: exec`: the agent is told to run its commands through the forwarder.
  const named = fillPeople(start.prompt, { ...(env.SEQUENCER_REQUESTER ? { requester: env.SEQUENCER_REQUESTER } : {}), ...(env.SEQUENCER_APPROVER ? { approver: env.SEQUENCER_APPROVER } : {}) });
  const prompt = policy.via === 'exec' ? withExecForwarder(named, forwarder(cfg.cliCommand)) : named;
  // A command step (`run`) gets its argv as approved, without a prompt.
  const command = def.run !== undefined;
  const agentArgs = command ? start.argv.slice(1) : expandAgentVariables(start.argv.slice(1), env);
  const position = `(${state.currentStep + 1}/${state.stepQueue.length})`;
  const role = start.detourFor ? ` (remediation for ${start.detourFor})` : '';
  const maxAttempts = maxAttemptsFor(def, cfg.limits);
  // The group holds the whole attempt: what runs, the agent's output as it arrives, the verdict.
  return deps.log.group(`${position} ${start.stepId} ${def.title}: attempt ${start.n}${start.retry ? ' (retry)' : ''}${role}`, async () => {
    deps.log.info(command ? attemptHeader(start.argv, null, start.timeoutMs, start.n, maxAttempts) : attemptHeader(start.argv, prompt, start.timeoutMs, start.n, maxAttempts));
    const result = await launch(engine, command ? [start.program, ...agentArgs] : [start.program, ...agentArgs, prompt], start.timeoutMs, paths, env, watch, def.maxOutputBytes);
    const verdict = await judge(engine, state, start, result);
    if (verdict.outcome === 'succeeded') deps.log.info(`${position} ${start.stepId} done (attempt ${start.n} of ${maxAttempts}, ${formatMs(result.durationMs)}).`);
    else deps.log.error(`${position} ${start.stepId} attempt ${start.n} ${verdict.outcome}: ${verdict.error}`);
    return verdict;
  });
}

/** Runs the agent until it exits, times out or is stopped by a cancel. */
async function launch({ deps, cfg }: Engine, argv: string[], timeoutMs: number, { logFile, stopFile }: AttemptPaths, env: Record<string, string>, watch: CancelWatch, maxOutputBytes: number | undefined): Promise<AgentResult> {
  const brake = new AbortController();
  const stopWatching = watch(brake);
  const echo = cfg.echoAgentOutput ? lineEcho((line) => deps.log.info(`  │ ${line}`), cfg.echoCap) : null;
  try {
    return await deps.agent.run({
      argv,
      cwd: deps.workspace.root,
      env,
      timeoutMs,
      graceMs: cfg.graceMs,
      logFile,
      signal: brake.signal,
      // A timeout brakes as softly as a cancel: the stop file, its grace, then the signals.
      stop: { file: stopFile, message: STOP_MESSAGE, timeoutMessage: TIMEOUT_STOP_MESSAGE, overflowMessage: OVERFLOW_STOP_MESSAGE, graceMs: cfg.stopGraceMs ?? 0 },
      ...(maxOutputBytes !== undefined ? { maxOutputBytes } : {}),
      ...(echo ? { onOutput: (chunk: string) => echo.push(chunk) } : {}),
    });
  } finally {
    stopWatching();
    echo?.end();
  }
}

/** What an attempt runs, for the top of its log group: the prompt shortened to its start. */
function attemptHeader(argv: string[], prompt: string | null, timeoutMs: number, n: number, of: number): string {
  const shown = [...argv, ...(prompt === null ? [] : [shortPrompt(prompt)])].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  return `Runs: ${shown} (timeout ${formatMs(timeoutMs)}, attempt ${n} of ${of})`;
}

function shortPrompt(prompt: string): string {
  const firstLine = prompt.split('\n', 1)[0] ?? '';
  return firstLine.length <= 60 && firstLine.length === prompt.length ? prompt : `${firstLine.slice(0, 60)}… (prompt, ${prompt.length} characters)`;
}

function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
