// Commands for local plans arrive as files in `<state path>.inbox/`, one command per file named
// `<cursor>-<kind>.json`. The cursor orders them and lets the state record what was applied, so
// it must be unique and only ever grow: posters allocate it one at a time under a lock, from a
// high-water mark that survives acknowledged (deleted) files and a clock that steps backwards.
import { readdirSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { COMMAND_KINDS, type BudgetValue, type Command, type CommandKind } from '../../core/tick/commands.js';
import { ConfigError, describeError, showValue } from '../../core/errors.js';
import type { Inbox, InboxItem, InboxRead } from '../../ports.js';
import { writeFileAtomic } from './atomic-write.js';
import { acquireLock } from './file-lock.js';

export interface FileInboxOptions {
  /** Warnings, e.g. a malformed command file that was set aside. */
  log?: (message: string) => void;
  /** Receives answers to commands; locally nobody reads them unless the CLI prints them. */
  onReply?: (item: InboxItem, text: string, refused: boolean) => void | Promise<void>;
}

export interface PostOptions {
  /** How long to wait for other posters to finish. Default 10 s. */
  timeoutMs?: number;
}

/** Where a state records the last file-inbox cursor it applied (`state.inbox.lastFileCursor`). */
export const FILE_INBOX_CURSOR_KEY = 'lastFileCursor';

const FILE_PATTERN = /^(\d{1,16})-([a-z]+)\.json$/;
const POST_LOCK = '.post.lock';
const HIGH_WATER = '.cursor';
const STEP_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function inboxDirFor(statePath: string): string {
  return `${statePath}.inbox`;
}

export class FileInbox implements Inbox {
  readonly cursorKey = FILE_INBOX_CURSOR_KEY;

  constructor(
    readonly dir: string,
    private readonly options: FileInboxOptions = {},
  ) {}

  /** Writes `command` as the newest inbox file and returns it with its cursor. */
  static async post(dir: string, command: Command, options: PostOptions = {}): Promise<InboxItem> {
    const checked = parseInboxCommand(command);
    if (typeof checked === 'string') throw new ConfigError(`Cannot post command ${showValue(command)}: ${checked}`);
    await mkdir(dir, { recursive: true });
    const lockPath = path.join(dir, POST_LOCK);
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const lock = await acquireLock(lockPath, { command: `post ${checked.kind}` });
      if (lock.ok) {
        try {
          const cursor = Math.max(await readHighWater(dir), await maxCursorIn(dir), Date.now() * 1000) + 1;
          // Record the cursor before the command: a crash in between leaves a gap, never a reuse.
          await writeFileAtomic(path.join(dir, HIGH_WATER), `${cursor}\n`);
          await writeFileAtomic(path.join(dir, `${cursor}-${checked.kind}.json`), `${JSON.stringify(checked, null, 2)}\n`);
          return { cursor, command: checked };
        } finally {
          await lock.release();
        }
      }
      if (Date.now() > deadline) {
        throw new ConfigError(`Cannot post to inbox ${dir}: ${lockPath} is held by ${lock.holder}`, `If that process is gone, delete ${lockPath} and post again.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }

  async read(memo: Readonly<Record<string, unknown>>): Promise<InboxRead> {
    return { items: await this.readAfter(Number(memo[this.cursorKey] ?? 0)) };
  }

  async readAfter(afterCursor: number): Promise<InboxItem[]> {
    const items: InboxItem[] = [];
    for (const { name, cursor, kind } of await listCommandFiles(this.dir)) {
      if (cursor <= afterCursor) continue;
      const file = path.join(this.dir, name);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        if (errorCode(err) === 'ENOENT') continue; // acknowledged meanwhile
        throw err;
      }
      let problem: string;
      try {
        const parsed = parseInboxCommand(JSON.parse(text));
        if (typeof parsed !== 'string' && parsed.kind === kind) {
          items.push({ cursor, command: parsed });
          continue;
        }
        problem = typeof parsed === 'string' ? parsed : `file name says "${kind}" but the command is "${parsed.kind}"`;
      } catch (err) {
        problem = `not valid JSON (${describeError(err)})`;
      }
      await this.setAside(file, problem);
    }
    return items.sort((a, b) => a.cursor - b.cursor);
  }

  async acknowledge(cursor: number): Promise<void> {
    for (const entry of await listCommandFiles(this.dir)) {
      if (entry.cursor > cursor) continue;
      await unlink(path.join(this.dir, entry.name)).catch((err: unknown) => {
        if (errorCode(err) !== 'ENOENT') throw err;
      });
    }
  }

  async reply(item: InboxItem, text: string, refused = false): Promise<void> {
    await this.options.onReply?.(item, text, refused);
  }

  // A bad file is kept for the person who wrote it, under a name read() no longer matches.
  private async setAside(file: string, problem: string): Promise<void> {
    const target = `${file}.bad`;
    try {
      await rename(file, target);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return;
      throw err;
    }
    this.options.log?.(`Skipped inbox file ${file}: ${problem}; renamed it to ${path.basename(target)}`);
  }
}

/** Checks an inbox command document; returns the command (known fields only) or what is wrong. */
export function parseInboxCommand(value: unknown): Command | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `expected a JSON object, got ${showValue(value)}`;
  const v = value as Record<string, unknown>;
  if (typeof v.kind !== 'string' || !(COMMAND_KINDS as readonly string[]).includes(v.kind)) {
    return `kind is ${showValue(v.kind)}; expected one of ${COMMAND_KINDS.join(', ')}`;
  }
  const kind = v.kind as CommandKind;
  if (typeof v.by !== 'string' || v.by.trim() === '') return `by is ${showValue(v.by)}; expected the name of who sent the command`;
  const by = v.by;
  const optionalString = (key: string): string | undefined | Error => {
    const field = v[key];
    if (field === undefined || field === null) return undefined;
    return typeof field === 'string' ? field : new Error(`${key} is ${showValue(field)}; expected a string`);
  };
  switch (kind) {
    case 'approve': {
      const command: Command = { kind, by };
      if (v.delayMinutes !== undefined && v.delayMinutes !== null) {
        const d = v.delayMinutes;
        if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 1440) {
          return `delayMinutes is ${showValue(d)}; expected an integer 0-1440`;
        }
        command.delayMinutes = d;
      }
      const planHash = optionalString('planHash');
      if (planHash instanceof Error) return planHash.message;
      if (planHash !== undefined) command.planHash = planHash;
      if (v.commentId !== undefined && v.commentId !== null) {
        if (typeof v.commentId !== 'number' || !Number.isSafeInteger(v.commentId)) return `commentId is ${showValue(v.commentId)}; expected an integer`;
        command.commentId = v.commentId;
      }
      if (v.budgets !== undefined && v.budgets !== null) {
        const budgets = budgetValues(v.budgets);
        if (typeof budgets === 'string') return budgets;
        command.budgets = budgets;
      }
      const note = optionalString('note');
      if (note instanceof Error) return note.message;
      if (note !== undefined) command.note = note;
      return command;
    }
    case 'cancel': {
      const reason = optionalString('reason');
      if (reason instanceof Error) return reason.message;
      return reason !== undefined ? { kind, by, reason } : { kind, by };
    }
    case 'retry':
    case 'skip':
    case 'restart': {
      const step = optionalString('step');
      if (step instanceof Error) return step.message;
      if (step !== undefined && !STEP_ID.test(step)) return `step is ${showValue(step)}; expected a step id (letters, digits, ".", "_", "-")`;
      const note = kind === 'retry' ? optionalString('note') : undefined;
      if (note instanceof Error) return note.message;
      return { kind, by, ...(step !== undefined ? { step } : {}), ...(note !== undefined ? { note } : {}) };
    }
    case 'resume': {
      const note = optionalString('note');
      if (note instanceof Error) return note.message;
      return note !== undefined ? { kind, by, note } : { kind, by };
    }
    case 'status':
      return { kind, by };
  }
}

/** `budgets` of an approve: a list of `{ kind?: "costUsd" | "tokens", amount: > 0 }`. */
function budgetValues(value: unknown): BudgetValue[] | string {
  const expected = 'expected a list of {"kind": "costUsd" or "tokens" (optional), "amount": a number > 0}';
  if (!Array.isArray(value) || value.length === 0 || value.length > 2) return `budgets is ${showValue(value)}; ${expected}`;
  const out: BudgetValue[] = [];
  for (const item of value) {
    const b = item as Record<string, unknown>;
    if (typeof item !== 'object' || item === null || typeof b.amount !== 'number' || !Number.isFinite(b.amount) || b.amount <= 0) return `budgets holds ${showValue(item)}; ${expected}`;
    if (b.kind !== undefined && b.kind !== 'costUsd' && b.kind !== 'tokens') return `budgets holds ${showValue(item)}; ${expected}`;
    out.push(b.kind !== undefined ? { kind: b.kind, amount: b.amount } : { amount: b.amount });
  }
  return out;
}

async function listCommandFiles(dir: string): Promise<{ name: string; cursor: number; kind: string }[]> {
  let names: string[];
  try {
    // Synchronous: read before every step and every second while an agent runs, and almost
    // always missing or empty, where a thread-pool round trip costs more than the call.
    names = readdirSync(dir);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return [];
    throw err;
  }
  const files: { name: string; cursor: number; kind: string }[] = [];
  for (const name of names) {
    const match = FILE_PATTERN.exec(name);
    if (!match) continue;
    const cursor = Number(match[1]);
    if (Number.isSafeInteger(cursor)) files.push({ name, cursor, kind: match[2] ?? '' });
  }
  return files;
}

/** Highest cursor named by any file, including ones set aside as bad. */
async function maxCursorIn(dir: string): Promise<number> {
  let max = 0;
  for (const name of await readdir(dir)) {
    const match = /^(\d{1,16})-/.exec(name);
    const cursor = Number(match?.[1] ?? 0);
    if (Number.isSafeInteger(cursor) && cursor > max) max = cursor;
  }
  return max;
}

async function readHighWater(dir: string): Promise<number> {
  try {
    const value = Number((await readFile(path.join(dir, HIGH_WATER), 'utf8')).trim());
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return 0;
    throw err;
  }
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}
