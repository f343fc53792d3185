// Commands a person sends to a plan: issue comments in the Action, inbox files from the CLI.

export type Command =
  | { kind: 'approve'; by: string; delayMinutes?: number; planHash?: string; commentId?: number; at?: string }
  | { kind: 'cancel'; by: string; reason?: string }
  | { kind: 'retry'; by: string; step?: string }
  | { kind: 'skip'; by: string; step?: string }
  | { kind: 'resume'; by: string }
  | { kind: 'status'; by: string };

export type CommandKind = Command['kind'];

export const COMMAND_KINDS: readonly CommandKind[] = ['approve', 'cancel', 'retry', 'skip', 'resume', 'status'];

export type ParsedCommand = { ok: true; command: Command } | { ok: false; error: string } | null;

/**
 * Parses the first line of a comment: `/approve [delay=N]`, `/cancel [reason]`, `/retry [step]`,
 * `/skip [step]`, `/resume`, `/status`. Returns null when the text is not a command at all.
 */
export function parseCommandText(text: string, by: string): ParsedCommand {
  const firstLine = text.trimStart().split(/\r?\n/, 1)[0]?.trim() ?? '';
  const match = /^\/([a-z]+)\b\s*(.*)$/i.exec(firstLine);
  if (!match) return null;
  const name = (match[1] ?? '').toLowerCase();
  const rest = (match[2] ?? '').trim();
  switch (name) {
    case 'approve': {
      if (!rest) return { ok: true, command: { kind: 'approve', by } };
      const delay = /^delay=(\d{1,4})$/.exec(rest);
      if (!delay) return { ok: false, error: `/approve takes an optional "delay=N" (minutes between steps, 0-1440), got "${rest}"` };
      const minutes = Number(delay[1]);
      if (minutes > 1440) return { ok: false, error: `/approve delay must be 0-1440 minutes, got ${minutes}` };
      return { ok: true, command: { kind: 'approve', by, delayMinutes: minutes } };
    }
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
