// What `status` says under the step table: who holds the plan right now, the last error of a
// blocked step, and the command that moves the plan on. Pure: the CLI finds out whether the
// attempt's runner is alive and how a command is written for this plan.
import type { Liveness } from '../../ports.js';
import { budgetRaiseAdvice } from '../tick/budget.js';
import { activeStepId } from '../tick/remediation.js';
import { currentStepId, lastAttempt, stepRun } from '../state/step-view.js';
import type { AttemptOwner, State } from '../state/types.js';

/** An attempt that started and has not ended, with what is known of its runner. */
export interface InFlight {
  stepId: string;
  n: number;
  owner: AttemptOwner | undefined;
  liveness: Liveness;
}

/** The attempt the state shows as running, if any (its runner may be gone). */
export function attemptInFlightOf(state: State): Omit<InFlight, 'liveness'> | undefined {
  const stepId = activeStepId(state) ?? currentStepId(state);
  if (stepId === undefined) return undefined;
  const run = stepRun(state, stepId);
  const attempt = lastAttempt(run);
  if (run.status !== 'IN_PROGRESS' || !attempt || attempt.endedAt) return undefined;
  return { stepId, n: attempt.n, owner: attempt.owner };
}

function ownerText(owner: AttemptOwner | undefined): string {
  if (!owner) return 'a runner that was not recorded';
  return owner.kind === 'local' ? `pid ${owner.pid} on ${owner.host}` : `workflow run ${owner.runId} (attempt ${owner.runAttempt})`;
}

/**
 * Whether a step still to run has neither an agent of its own nor a command: it runs the default
 * agent command (--agent or STEP_AGENT_CMD), which the state does not keep.
 */
export function needsDefaultAgent(state: State): boolean {
  return Object.entries(state.plan.steps).some(([id, def]) => {
    const status = stepRun(state, id).status;
    return status !== 'DONE' && status !== 'SKIPPED' && !def.agent && !def.run?.length;
  });
}

export interface AdviceOptions {
  /** The environment of the command that asks gives an agent command (--agent or STEP_AGENT_CMD). */
  agentKnown?: boolean;
}

/**
 * Lines for under the step table. `command(verb)` writes a CLI command for this plan, e.g.
 * `agent-step-sequencer retry --plan-id slow`.
 */
export function statusAdvice(state: State, inFlight: InFlight | undefined, command: (verb: string) => string, opts: AdviceOptions = {}): string[] {
  const lines: string[] = [];
  // `check` and `run` start agents: without the agent command the first run had, they stop at
  // the first step that has none of its own, so the advice names what must be given again.
  const agentMissing = !opts.agentKnown && needsDefaultAgent(state);
  const runs = (verb: string): string => (agentMissing ? `${command(verb)} --agent CMD` : command(verb));
  const agentNote = 'CMD: the agent command the plan runs with, as given to its first run (--agent, or STEP_AGENT_CMD in the environment); the state does not keep it.';
  if (inFlight) {
    const what = `${inFlight.stepId} attempt ${inFlight.n}`;
    if (inFlight.liveness === 'alive') lines.push(`Running: ${what}, held by a live runner (${ownerText(inFlight.owner)}).`);
    else if (inFlight.liveness === 'dead') {
      lines.push(
        `No runner holds this plan: ${what} was started by ${ownerText(inFlight.owner)}, which has ended (stopped with Ctrl-C, killed or crashed).`,
        `Next: \`${runs('check')}\` records the attempt as interrupted and goes on (or \`${runs('run')}\` to run to the end).`,
        ...(agentMissing ? [agentNote] : []),
      );
      return lines;
    } else lines.push(`Running: ${what}, held by ${ownerText(inFlight.owner)} (not checked from here: the runner is on another machine). Its lease ends it if it is gone.`);
  }
  const stepId = currentStepId(state);
  switch (state.status) {
    case 'BLOCKED': {
      const error = stepId !== undefined ? stepRun(state, stepId).error : undefined;
      if (state.budgetBlock) {
        // A new round of attempts would block again at once: the raise comes first.
        lines.push(`Next: ${budgetRaiseAdvice(state.budgetBlock, command('approve'))} Or \`${command('skip')}\` to go on without ${stepId ?? 'the step'}, or \`${command('cancel')}\`.`);
        break;
      }
      if (error) lines.push(`Last error: ${error}`);
      lines.push(`Next: fix the cause, then \`${command('retry')}\` (a new round of attempts), \`${command('skip')}\` to go on without ${stepId ?? 'the step'}, or \`${command('cancel')}\`.`);
      break;
    }
    case 'AWAITING_APPROVAL':
      lines.push(
        state.gate ? `Paused at the gate of ${state.gate.stepId}. Next: \`${command('approve')}\` to run it, or \`${command('skip')}\`.` : `Next: review the plan, then \`${command('approve')}\`.`,
      );
      break;
    case 'CANCELLED':
      lines.push(`Next: \`${command('resume')}\` to continue where it stopped.`);
      break;
    case 'IN_PROGRESS':
      if (!inFlight) lines.push(`Next: \`${runs('run')}\` to run it to the end, or \`${runs('check')}\` for one heartbeat.`, ...(agentMissing ? [agentNote] : []));
      break;
    case 'DONE':
      break;
  }
  return lines;
}
