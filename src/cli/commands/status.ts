// `status`: the step table, who holds the plan, the last error and the next command; or the state
// as JSON. Reads without taking the lock.
import { LocalOwnerProbe } from '../../adapters/process/local-owner.js';
import { ConfigError } from '../../core/errors.js';
import { statusTable } from '../../core/render/render.js';
import { attemptInFlightOf, statusAdvice, type InFlight } from '../../core/render/status-advice.js';
import { terminalJson } from '../../core/render/terminal-text.js';
import type { CliSettings } from '../options.js';
import { missingPlanError } from '../plan-choice.js';
import { createStore } from '../plan-settings.js';
import { withStore } from '../../store-access.js';

export async function statusCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const store = createStore(s, 'status');
  const loaded = await withStore(store, 'read', () => store.load());
  if (loaded.kind === 'missing') {
    if (s.json) print(JSON.stringify({ status: 'MISSING', planId: s.planId }));
    throw s.planFrom === 'state' ? new ConfigError(`No plan at ${store.description}.`) : await missingPlanError(s);
  }
  if (s.json) {
    print(terminalJson(loaded.state, 2));
    return 0;
  }
  const running = attemptInFlightOf(loaded.state);
  const inFlight: InFlight | undefined = running && { ...running, liveness: running.owner ? await new LocalOwnerProbe().liveness(running.owner) : 'unknown' };
  const advice = cliAdvice(s);
  print([statusTable(loaded.state), ...statusAdvice(loaded.state, inFlight, advice.command, { agentKnown: advice.agentKnown })].join('\n'));
  return 0;
}

/** A command for the same plan, with the flags that chose it. */
/** What status advice needs to name a command of this CLI, and whether the agent must be given again. */
export function cliAdvice(s: CliSettings): { command: (verb: string) => string; agentKnown: boolean } {
  return { command: (verb) => cliCommand(s, verb), agentKnown: s.agentCommand !== undefined };
}

function cliCommand(s: CliSettings, verb: string): string {
  const which = s.planFrom === 'plan-id' ? ` --plan-id ${s.planId}` : s.planFrom === 'state' ? ` --state ${s.statePath}` : '';
  const store = s.store !== 'file' ? ` --store ${s.store}` : '';
  return `agent-step-sequencer ${verb}${which}${store}`;
}
