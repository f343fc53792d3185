// `approve`, `cancel`, `retry`, `skip`, `resume`, `restart`: a person's commands. Each is posted to the
// plan's inbox (so a tick that is running right now sees a cancel within a second) and applied
// at once when no tick holds the plan.
import os from 'node:os';
import { FileInbox } from '../../adapters/fs/file-inbox.js';
import type { Command } from '../../core/tick/commands.js';
import { statusTable } from '../../core/render/render.js';
import { tick } from '../../engine/index.js';
import type { CliSettings } from '../options.js';
import { createEngine } from '../plan-settings.js';
import { missingPlanError } from '../plan-choice.js';
import { EXIT } from '../../core/errors.js';

export function commandFrom(s: CliSettings): Command {
  const by = os.userInfo().username;
  const step = s.positionals[0];
  const note = s.note !== undefined ? { note: s.note } : {};
  switch (s.command) {
    case 'approve': {
      // With a budget it raises the spent one (the kinds given), as `/approve budget=…` does.
      const b = s.spendBudget;
      if (b)
        return {
          kind: 'approve',
          by,
          budgets: [...(b.costUsd !== undefined ? [{ kind: 'costUsd' as const, amount: b.costUsd }] : []), ...(b.tokens !== undefined ? [{ kind: 'tokens' as const, amount: b.tokens }] : [])],
        };
      return { kind: 'approve', by, ...(s.delayMinutes !== undefined ? { delayMinutes: s.delayMinutes } : {}), ...note };
    }
    case 'cancel':
      return s.reason ? { kind: 'cancel', by, reason: s.reason } : { kind: 'cancel', by };
    case 'retry':
      return { kind: 'retry', by, ...(step ? { step } : {}), ...note };
    case 'skip':
    case 'restart':
      return step ? { kind: s.command, by, step } : { kind: s.command, by };
    default:
      return { kind: 'resume', by, ...note };
  }
}

export async function steerCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  // Assigned once the command is posted; the inbox callback built before that reads it.
  // eslint-disable-next-line prefer-const
  let posted: number | undefined;
  let refused = false;
  const { deps, cfg, paths } = await createEngine(s, s.command, {
    onReply: (item, _text, isRefusal) => {
      if (item.cursor === posted && isRefusal) refused = true;
    },
  });
  posted = (await FileInbox.post(paths.inboxDir, commandFrom(s))).cursor;
  const result = await tick(deps, { ...cfg, commandsOnly: true });
  if (result.outcome === 'missing') throw await missingPlanError(s);
  if (result.outcome === 'busy') {
    print(`A tick is running (${result.detail ?? 'busy'}); it will apply /${s.command} within a second or at its next step.`);
    return 0;
  }
  if (result.state) print(statusTable(result.state));
  // The log said why; the exit code tells a script that nothing changed.
  return refused ? EXIT.notDone : EXIT.ok;
}
