// `status`: the step table, or the state as JSON. Reads without taking the lock.
import { statusTable } from '../../core/render/render.js';
import { terminalJson } from '../../core/render/terminal-text.js';
import type { CliSettings } from '../options.js';
import { createStore } from '../plan-settings.js';

export async function statusCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const store = createStore(s, 'status');
  if (s.store === 'git') await store.acquire();
  const loaded = await store.load();
  if (loaded.kind === 'missing') {
    print(s.json ? JSON.stringify({ status: 'MISSING', planId: s.planId }) : `No plan at ${store.description}.`);
    return 0;
  }
  print(s.json ? terminalJson(loaded.state, 2) : statusTable(loaded.state));
  return 0;
}
