// Ctrl-C at the terminal (SIGINT), or the runner cancelling a job (SIGINT, then SIGTERM), while an
// agent runs. The agent leads its own process group, so the signal reaches only us: left alone we
// would end and the agent would run on, and spend, until a later tick reaped it. The first signal
// stops the live agents the way a timeout does, with short waits, and ends the process as the
// shell reports a signal (128 + its number) without recording the attempt: it stays in flight,
// and the next tick's recovery judges it as after a crash (an agent drafting a plan leaves no
// draft). A second signal kills the groups and ends at once.
import type { ProcessRole } from '../../ports.js';
import { liveAgents, type LiveAgent } from './live-agents.js';

/** Each wait of the stop (the stop file's grace, then SIGTERM's): the person asked to stop now. */
const INTERRUPT_GRACE_MS = 2000;
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

export type Interrupt = keyof typeof EXIT_CODES;
export const INTERRUPTS = Object.keys(EXIT_CODES) as Interrupt[];

/**
 * What each signal does, in order: the first stops the live agents (short waits) and then gives
 * the exit code; a later one, or one while no agent runs, kills the groups and gives it at once.
 */
export function interruptResponder(say: (line: string) => void): (signal: Interrupt) => Promise<number> {
  let stopping = false;
  return (signal) => {
    const agents = liveAgents();
    if (stopping || agents.length === 0) {
      for (const agent of agents) agent.kill();
      return Promise.resolve(EXIT_CODES[signal]);
    }
    stopping = true;
    say(interruptLine(agents));
    return Promise.allSettled(agents.map((a) => a.stop(INTERRUPT_GRACE_MS))).then(() => EXIT_CODES[signal]);
  };
}

const NOUNS: Record<ProcessRole, string> = { agent: 'agent', command: 'command', draft: 'drafting agent' };

/**
 * What the first signal stops, named by what each is (`the agent (pid 7) and the commands (pids
 * 8, 9)`), and that the next run picks up their attempts: a drafting agent has none, its draft is
 * simply not made.
 */
export function interruptLine(agents: readonly Pick<LiveAgent, 'pid' | 'role'>[]): string {
  const named = (Object.keys(NOUNS) as ProcessRole[]).flatMap((role) => {
    const pids = agents.filter((a) => a.role === role).map((a) => a.pid);
    const s = pids.length === 1 ? '' : 's';
    return pids.length ? [`the ${NOUNS[role]}${s} (pid${s} ${pids.join(', ')})`] : [];
  });
  const attempts = agents.filter((a) => a.role !== 'draft').length;
  return `Interrupted: stopping ${named.join(' and ')}${attempts ? `; the next run picks the attempt${attempts === 1 ? '' : 's'} up` : ''}.`;
}

/** `work`'s result, or the exit code of a signal that came first (once its agents are stopped). */
export function untilInterrupted<T>(work: Promise<T>, say: (line: string) => void): Promise<T | number> {
  const respond = interruptResponder(say);
  let end: (code: number) => void = () => {};
  const interrupted = new Promise<number>((resolve) => (end = resolve));
  const handlers = INTERRUPTS.map((signal) => [signal, () => void respond(signal).then(end)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return Promise.race([work, interrupted]).finally(() => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  });
}
