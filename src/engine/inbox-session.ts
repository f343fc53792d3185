// The tick's side of the inbox: commands are applied in order, once each (their cursors move in
// the same write as what they did), people are answered, and while an agent runs the inbox is
// polled for a /cancel.
import { applyCommand } from '../core/tick/apply-command.js';
import { describeError } from '../core/errors.js';
import type { Notice } from '../core/tick/notices.js';
import type { Command } from '../core/tick/commands.js';
import type { State } from '../core/state/types.js';
import { refusalAnswers, type RefusalBudget } from '../core/trust/authorize.js';
import type { Inbox, Log } from '../ports.js';
import type { ApprovalGate } from './approval-gate.js';
import type { Ledger } from './commit.js';
import type { EngineDeps } from './types.js';

export class InboxSession {
  /** What answering people without permission has cost this tick. */
  private refusals: RefusalBudget = { answered: new Set(), reactions: 0 };

  constructor(
    private readonly deps: Pick<EngineDeps, 'inbox' | 'log' | 'clock'>,
    private readonly ledger: Ledger,
    private readonly gate: ApprovalGate,
  ) {}

  /** Reads the inbox and applies what it holds; a batch that holds any command is one write. */
  async apply(): Promise<void> {
    const { inbox, log } = this.deps;
    if (!inbox) return;
    const { items, memo } = await inbox.read(this.ledger.state.inbox ?? {});
    if (memo) this.ledger.remember(memo);
    if (!items.length) return;
    let state = this.ledger.state;
    let changed = false;
    const notices: Notice[] = [];
    const replies: Array<[(typeof items)[number], string, boolean]> = [];
    for (const item of items) {
      if (item.refusal) {
        replies.push([item, item.refusal, true]);
        log.warn(`Command ${item.label ?? `/${item.command.kind}`} from ${item.command.by} refused: ${item.refusal}`);
        continue;
      }
      const outcome = await this.gate.confirm(state, applyCommand(state, item.command, this.deps.clock.now()));
      state = outcome.changed ? withRecentCommand(outcome.state, item.command, outcome.reply, this.deps.clock.now()) : outcome.state;
      changed ||= outcome.changed;
      notices.push(...outcome.notices);
      replies.push([item, outcome.reply, outcome.refused === true]);
      log.info(`Command /${item.command.kind} from ${item.command.by}: ${outcome.reply}`);
    }
    if (changed) {
      // What the commands did (a /resume, an /approve) is checked in the same write.
      const checked = this.gate.transition(state);
      if (checked) {
        state = checked.state;
        notices.push(...checked.notices);
      }
    }
    // Each source keeps its own cursor (comment ids, dispatch run ids): a run hears them all.
    const cursors: Record<string, number> = {};
    for (const item of items) {
      const key = item.cursorKey ?? inbox.cursorKey;
      cursors[key] = Math.max(cursors[key] ?? 0, item.cursor);
    }
    // The cursor is durable before anyone is answered, also when the commands changed nothing (a
    // refusal, a /status, anything on a finished plan): a later run then neither answers nor logs
    // them again, and a refused person's earlier command does not use up their reply of that run.
    // Such a write only keeps the inbox's place; it is no progress of the plan.
    for (const [key, last] of Object.entries(cursors)) {
      // The inbox's own memo may already be further along (it read past non-command comments).
      const seen = Number(this.ledger.remembered?.[key] ?? 0);
      this.ledger.remember({ [key]: Math.max(seen, last) });
    }
    // The subject names what this run read, as written, and says which of it was refused.
    const names = replies.map(([item, , refused]) => `${item.label ?? `/${item.command.kind}`}${refused ? ' (refused)' : ''}`);
    await this.ledger.commit({ state, notices }, { kind: 'update', message: `commands: ${names.join(', ')}` }, changed);
    for (const [key, last] of Object.entries(cursors)) await inbox.acknowledge(last, key);
    const { answers, budget } = refusalAnswers(items, this.refusals);
    this.refusals = budget;
    for (const [i, [item, text, refused]] of replies.entries()) {
      // A quiet thread: a command that did what it asked gets a reaction, and the status comment
      // says what it did; replies are for refusals and for questions (/status).
      const quiet = !refused && !item.refusal && item.command.kind !== 'status' && inbox.react !== undefined;
      const answer = quiet ? inbox.react!(item) : answers[i] === 'reply' || !inbox.react ? inbox.reply?.(item, text, refused) : answers[i] === 'react' ? inbox.react(item) : undefined;
      await answer?.catch((err: unknown) => log.warn(`Could not reply: ${describeError(err)}`));
    }
  }
}

/** The last few commands that changed the plan, newest last, for the status comment to show. */
export const RECENT_COMMANDS = 5;

function withRecentCommand(state: State, command: Command, outcome: string, now: Date): State {
  const entry = { at: now.toISOString(), by: command.by, command: `/${command.kind}`, outcome };
  return { ...state, recentCommands: [...(state.recentCommands ?? []), entry].slice(-RECENT_COMMANDS) };
}

/** Where the inbox stands now, written or not: a cancel poll reads only what came after it. */
export function inboxCursor(ledger: Ledger): Readonly<Record<string, unknown>> {
  return { ...ledger.state.inbox, ...ledger.remembered };
}

/**
 * Starts watching for a cancel while an agent runs, or while the rules of its attempt are checked
 * (`checks`); returns the function that stops watching.
 */
export type CancelWatch = (brake: AbortController, during?: 'agent' | 'checks') => () => void;

export interface CancelPoll {
  inbox: Inbox | undefined;
  /** Where to read from (the cursors as the tick left them). */
  cursor: Readonly<Record<string, unknown>>;
  /** How often to read; absent or 0: never. */
  pollMs: number | undefined;
  /** How long the agent may take to exit on its own, for the message. */
  stopGraceMs: number;
  log: Log;
}

/**
 * Soft brake: while the agent runs, a /cancel in the inbox aborts it (stop file, stop grace,
 * SIGTERM, grace, SIGKILL); while its rules are checked, it ends the checks (a check's thread or
 * command is stopped at once), which can take as long as an agent's turn.
 */
export function pollForCancel({ inbox, cursor, pollMs, stopGraceMs, log }: CancelPoll): CancelWatch {
  return (brake, during = 'agent') => {
    if (!inbox || !pollMs) return () => {};
    const memo = { ...cursor };
    let busy = false;
    const timer = setInterval(() => {
      if (busy || brake.signal.aborted) return;
      busy = true;
      inbox
        .read(memo)
        .then(({ items }) => {
          // A refused /cancel (no write access) must not stop anything. Said once: the agent is
          // being stopped, and later polls would only find the same cancel again.
          if (!brake.signal.aborted && items.some((i) => i.command.kind === 'cancel' && !i.refusal)) {
            clearInterval(timer);
            log.warn(
              during === 'agent'
                ? `Cancel requested: asking the agent to stop (${Math.round(stopGraceMs / 1000)} s to exit on its own).`
                : "Cancel requested: stopping the checks of the attempt's validation rules.",
            );
            brake.abort();
          }
        })
        .catch((err: unknown) => log.debug(`Inbox poll failed: ${describeError(err)}`))
        .finally(() => {
          busy = false;
        });
    }, pollMs);
    timer.unref();
    return () => clearInterval(timer);
  };
}
