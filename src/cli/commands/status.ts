// `status`: the step table, or the state as JSON. Reads without taking the lock.
import { statusTable } from '../../core/render/render.js';
import { terminalJson } from '../../core/render/terminal-text.js';
import type { CliSettings } from '../options.js';
import { createStore } from '../plan-settings.js';
import { withStore } from '../../store-access.js';

export async function statusCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const store = createStore(s, 'status');
  const loaded = await withStore(store, 'read', () => store.load());
  if (loaded.kind === 'missing') {
    print(s.json ? JSON.stringify({ status: 'MISSING', planId: s.planId }) : `No plan at ${store.description}.`);
    return 0;
  }
  print(s.json ? terminalJson(loaded.state, 2) : statusTable(loaded.state));
  return 0;
}
