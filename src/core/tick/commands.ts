// Commands a person sends to a plan: issue comments in the Action, inbox files from the CLI.

export type Command =
  /** `planHash`: the full hash or a prefix of it (at least 8 hex digits) the approver named. */
  | { kind: 'approve'; by: string; delayMinutes?: number; planHash?: string; commentId?: number; at?: string }
  | { kind: 'cancel'; by: string; reason?: string }
  | { kind: 'retry'; by: string; step?: string }
  | { kind: 'skip'; by: string; step?: string }
  | { kind: 'resume'; by: string }
  | { kind: 'status'; by: string };

export type CommandKind = Command['kind'];

export const COMMAND_KINDS: readonly CommandKind[] = ['approve', 'cancel', 'retry', 'skip', 'resume', 'status'];

export type ParsedCommand = { ok: true; command: Command } | { ok: false; error: string } | null;

/** A command word at column 0: `/approve`, `/cancel reason`; not a path such as `/usr/bin`. */
const COMMAND_LINE = /^\/[A-Za-z]+(?:[ \t]|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const QUOTE = /^ {0,3}>/;

/**
 * The comment's command: its first line that starts with "/" and a word at column 0 and that
 * GitHub shows as plain text. Lines in fenced code, in an HTML comment (hidden) or in a block
 * quote (including the lines a quote takes in without a blank line) are not commands, so quoting
 * or pasting someone's "/approve" never approves; indented code never starts at column 0.
 * Null when the comment holds no command.
 */
export function commandLine(text: string): string | null {
  let fence: { char: string; length: number } | null = null;
  let inHtmlComment = false;
  let inQuote = false;
  for (const line of text.split(/\r\n|\n|\r/)) {
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length && close[2]!.trim() === '') fence = null;
      continue;
    }
    if (inHtmlComment) {
      inHtmlComment = htmlCommentOpenAfter(line, true);
      continue;
    }
    if (line.trim() === '') {
      inQuote = false;
      continue;
    }
    const open = FENCE.exec(line);
    // A backtick fence's info string cannot hold a backtick (CommonMark); then it is inline code.
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = { char: open[1]![0]!, length: open[1]!.length };
      continue;
    }
    if (QUOTE.test(line)) {
      inQuote = true;
      continue;
    }
    if (!inQuote && COMMAND_LINE.test(line)) return line;
    inHtmlComment = htmlCommentOpenAfter(line, false);
  }
  return null;
}

/** Whether an HTML comment (`<!-- … -->`, hidden by GitHub) is open at the end of `line`. */
function htmlCommentOpenAfter(line: string, openAtStart: boolean): boolean {
  let open = openAtStart;
  let at = 0;
  for (;;) {
    const next = line.indexOf(open ? '-->' : '<!--', at);
    if (next < 0) return open;
    at = next + (open ? 3 : 4);
    open = !open;
  }
}

const HASH_PREFIX = /^(?:sha256:)?([0-9a-f]{8,64})$/i;

/**
 * Parses the comment's command line (see commandLine): `/approve [hash] [delay=N]`,
 * `/cancel [reason]`, `/retry [step]`, `/skip [step]`, `/resume`, `/status`. Returns null when
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
    case 'skip': {
      if (rest && !/^[A-Za-z0-9._-]{1,100}$/.test(rest)) {
        return { ok: false, error: `/${name} takes an optional step id (letters, digits, ".", "_", "-"), got "${rest}"` };
      }
      return { ok: true, command: rest ? { kind: name, by, step: rest } : { kind: name, by } };
    }
    case 'resume':
    case 'status':
      return { ok: true, command: { kind: name, by } };
    default:
      return { ok: false, error: `unknown command "/${name}"; known: ${COMMAND_KINDS.map((k) => `/${k}`).join(', ')}` };
  }
}

function parseApprove(rest: string, by: string): ParsedCommand {
  const command: Extract<Command, { kind: 'approve' }> = { kind: 'approve', by };
  const usage = '/approve takes an optional plan hash (the proposal\'s, or its first 8 or more hex digits; "sha256:" optional) and an optional "delay=N" (minutes between steps, 0-1440)';
  for (const word of rest.split(/\s+/).filter(Boolean)) {
    const delay = /^delay=(\d{1,4})$/.exec(word);
    const hash = HASH_PREFIX.exec(word);
    if (delay && command.delayMinutes === undefined) {
      const minutes = Number(delay[1]);
      if (minutes > 1440) return { ok: false, error: `/approve delay must be 0-1440 minutes, got ${minutes}` };
      command.delayMinutes = minutes;
    } else if (hash && command.planHash === undefined) {
      command.planHash = `sha256:${hash[1]!.toLowerCase()}`;
    } else {
      return { ok: false, error: `${usage}, got "${word}"` };
    }
  }
  return { ok: true, command };
}

/**
 * Whether `given` (a full plan hash or a prefix of at least 8 hex digits, `sha256:` optional)
 * names the plan hash `actual`.
 */
export function namesPlanHash(given: string, actual: string | undefined): boolean {
  const prefix = HASH_PREFIX.exec(given.trim())?.[1]?.toLowerCase();
  return prefix !== undefined && actual !== undefined && actual.startsWith(`sha256:${prefix}`);
}
