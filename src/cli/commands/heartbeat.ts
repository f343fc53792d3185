// `check` (one heartbeat, the original sequencer's check script) and `run` (heartbeats until
// the plan ends, sleeping through step delays).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConsoleLog } from '../../adapters/console-log.js';
import { tick, type TickResult } from '../../engine/index.js';
import type { CliSettings } from '../options.js';
import { workspaceGit } from '../../wiring/workspace-git.js';
import { branchOf, createEngine, fleetBranches } from '../plan-settings.js';
import { initState } from './setup.js';
import { recordPlanMarkers, tickedPlan } from '../../adapters/git/plan-markers.js';
import { countOf } from '../../core/render/plural.js';
import { EXIT } from '../../core/errors.js';
import { parseAgentCommand } from '../../core/trust/agent-command.js';
import { missingPlanError } from '../plan-choice.js';
import { currentStepId } from '../../core/state/step-view.js';
import { statusAdvice } from '../../core/render/status-advice.js';
import { cliAdvice } from './status.js';

export async function checkCommand(s: CliSettings): Promise<number> {
  // Over every plan: loaded only when asked for, like the other fleet commands.
  if (s.all) return (await import('./fleet.js')).checkAllCommand(s);
  // The original sequencer's contract: no state file, nothing to do and nothing written. Checked
  // before the engine opens the workspace (which may not exist yet) or the store creates the
  // lock's folder.
  if (s.store === 'file' && !(await exists(s.statePath))) {
    new ConsoleLog({ quiet: s.quiet }).info(s.planFrom === 'default' ? `No plan in ${path.dirname(path.dirname(s.statePath))}; nothing to do.` : `No state at file ${s.statePath}; nothing to do.`);
    return 0;
  }
  const { deps, cfg } = await createEngine(s, 'check');
  let result = await tick(deps, cfg);
  // --max-wait: the original runner slept through stepDelayMinutes itself; a delay shorter than
  // the heartbeat's interval is waited out here instead of left to the next heartbeat.
  const maxWaitMs = (s.maxWaitMinutes ?? 0) * 60_000;
  for (;;) {
    if (result.outcome !== 'waiting' || maxWaitMs <= 0) break;
    const until = Date.parse(result.detail ?? '');
    if (Number.isNaN(until)) break;
    const waitMs = Math.max(0, until - Date.now());
    if (waitMs > maxWaitMs) {
      deps.log.info(`The next step may start in ${formatSeconds(waitMs)}, later than --max-wait (${formatSeconds(maxWaitMs)}); the next heartbeat runs it.`);
      break;
    }
    deps.log.info(`Waiting ${formatSeconds(waitMs)} for the step delay, then running on (--max-wait).`);
    await sleep(waitMs + 50);
    result = await tick(deps, cfg);
  }
  // A plan named on the command line that is not there (the original `check STATE` excepted).
  if (result.outcome === 'missing' && s.planFrom === 'plan-id') throw await missingPlanError(s);
  report(result, (m) => deps.log.info(m), cliAdvice(s));
  if (s.store === 'git') await recordPlanMarkers(workspaceGit(s.workspace), s.remote, deps.log, [tickedPlan(branchOf(s), result)], fleetBranches(s).prefix);
  // A blocked plan waits for a person: a cron job or script sees it in the exit code.
  return result.state?.status === 'BLOCKED' ? EXIT.notDone : EXIT.ok;
}

export async function runCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  // A refused agent command is refused before the plan is created, not after.
  if (s.agentCommand !== undefined) parseAgentCommand(s.agentCommand, s.agentSource);
  if (s.planFile && (await initState(s, { approve: true }, s.quiet ? () => {} : print)) === 'changed') return 1;
  const { deps, cfg } = await createEngine(s, 'run');
  for (let first = true; ; first = false) {
    // The finished steps are listed once, not again after every wait.
    const result = await tick(deps, first ? cfg : { ...cfg, quietResume: true });
    switch (result.outcome) {
      case 'done':
        return 0;
      case 'missing':
        throw await missingPlanError(s);
      case 'blocked':
      case 'cancelled':
      case 'awaiting-approval':
      case 'budget':
      case 'idle':
      // The CLI runs attempts itself and never hands one on; were it to, looping would only repeat it.
      case 'handed-off':
        report(result, (m) => deps.log.info(m), cliAdvice(s));
        return 1;
      case 'waiting': {
        const until = Date.parse(result.detail ?? '');
        const ms = Number.isNaN(until) ? 1000 : Math.max(0, until - Date.now());
        await sleep(Math.min(ms + 50, 60_000));
        break;
      }
      case 'busy':
      case 'conflict':
        // Another tick owns the plan right now; look again shortly.
        await sleep(1000);
        break;
    }
  }
}

function formatSeconds(ms: number): string {
  return ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.ceil(ms / 1000)} s`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    // Anything else (permissions) is for the store to report with its own message.
    return true;
  }
}

/**
 * The heartbeat's last line. A plan that was blocked before it started (nothing written) gets why
 * and the command that moves it on, since no blocker report was printed this time.
 */
export function report(result: TickResult, info: (m: string) => void, advice?: { command: (verb: string) => string; agentKnown: boolean }): void {
  const s = result.state;
  if (!s) return;
  const plan = `Plan${s.planId ? ` ${s.planId}` : ''}`;
  if (advice && result.outcome === 'blocked' && result.writes === 0) {
    const stepId = currentStepId(s);
    const why = s.blockers?.at(-1);
    info(`${plan} is BLOCKED${stepId !== undefined ? ` at ${stepId}` : ''}${why ? ` (${why.startsWith(`${stepId}: `) ? why.slice(`${stepId}: `.length) : why})` : ''}; nothing ran.`);
    for (const line of statusAdvice(s, undefined, advice.command, { agentKnown: advice.agentKnown })) info(line);
    return;
  }
  // `blocked (plan is BLOCKED)` would say the status three times. The outcome stays even when it
  // repeats the status: scripts read this line as `Plan <id> <STATUS>: <outcome> …`.
  const detail = result.detail && result.detail !== `plan is ${s.status}` ? ` (${result.detail})` : '';
  info(`${plan} ${s.status}: ${result.outcome}${detail}; ${countOf(result.attempts, 'attempt')} this heartbeat.`);
}
