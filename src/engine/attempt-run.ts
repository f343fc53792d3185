// The agent part of an attempt, after its checkpoint: the attempt's files are prepared, the
// agent runs under its timeout and the cancel watch, and what it left is judged (still under the
// watch: a /cancel ends the rules' checks). Nothing here writes the state: the verdict is a
// plain value that `finish` records.
import { claudeSettingsText } from '../core/guard/hook-protocols.js';
import { policyFileText } from '../core/guard/command-log.js';
import { effectivePolicy } from '../core/guard/tool-policy.js';
import { lineEcho, type LineEcho } from '../core/render/output-echo.js';
import { groupDigits } from '../core/agent-stream/render-event.js';
import { dashPromptPlace } from '../core/agent-stream/stream-command.js';
import type { AttemptResult } from '../core/tick/apply.js';
import { budgetName, tokenAllowance, type TokenAllowance } from '../core/tick/budget.js';
import { budgetStopMessage, OVERFLOW_STOP_MESSAGE, STOP_MESSAGE, TIMEOUT_STOP_MESSAGE, stoppedText } from '../core/tick/cooperative-stop.js';
import { withExecForwarder } from '../core/tick/prompts.js';
import { fillPeople } from '../core/tick/people.js';
import { expandAgentVariables } from '../core/trust/agent-command-variables.js';
import { attemptId, maxAttemptsFor, roundOf, stepDef, stepRun } from '../core/state/step-view.js';
import { attemptOfRound } from '../core/render/attempt-words.js';
import type { State } from '../core/state/types.js';
import type { AgentResult, AgentSpec } from '../ports.js';
import type { AttemptStart } from './attempt.js';
import { attemptSite, judge } from './attempt-judge.js';
import { AttemptStream } from './attempt-stream.js';
import { chooseUsage, logUsage, STDOUT_KEPT_BYTES } from './attempt-usage.js';
import type { CancelWatch } from './inbox-session.js';
import { attemptEnv, attemptPaths, forwarder, prepareAttempt, shownPath, type AttemptPaths } from './step-contract.js';
import type { Engine } from './types.js';
import { exactDuration } from '../core/errors.js';

/** Launches the checkpointed attempt `start` of `state` and judges it, in one log group. */
export async function runAgent(engine: Engine, state: State, start: AttemptStart, watch: CancelWatch): Promise<AttemptResult> {
  const { deps, cfg } = engine;
  const began = deps.clock.now().getTime();
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
  // A prompt that starts with `-` (no preamble, an instruction or a payload starting so) is kept
  // the prompt: the agents would read it as options.
  const place = command ? null : dashPromptPlace(start.argv, prompt);
  /** The command's words as they run before the prompt, and the prompt's own word, as `words` then `last`. */
  const placed = (words: readonly string[], last: string): string[] =>
    place ? [...words.slice(0, words.length - place.drop), ...place.before, place.option ? `${place.option}=${last}` : last] : [...words];
  const position = `(${state.currentStep + 1}/${state.stepQueue.length})`;
  const role = start.detourFor ? ` (remediation for ${start.detourFor})` : '';
  const run = stepRun(state, start.stepId);
  const which = attemptOfRound(start.n, run.tries, maxAttemptsFor(def, cfg.limits), roundOf(run));
  // The group holds the whole attempt: what runs, the agent's output as it arrives, the verdict.
  return deps.log.group(`${position} ${start.stepId} ${def.title}: attempt ${start.n}${start.retry ? ' (retry)' : ''}${role}`, async () => {
    deps.log.info(attemptHeader(place ? placed(start.argv, shortPrompt(prompt)) : start.argv, start.timeoutMs, which));
    const brake = new AbortController();
    const allowance = tokenAllowance(state, start.stepId, cfg.limits);
    if (allowance)
      deps.log.info(
        `Token budget: ${groupDigits(allowance.left)} tokens left (${budgetName({ ...allowance, kind: 'tokens' })}, ${groupDigits(allowance.limit)}); ${start.stream === 'claude' ? 'followed as the agent streams' : start.stream ? 'this agent reports its tokens only at the end' : 'checked before each attempt'}.`,
      );
    const echo = cfg.echoAgentOutput ? lineEcho((line) => deps.log.info(`  │ ${line}`), cfg.echoCap) : null;
    const stream = start.stream
      ? new AttemptStream({
          agent: start.stream,
          workspace: deps.workspace.root,
          logFile: shownPath(cfg.logDir, paths.logFile),
          ...(echo ? { show: (line: string) => echo.push(`${line}\n`) } : {}),
          ...(cfg.secrets ? { secrets: cfg.secrets } : {}),
          ...(allowance ? { allowance } : {}),
          onOverBudget: (used) => {
            if (brake.signal.aborted) return;
            deps.log.warn(
              `${start.stepId} attempt ${start.n}: ${groupDigits(used)} tokens used, past the ${groupDigits(allowance?.left ?? 0)} left of ${budgetName({ ...(allowance as TokenAllowance), kind: 'tokens' })}: asking the agent to stop.`,
            );
            brake.abort(budgetStopMessage(allowance?.scope ?? 'step'));
          },
        })
      : null;
    let result: AgentResult;
    try {
      const argv = place ? placed([start.program, ...agentArgs], prompt) : [start.program, ...agentArgs];
      result = await launch(engine, { argv, role: command ? 'command' : 'agent' }, start.timeoutMs, paths, env, watch, brake, { stream, echo }, def.maxOutputBytes);
    } finally {
      echo?.end();
    }
    const streamed = stream?.end();
    // The rules' checks may take minutes (a schema's time limit, a check command's timeout): a
    // /cancel is heard meanwhile too, and ends them. One the agent was stopped for needs no checks.
    const checks = new AbortController();
    const stopWatching = result.cancelled || !def.validate?.length ? () => {} : watch(checks, 'checks');
    let verdict: AttemptResult;
    try {
      verdict = await judge(engine, state, start, stream ? { ...result, stdout: stream.transcript() } : result, checks.signal);
    } finally {
      stopWatching();
    }
    if (stream?.overBudget && result.cancelled && allowance) verdict = overBudget(verdict, allowance, stream.tokens, result.stoppedBy);
    const usage = await chooseUsage(engine, paths, streamed);
    if (usage) {
      verdict.usage = usage;
      logUsage(engine, start.stepId, start.n, usage);
    }
    verdict.wallMs = Math.max(0, deps.clock.now().getTime() - began);
    if (verdict.outcome === 'succeeded') deps.log.info(`${position} ${start.stepId} done (${which}, ${formatMs(result.durationMs)}).`);
    else deps.log.error(`${position} ${start.stepId} attempt ${start.n} ${verdict.outcome}: ${verdict.error}`);
    return verdict;
  });
}

/** An attempt the budget stopped: its own outcome, and an error that says which budget and how far past it. */
function overBudget(verdict: AttemptResult, allowance: TokenAllowance, used: number, stoppedBy: AgentResult['stoppedBy']): AttemptResult {
  const { stoppedBy: _cancel, ...rest } = verdict;
  return {
    ...rest,
    outcome: 'over_budget',
    error: `stopped: its tokens passed ${budgetName({ ...allowance, kind: 'tokens' })} (${groupDigits(used)} used, ${groupDigits(allowance.left)} were left of ${groupDigits(allowance.limit)}); ${stoppedText(stoppedBy)}`,
    ...(stoppedBy ? { stoppedBy } : {}),
  };
}

interface OutputView {
  stream: AttemptStream | null;
  echo: LineEcho | null;
}

/** Runs the agent until it exits, times out, passes its output limit, or is stopped by a cancel or its budget. */
async function launch(
  { deps, cfg }: Engine,
  { argv, role }: Pick<AgentSpec, 'argv' | 'role'>,
  timeoutMs: number,
  { logFile, stdoutFile, stopFile }: AttemptPaths,
  env: Record<string, string>,
  watch: CancelWatch,
  brake: AbortController,
  view: OutputView,
  maxOutputBytes: number | undefined,
): Promise<AgentResult> {
  const stopWatching = watch(brake);
  const { stream, echo } = view;
  // A stream is read from stdout alone (a stderr chunk between two of its chunks would cut a JSON
  // line) and shown as its events; stderr is shown as it is. Any other agent is shown as it is.
  // Its stdout is kept on its own too, for a later tick to read the usage back should this one die.
  const output = stream
    ? {
        onStdout: (chunk: string) => stream.push(chunk),
        ...(echo ? { onStderr: (chunk: string) => echo.push(chunk) } : {}),
        stdoutFile: { file: stdoutFile, maxBytes: STDOUT_KEPT_BYTES },
      }
    : echo
      ? { onOutput: (chunk: string) => echo.push(chunk) }
      : {};
  try {
    return await deps.agent.run({
      argv,
      role,
      cwd: deps.workspace.root,
      env,
      timeoutMs,
      graceMs: cfg.graceMs,
      logFile,
      signal: brake.signal,
      // A timeout and an output limit brake as softly as a cancel: the stop file, its grace, then the signals.
      stop: { file: stopFile, message: STOP_MESSAGE, timeoutMessage: TIMEOUT_STOP_MESSAGE, overflowMessage: OVERFLOW_STOP_MESSAGE, graceMs: cfg.stopGraceMs ?? 0 },
      ...(maxOutputBytes !== undefined ? { maxOutputBytes } : {}),
      ...output,
    });
  } finally {
    stopWatching();
  }
}

/** What an attempt runs, for the top of its log group (the prompt's word shortened to its start). */
function attemptHeader(argv: readonly string[], timeoutMs: number, which: string): string {
  const shown = argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  return `Runs: ${shown} (timeout ${exactDuration(timeoutMs, 'min')}; ${which})`;
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
