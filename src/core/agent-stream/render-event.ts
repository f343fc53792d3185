// An agent's stream shown in the attempt's log group as short lines a person can follow:
//   » I will write the notes file first.
//   Bash: npm test
//   ✗ Read: File does not exist.
//   ! API retry 1/10 (529 overloaded_error)
//   ✓ Done: 4 turns; 1,740 in, 135 out, 4,370 cache read, 1,510 cache write tokens; $0.0181
// Every word of it came from the agent (even a tool's name), so each line is made inert: one
// line, no control characters or terminal escapes, no bidirectional overrides, nothing the
// runner could read as a workflow command (`::` and `##[` are broken by an invisible joiner),
// and capped in length. Secrets are scrubbed by the log that prints the line.
import { terminalLine } from '../render/terminal-text.js';
import { totalTokens, type AgentUsage, type StreamEvent } from './types.js';

export interface RenderOptions {
  /** The workspace root: paths inside it are shown relative to it. */
  workspace?: string;
  /** Longest line in characters (default 240). */
  maxChars?: number;
}

export const DEFAULT_LINE_CHARS = 240;

const WORD_JOINER = '\u2060';
/** Line and paragraph separators and the bidirectional controls that reorder what a reader sees. */
const INVISIBLE_LAYOUT = /[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` on one inert line of at most `max` characters. */
export function inertLine(text: string, max = DEFAULT_LINE_CHARS): string {
  const one = terminalLine(text).replace(INVISIBLE_LAYOUT, ' ').replace(/\s+/g, ' ').trim();
  const capped = one.length > max ? `${cut(one, Math.max(1, max - 1))}…` : one;
  // The runner reads `::name …` at a line's start and `##[name]` anywhere: neither can form.
  return capped.replace(/:(?=:)/g, `:${WORD_JOINER}`).replace(/#(?=#\[)/g, `#${WORD_JOINER}`);
}

/** The first `n` characters, not splitting a surrogate pair. */
function cut(text: string, n: number): string {
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

function relative(text: string, workspace: string | undefined): string {
  const root = workspace?.replace(/\/+$/, '');
  if (!root) return text;
  const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `/w/src/x.ts` → `src/x.ts`, `/w` alone → `.`; `/w2/x` is another folder and stays.
  return text.replace(new RegExp(`${escaped}/`, 'g'), '').replace(new RegExp(`${escaped}(?![\\w.-])`, 'g'), '.');
}

/** One log line for an event, or null for an event not worth a line. */
export function renderEvent(event: StreamEvent, options: RenderOptions = {}): string | null {
  const max = options.maxChars ?? DEFAULT_LINE_CHARS;
  const rel = (text: string): string => relative(text, options.workspace);
  switch (event.kind) {
    case 'start': {
      const parts = [event.sessionId ? `session ${event.sessionId}` : '', event.model ? `model ${event.model}` : ''].filter(Boolean);
      return parts.length > 0 ? inertLine(`Agent started: ${parts.join(', ')}`, max) : null;
    }
    case 'text':
      return event.text.trim() ? inertLine(`» ${event.text}`, max) : null;
    case 'tool': {
      const subject = rel(event.subject);
      return inertLine(subject ? `${event.tool}: ${subject}` : event.tool, max);
    }
    case 'tool-error':
      return inertLine(`✗ ${event.tool ? `${event.tool}: ` : ''}${rel(event.message) || 'failed'}`, max);
    case 'notice':
      return inertLine(`! ${rel(event.message)}`, max);
    case 'result': {
      const figures = usageText(event.usage);
      if (event.ok) return inertLine(`✓ Done${figures ? `: ${figures}` : ''}`, max);
      return inertLine(`✗ Failed: ${rel(event.text ?? 'the agent reported an error')}${figures ? `; ${figures}` : ''}`, max);
    }
  }
}

/** `1234567` → `1,234,567` (the same on every machine, unlike toLocaleString). */
export function groupDigits(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `$0.0181` below a dollar, `$12.35` above. */
export function formatUsd(usd: number): string {
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}

/** The figures of a usage record in a few words: turns, tokens by kind, cost, API time. */
export function usageText(u: AgentUsage): string {
  const parts: string[] = [];
  if (u.turns !== undefined) parts.push(`${u.turns} ${u.turns === 1 ? 'turn' : 'turns'}`);
  if (totalTokens(u) > 0) {
    const kinds = [`${groupDigits(u.inputTokens)} in`, `${groupDigits(u.outputTokens)} out`];
    if (u.cacheReadTokens > 0) kinds.push(`${groupDigits(u.cacheReadTokens)} cache read`);
    if (u.cacheWriteTokens > 0) kinds.push(`${groupDigits(u.cacheWriteTokens)} cache write`);
    parts.push(`${kinds.join(', ')} tokens`);
  }
  if (u.costUsd !== undefined) parts.push(formatUsd(u.costUsd));
  if (u.apiMs !== undefined && u.apiMs > 0) parts.push(`API ${u.apiMs < 1000 ? `${Math.round(u.apiMs)} ms` : `${(u.apiMs / 1000).toFixed(1)} s`}`);
  return parts.join('; ');
}
