// `init` and `validate`: turning a plan file into durable state, or only checking it.
import os from 'node:os';
import { ConfigError } from '../../core/errors.js';
import { newState } from '../../core/new-state.js';
import { statusTable } from '../../core/render.js';
import type { CliSettings } from '../options.js';
import { createStore } from '../wiring.js';
import { readPlanFile } from './plan-file.js';

export async function validateCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const file = s.positionals[0] ?? s.planFile;
  if (!file) throw new ConfigError('validate: expected a plan file, e.g. `agent-step-sequencer validate plan.json`');
  const { plan } = await readPlanFile(file);
  print(`${file}: valid plan with ${Object.keys(plan.steps).length} steps.`);
  return 0;
}

/** Creates the state from --plan. Returns false when a state already exists (left untouched). */
export async function initState(s: CliSettings, opts: { approve: boolean }, print: (line: string) => void): Promise<boolean> {
  if (!s.planFile) throw new ConfigError('--plan: required, e.g. `--plan plan.json`');
  const extracted = await readPlanFile(s.planFile);
  const store = createStore(s, 'init');
  const acquired = await store.acquire();
  if (!acquired.ok) throw new ConfigError(`Cannot initialize: another tick holds ${store.description} (${acquired.holder}).`);
  try {
    const existing = await store.load();
    if (existing.kind === 'loaded') return false;
    const state = newState(extracted.plan, {
      planId: s.planId,
      now: new Date(),
      ...(extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {}),
      stepDelayMinutes: s.delayMinutes ?? extracted.stepDelayMinutes ?? 0,
      ...(opts.approve ? { approved: { by: os.userInfo().username } } : {}),
    });
    const written = await store.write(state, { kind: 'update', message: `plan created${opts.approve ? ' and approved' : ''}` });
    print(statusTable(written));
    return true;
  } finally {
    await store.release();
  }
}

export async function initCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const created = await initState(s, { approve: s.approve }, print);
  if (!created) throw new ConfigError(`A plan already exists for "${s.planId}"; it was left untouched. Use \`status\`, or another --plan-id.`);
  if (!s.approve) print('Awaiting approval: run `agent-step-sequencer approve` (optionally --delay N) to start.');
  return 0;
}
