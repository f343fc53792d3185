// `usage`: tokens, cost, turns and runner time of a plan, per attempt, per step and in total, or
// as JSON (--json). Reads without taking the lock.
import { terminalLine, terminalJson } from '../../core/render/terminal-text.js';
import { usageReport, usageTable } from '../../core/render/usage-report.js';
import type { CliSettings } from '../options.js';
import { createStore } from '../plan-settings.js';
import { withStore } from '../../store-access.js';

export async function usageCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const store = createStore(s, 'usage');
  const loaded = await withStore(store, 'read', () => store.load());
  if (loaded.kind === 'missing') {
    print(s.json ? JSON.stringify({ status: 'MISSING', planId: s.planId }) : `No plan at ${store.description}.`);
    return 0;
  }
  if (s.json) print(terminalJson(usageReport(loaded.state), 2));
  else for (const line of usageTable(loaded.state).split('\n')) print(terminalLine(line));
  return 0;
}
