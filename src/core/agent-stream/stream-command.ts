// Which agent an agent command runs, and how to ask it for its machine-readable stream when the
// user has not chosen an output format. Checked against each CLI's own --help (Claude Code
// 2.1.332, Codex 0.171.0, Gemini CLI 0.61.0):
// - Claude Code: `--output-format stream-json` works only with -p (--print) and needs --verbose;
//   `--include-partial-messages` adds the API's own events (the output tokens as they grow);
//   `--output-format json` prints the same final `result` object on one line (no live events).
// - Codex: only `codex exec` (alias `e`) runs without a terminal; `--json` prints its events.
// - Gemini CLI: `-o/--output-format stream-json`; its `json` format is one pretty-printed object.
// The flags go right after the program (after `exec` for Codex), never at the end: the prompt is
// appended last, and some options take it as their value (Gemini's `-p`, Claude Code's
// variadic `--allowedTools`).
import { agentProgram, parseAgentCommand } from '../trust/agent-command.js';
import type { StreamAgent } from './types.js';

export interface StreamCommand {
  agent: StreamAgent;
  /** The command to run: with the stream flags added, or as given. */
  argv: string[];
  /** The words added (empty when the user chose an output format, or when none can be). */
  added: string[];
  /** Whether the output will be the JSON lines AgentStreamParser reads. */
  parse: boolean;
  /** Why nothing is read, when nothing is. */
  note?: string;
}

const CLAUDE_NAMES = new Set(['claude', 'claude-code']);
const CODEX_NAMES = new Set(['codex']);
const GEMINI_NAMES = new Set(['gemini', 'gemini-cli']);

/** Codex options before its subcommand that take a value as the next word. */
const CODEX_GLOBAL_VALUES = new Set([
  '-c',
  '--config',
  '--enable',
  '--disable',
  '-i',
  '--image',
  '-m',
  '--model',
  '--local-provider',
  '-p',
  '--profile',
  '-s',
  '--sandbox',
  '-a',
  '--ask-for-approval',
  '-C',
  '--cd',
  '--add-dir',
  '--remote',
  '--remote-auth-token-env',
]);

/** The value of `--name value` / `--name=value` (any of `names`), or undefined when absent. */
function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    for (const name of names) {
      if (a === name) return args[i + 1] ?? '';
      if (a.startsWith(`${name}=`)) return a.slice(name.length + 1);
    }
  }
  return undefined;
}

function insert(argv: readonly string[], at: number, words: string[]): string[] {
  return [...argv.slice(0, at), ...words, ...argv.slice(at)];
}

/**
 * What runs for an agent command (its argv without the prompt): the agent it is, the argv that
 * asks for its stream, and whether that stream will be read. Null for any other program.
 */
export function streamCommand(argv: readonly string[]): StreamCommand | null {
  const program = agentProgram(argv);
  if (!program) return null;
  const after = program.index + 1;
  const args = argv.slice(after);
  const given = [...argv];

  if (CLAUDE_NAMES.has(program.name)) {
    const format = optionValue(args, ['--output-format']);
    if (format !== undefined) {
      const parse = format === 'stream-json' || format === 'json';
      return { agent: 'claude', argv: given, added: [], parse, ...(parse ? {} : { note: `Claude Code's --output-format ${format} is not read` }) };
    }
    if (!args.includes('-p') && !args.includes('--print')) {
      return { agent: 'claude', argv: given, added: [], parse: false, note: 'Claude Code prints a stream only with -p (--print)' };
    }
    // Partial messages carry each message's output tokens as they grow: the running count a
    // token budget is followed by while the agent works (without them only input is counted live).
    const added = ['--output-format', 'stream-json', ...(args.includes('--verbose') ? [] : ['--verbose']), ...(args.includes('--include-partial-messages') ? [] : ['--include-partial-messages'])];
    return { agent: 'claude', argv: insert(argv, after, added), added, parse: true };
  }

  if (CODEX_NAMES.has(program.name)) {
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i] as string;
      if (!a.startsWith('-')) break;
      if (CODEX_GLOBAL_VALUES.has(a)) i++;
    }
    const sub = args[i];
    if (sub !== 'exec' && sub !== 'e') {
      return { agent: 'codex', argv: given, added: [], parse: false, note: 'Codex prints a stream only as `codex exec`' };
    }
    const execArgs = args.slice(i + 1);
    if (execArgs.includes('--json') || execArgs.includes('--experimental-json')) return { agent: 'codex', argv: given, added: [], parse: true };
    const added = ['--json'];
    return { agent: 'codex', argv: insert(argv, after + i + 1, added), added, parse: true };
  }

  if (GEMINI_NAMES.has(program.name)) {
    const format = optionValue(args, ['-o', '--output-format']);
    if (format !== undefined) {
      const parse = format === 'stream-json';
      return { agent: 'gemini', argv: given, added: [], parse, ...(parse ? {} : { note: `Gemini CLI's --output-format ${format} is not read` }) };
    }
    const added = ['--output-format', 'stream-json'];
    return { agent: 'gemini', argv: insert(argv, after, added), added, parse: true };
  }
  return null;
}

/** streamCommand of an agent command as written; null when it is no known agent or does not parse. */
function streamCommandOf(command: string): StreamCommand | null {
  try {
    return streamCommand(parseAgentCommand(command, 'agent'));
  } catch {
    return null;
  }
}

/** The stream flags added to an agent command as written (empty when none are, or it does not parse). */
export function addedStreamFlags(command: string): string[] {
  return streamCommandOf(command)?.added ?? [];
}

/** The agent whose stream the output of an agent command as written is read as; undefined when it is not read. */
export function streamAgentOf(command: string): StreamAgent | undefined {
  const stream = streamCommandOf(command);
  return stream?.parse ? stream.agent : undefined;
}

/** The flags added to each step's own agent command, by step, for steps that get any. */
export function planStreamFlags(steps: Readonly<Record<string, { agent?: unknown }>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, step] of Object.entries(steps)) {
    if (typeof step.agent !== 'string') continue;
    const added = addedStreamFlags(step.agent);
    if (added.length) Object.defineProperty(out, id, { value: added, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
