// `init` and `validate`: turning a plan file into durable state, or only checking it.
import { localUserName } from '../local-user.js';
import { ConfigError, ConflictError } from '../../core/errors.js';
import { newState } from '../../core/plan/new-state.js';
import { replan } from '../../core/plan/replan.js';
import { statusTable } from '../../core/render/render.js';
import { countOf } from '../../core/render/plural.js';
import type { CliSettings } from '../options.js';
import { cliSecrets, createStore } from '../plan-settings.js';
import { withStore } from '../../store-access.js';
import { readPlanFile } from './plan-file.js';
import { effectiveQueue } from '../../core/plan/plan-queue.js';

export async function validateCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const file = s.positionals[0] ?? s.planFile;
  if (!file) throw new ConfigError('validate: expected a plan file, e.g. `agent-step-sequencer validate plan.json`');
  const { plan } = await readPlanFile(file, undefined, s.positionals[0] !== undefined ? 'validate FILE' : '--plan');
  print(`${file}: valid plan with ${countOf(Object.keys(plan.steps).length, 'step')}.`);
  return 0;
}

export type InitOutcome = 'created' | 'unchanged' | 'changed';

/**
 * Creates the state from --plan. An existing state is left alone when its plan hash matches; a
 * changed plan pauses it (AWAITING_APPROVAL) with the differences by step, and approving again
 * keeps completed steps whose id and instruction are unchanged.
 */
export async function initState(s: CliSettings, opts: { approve: boolean }, print: (line: string) => void): Promise<InitOutcome> {
  if (!s.planFile) throw new ConfigError('--plan: required, e.g. `--plan plan.json`');
  const extracted = await readPlanFile(s.planFile, cliSecrets(s).scrub);
  const store = createStore(s, 'init');
  return withStore(
    store,
    'write',
    async () => {
      const now = new Date();
      const existing = await store.load();
      if (existing.kind === 'loaded') {
        const queue = effectiveQueue(extracted.plan, extracted.stepQueue);
        const { state, changes } = replan(existing.state, extracted.plan, queue, now);
        if (state.planHash === existing.state.planHash) return 'unchanged';
        const written = await store.write(state, { kind: 'update', message: 'plan changed; awaiting approval' });
        print(`The plan in ${s.planFile} differs from the approved one (${existing.state.planHash} → ${state.planHash}):`);
        for (const c of changes.filter((c) => c.change !== 'unchanged')) print(`  ${c.change.padEnd(8)} ${c.stepId}`);
        print(statusTable(written));
        print('Review the changes, then run `agent-step-sequencer approve` to continue (completed, unchanged steps are kept).');
        return 'changed';
      }
      const state = newState(extracted.plan, {
        planId: s.planId,
        now,
        ...(extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {}),
        stepDelayMinutes: s.delayMinutes ?? extracted.stepDelayMinutes ?? 0,
        ...(opts.approve ? { approved: { by: localUserName() } } : {}),
        requestedBy: localUserName(),
      });
      let written;
      try {
        written = await store.write(state, { kind: 'update', message: `plan created${opts.approve ? ' and approved' : ''}` });
      } catch (err) {
        // Another run created the same plan a moment earlier: its state stands, and we run it.
        if (err instanceof ConflictError) return 'unchanged';
        throw err;
      }
      print(statusTable(written));
      return 'created';
    },
    (holder) => {
      throw new ConfigError(`Cannot initialize: another tick holds ${store.description} (${holder}).`);
    },
  );
}

export async function initCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const outcome = await initState(s, { approve: s.approve }, print);
  if (outcome === 'unchanged') throw new ConfigError(`A plan already exists for "${s.planId}"; it was left untouched. Use \`status\`, or another --plan-id.`);
  if (!s.approve) print('Awaiting approval: run `agent-step-sequencer approve` (optionally --delay N) to start.');
  return 0;
}
