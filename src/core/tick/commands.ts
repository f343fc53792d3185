// Commands a person sends to a plan: issue comments in the Action, inbox files from the CLI.
import { commandLine } from './command-line.js';
import type { BudgetKind } from '../state/types.js';
import { nearestName } from '../errors.js';

/** A limit given with `/approve budget=…`: dollars, tokens, or (a bare number) the kind that was spent. */
export interface BudgetValue {
  kind?: BudgetKind;
  amount: number;
}

export type Command =
  /**
   * `planHash`: the full hash or a prefix of it (at least 12 hex digits) the approver named.
   * `previousCommentAt`: when the approver last commented on the issue before this approval, null
   * when never; absent when not known (the CLI), asked for a bare `/approve` only.
   */
  | { kind: 'approve'; by: string; delayMinutes?: number; planHash?: string; commentId?: number; at?: string; previousCommentAt?: string | null; note?: string; budgets?: BudgetValue[] }
  | { kind: 'cancel'; by: string; reason?: string }
  /**
   * `note`: words for the agent's next prompt (README, "Commands (issue comments)"). `text`: a comment's words after
   * /retry, of more than one word: a step of the plan first and then a note, or a note alone
   * (only the plan can tell, so the command's application decides).
   */
  | { kind: 'retry'; by: string; step?: string; note?: string; text?: string }
  | { kind: 'skip'; by: string; step?: string }
  | { kind: 'resume'; by: string; note?: string }
  | { kind: 'status'; by: string }
  /** Start the plan again from its first step, or from `step`. */
  | { kind: 'restart'; by: string; step?: string };

export type CommandKind = Command['kind'];

export const COMMAND_KINDS: readonly CommandKind[] = ['approve', 'cancel', 'retry', 'skip', 'resume', 'status', 'restart'];

/** A failure names the command as written (`/retry`), so a log names what was refused. */
export type ParsedCommand = { ok: true; command: Command } | { ok: false; error: string; name: string } | null;

/** The shortest hash prefix that names a plan: 48 bits, so crafting another plan that shares it is out of reach. */
export const MIN_HASH_PREFIX = 12;
const HASH_PREFIX = new RegExp(`^(?:sha256:)?([0-9a-f]{${MIN_HASH_PREFIX},64})$`, 'i');

/** The first 12 hex digits of a plan hash: what a reply asks the approver to write after `/approve`. */
export function hashPrefix(planHash: string): string {
  return planHash.replace(/^sha256:/, '').slice(0, MIN_HASH_PREFIX);
}

/**
 * Parses the comment's command line (see commandLine): `/approve [hash] [delay=N]`, `/approve budget=…`,
 * `/cancel [reason]`, `/retry [step]`, `/skip [step]`, `/resume`, `/status`, `/restart [step]`. Returns null when
 * the text holds no command at all.
 */
export function parseCommandText(text: string, by: string): ParsedCommand {
  const line = commandLine(text)?.trim();
  const match = line === undefined ? null : /^\/([a-z]+)\b\s*(.*)$/i.exec(line);
  if (!match) return null;
  const name = (match[1] ?? '').toLowerCase();
  const rest = (match[2] ?? '').trim();
  switch (name) {
    case 'approve':
      return parseApprove(rest, by);
    case 'cancel':
      return { ok: true, command: rest ? { kind: 'cancel', by, reason: rest } : { kind: 'cancel', by } };
    case 'retry':
      // One word that can be a step id is the step; anything longer may be a step and a note.
      if (!rest) return { ok: true, command: { kind: name, by } };
      if (STEP_WORD.test(rest)) return { ok: true, command: { kind: name, by, step: rest } };
      return { ok: true, command: /\s/.test(rest) ? { kind: name, by, text: rest } : { kind: name, by, note: rest } };
    case 'skip':
    case 'restart': {
      if (rest && !STEP_WORD.test(rest)) {
        return { ok: false, name: `/${name}`, error: `/${name} takes an optional step id (letters, digits, ".", "_", "-"), got "${rest}"` };
      }
      return { ok: true, command: rest ? { kind: name, by, step: rest } : { kind: name, by } };
    }
    case 'resume':
      return { ok: true, command: rest ? { kind: name, by, note: rest } : { kind: name, by } };
    case 'status':
      return { ok: true, command: { kind: name, by } };
    case 'draft':
      // Commands are read only on the issue of a plan; /draft is answered where a request has none yet.
      return { ok: false, name: '/draft', error: `/draft drafts a plan for a request that has none; this issue has its plan already (commands here: ${knownCommands()})` };
    default: {
      const near = nearestName(name, COMMAND_KINDS);
      return { ok: false, name: `/${name}`, error: `unknown command "/${name}"; ${near ? `did you mean /${near}? ` : ''}known: ${knownCommands()}` };
    }
  }
}

const knownCommands = () => COMMAND_KINDS.map((k) => `/${k}`).join(', ');

/** A word that can be a step id. */
const STEP_WORD = /^[A-Za-z0-9._-]{1,100}$/;
/** A word meant as a plan hash, even when too short to be one: never read as a note. */
const HASH_LIKE = /^sha256:|^[0-9a-f]{7,}$|^(?=[^\s]*\d)[0-9a-f]{4,}$/i;
/** `key=value`: a setting, never read as a note. */
const SETTING = /^[A-Za-z][\w-]*=/;

function parseApprove(rest: string, by: string): ParsedCommand {
  const command: Extract<Command, { kind: 'approve' }> = { kind: 'approve', by };
  const usage = `/approve takes an optional plan hash (the proposal's, or its first ${MIN_HASH_PREFIX} or more hex digits; "sha256:" optional), an optional "delay=N" (minutes between steps, 0-1440) and a note`;
  const words = rest.split(/\s+/).filter(Boolean);
  if (words.some((w) => /^budget=/i.test(w))) return parseBudgetRaise(words, command);
  const note: string[] = [];
  for (const word of words) {
    const delay = /^delay=(\d{1,4})$/.exec(word);
    const hash = HASH_PREFIX.exec(word);
    if (delay && command.delayMinutes === undefined) {
      const minutes = Number(delay[1]);
      if (minutes > 1440) return { ok: false, name: '/approve', error: `/approve delay must be 0-1440 minutes, got ${minutes}` };
      command.delayMinutes = minutes;
    } else if (hash && command.planHash === undefined) {
      command.planHash = `sha256:${hash[1]!.toLowerCase()}`;
    } else if (HASH_LIKE.test(word) || SETTING.test(word)) {
      // A hash too short to name a plan, or a setting we do not know, is a mistake, not a note:
      // read as words, it would turn a named approval into a bare one.
      return { ok: false, name: '/approve', error: `${usage}, got "${word}"` };
    } else {
      note.push(word);
    }
  }
  if (note.length) command.note = note.join(' ');
  return { ok: true, command };
}

/** Largest limit a raise may give: more than any plan spends, so a bigger one is a typo. */
export const MAX_RAISE = { costUsd: 1e6, tokens: 1e12 } as const;

/** `budget=$20`, `budget=20usd`, `budget=5000000tokens`, `budget=5M`, `budget=500k`, or a bare number (the kind that was spent). */
const BUDGET_WORD = /^budget=(\$)?(\d{1,13}(?:\.\d{1,6})?)(k|m)?(usd|tokens)?$/i;

/** `/approve budget=…` (once per kind): raises the budget that blocked the plan; it takes nothing else. */
function parseBudgetRaise(words: string[], command: Extract<Command, { kind: 'approve' }>): ParsedCommand {
  const usage =
    '/approve budget=… raises the spent budget that blocked the plan: budget=$20 (or 20usd) for dollars, budget=5000000tokens (or 5M, 500k) for tokens, a bare number for the kind that was spent; at most one of each, and nothing else in the command';
  const budgets: BudgetValue[] = [];
  for (const word of words) {
    const m = BUDGET_WORD.exec(word);
    if (!m) return { ok: false, name: '/approve', error: `${usage}, got "${word}"` };
    const [, dollar, digits, multiplier, unit] = m;
    const usd = dollar !== undefined || unit?.toLowerCase() === 'usd';
    const tokens = multiplier !== undefined || unit?.toLowerCase() === 'tokens';
    if (usd && tokens) return { ok: false, name: '/approve', error: `${usage}, got "${word}" (dollars or tokens, not both)` };
    const scale = multiplier?.toLowerCase() === 'k' ? 1e3 : multiplier?.toLowerCase() === 'm' ? 1e6 : 1;
    const amount = Number(digits) * scale;
    const kind = usd ? 'costUsd' : tokens ? 'tokens' : undefined;
    if (kind === 'tokens' && !Number.isInteger(amount)) return { ok: false, name: '/approve', error: `${usage}, got "${word}" (a whole number of tokens)` };
    if (!(amount > 0) || amount > MAX_RAISE[kind ?? 'tokens'])
      return { ok: false, name: '/approve', error: `${usage}, got "${word}" (more than 0, at most $${MAX_RAISE.costUsd} or ${MAX_RAISE.tokens} tokens)` };
    if (budgets.some((b) => b.kind === kind)) return { ok: false, name: '/approve', error: `${usage}, got "${word}" a second time` };
    budgets.push(kind ? { kind, amount } : { amount });
  }
  return { ok: true, command: { ...command, budgets } };
}

/**
 * Whether `given` (a full plan hash or a prefix of at least 12 hex digits, `sha256:` optional)
 * names the plan hash `actual`.
 */
export function namesPlanHash(given: string, actual: string | undefined): boolean {
  const prefix = HASH_PREFIX.exec(given.trim())?.[1]?.toLowerCase();
  return prefix !== undefined && actual !== undefined && actual.startsWith(`sha256:${prefix}`);
}
